import { useNavigate } from 'react-router';
import { useCustom, useShow, type HttpError } from '@refinedev/core';
import { Alert, Col, Descriptions, Empty, Flex, Image, List, Row, Space, Spin, Typography } from 'antd';
import {
  KYC_FILES,
  KYC_GENDERS,
  KYC_STATUS,
  formatDate,
  formatLongDateTime,
  type KycFile,
  type KycSubmission,
} from '@jara/contracts';
import { CopyableNo, RecordSummary, RecordShow, SectionCard } from '../../components/record-show';
import { RowDeleteButton } from '../../schema/row-buttons';
import { KYC, KYC_DELETE, KycDecision, KycStatusTag, useKycDocument } from './shared';
import { KYC_TEXT as TEXT } from './text';
import { SubWhen } from '../../components/cell-text';

/** GET /kyc/{id}/views: who opened which document, newest first. */
interface DocumentView {
  viewer: { id: number; name: string | null };
  file: KycFile;
  at: string;
}

/** One document, fetched with the token and shown from an object URL; antd's preview zooms into it. */
function KycDocument({ kyc, file, onLoaded }: { kyc: KycSubmission; file: KycFile; onLoaded: () => void }) {
  const state = useKycDocument(kyc.id, file, onLoaded);
  const alt = TEXT.fileAlt(file, kyc.name);
  return (
    <figure style={{ margin: 0 }} data-testid={`kyc-${file}`}>
      <figcaption>
        <Typography.Text strong>{TEXT.fileLabel[file]}</Typography.Text>
      </figcaption>
      <div
        style={{
          marginTop: 8,
          minHeight: 160,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#f5f5f5',
          borderRadius: 8,
          overflow: 'hidden',
        }}
      >
        {state.status === 'ready' ? (
          <Image src={state.url} alt={alt} style={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain' }} />
        ) : state.status === 'error' ? (
          <Alert type="error" showIcon message={TEXT.fileFailed} description={state.message} style={{ margin: 12 }} />
        ) : (
          <Spin tip={TEXT.fileLoading}>
            <div style={{ width: 160, height: 120 }} />
          </Spin>
        )}
      </div>
    </figure>
  );
}

/** The user_image slot when the customer sent none (it is optional). */
function NotProvided({ file }: { file: KycFile }) {
  return (
    <figure style={{ margin: 0 }} data-testid={`kyc-${file}`}>
      <figcaption>
        <Typography.Text strong>{TEXT.fileLabel[file]}</Typography.Text>
      </figcaption>
      <Flex
        align="center"
        justify="center"
        style={{ marginTop: 8, minHeight: 160, background: '#f5f5f5', borderRadius: 8, padding: 12 }}
      >
        <Typography.Text type="secondary">{TEXT.fileNotProvided}</Typography.Text>
      </Flex>
    </figure>
  );
}

function DocumentViews({ views, loading, failed }: { views: DocumentView[]; loading: boolean; failed: boolean }) {
  if (failed) return <Alert type="warning" showIcon message={TEXT.viewsFailed} />;
  if (!loading && views.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.viewsEmpty} />;
  return (
    <List<DocumentView>
      size="small"
      loading={loading && views.length === 0}
      dataSource={views}
      data-testid="kyc-views"
      renderItem={(v) => (
        <List.Item style={{ paddingInline: 0 }}>
          <Space direction="vertical" size={0}>
            <Typography.Text>
              {TEXT.viewed(v.viewer.name || TEXT.someone, TEXT.fileLabel[v.file] ?? v.file)}
            </Typography.Text>
            <SubWhen at={v.at} />
          </Space>
        </List.Item>
      )}
    />
  );
}

const genderLabel = (value: string) => KYC_GENDERS.find((g) => g.value === value)?.label ?? value;

/**
 * One KYC submission (admin): every field, both documents (fetched with the token, never by a public URL), who
 * opened them and when, and the decisions: Approve, Reject with an optional reason, Delete.
 */
export default function KycShow() {
  const navigate = useNavigate();
  const { query } = useShow<KycSubmission, HttpError>({ resource: KYC, errorNotification: false });
  const kyc = query.data?.data;
  const { result: viewsResult, query: viewsQuery } = useCustom<{ data: DocumentView[] }, HttpError>({
    url: `kyc/${kyc?.id ?? 0}/views`,
    method: 'get',
    queryOptions: { enabled: Boolean(kyc) },
    errorNotification: false,
  });
  const views = viewsResult.data?.data ?? [];
  const refetchViews = () => void viewsQuery.refetch();

  return (
    <RecordShow
      query={query}
      title={kyc ? TEXT.submissionOf(kyc.name) : TEXT.submission}
      tags={kyc && <KycStatusTag status={kyc.status} />}
      buttons={
        kyc && (
          <>
            <KycDecision kyc={kyc} />
            <RowDeleteButton
              resource={KYC}
              row={kyc}
              text={KYC_DELETE}
              size="middle"
              onDeleted={() => navigate('/kyc')}
            />
          </>
        )
      }
      loadFailed={TEXT.loadOneFailed}
    >
      {kyc && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <RecordSummary testId="kyc-summary" column={1}>
              <Descriptions.Item label={TEXT.name}>{kyc.name}</Descriptions.Item>
              <Descriptions.Item label={TEXT.account}>
                {kyc.user ? (
                  <Space direction="vertical" size={0}>
                    <span>{kyc.user.name || `#${kyc.user.id}`}</span>
                    <span style={{ overflowWrap: 'anywhere' }}>{kyc.user.email}</span>
                  </Space>
                ) : (
                  TEXT.noAccount
                )}
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.dob}>
                <time dateTime={kyc.dob}>{formatDate(`${kyc.dob}T12:00:00Z`) || kyc.dob}</time>
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.gender}>{genderLabel(kyc.gender)}</Descriptions.Item>
              <Descriptions.Item label={TEXT.address}>
                <span style={{ whiteSpace: 'pre-line' }}>{kyc.address}</span>
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.idType}>{kyc.id_type}</Descriptions.Item>
              <Descriptions.Item label={TEXT.idNumber}>
                <CopyableNo>{kyc.id_number}</CopyableNo>
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.status}>
                <KycStatusTag status={kyc.status} />
              </Descriptions.Item>
              {kyc.status === KYC_STATUS.REJECTED && (
                <Descriptions.Item label={TEXT.reason}>
                  <span style={{ whiteSpace: 'pre-line' }} data-testid="kyc-reason">
                    {kyc.reason || TEXT.noReason}
                  </span>
                </Descriptions.Item>
              )}
              <Descriptions.Item label={TEXT.reviewed}>
                {kyc.reviewed_at ? formatLongDateTime(kyc.reviewed_at) : TEXT.notReviewed}
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.submitted}>{formatLongDateTime(kyc.created_at)}</Descriptions.Item>
              <Descriptions.Item label={TEXT.updated}>{formatLongDateTime(kyc.updated_at)}</Descriptions.Item>
            </RecordSummary>
          </Col>
          <Col xs={24} xl={12}>
            <Space direction="vertical" size={16} style={{ width: '100%', display: 'flex' }}>
              <SectionCard title={TEXT.documents}>
                <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
                  {TEXT.documentsHint}
                </Typography.Paragraph>
                <Row gutter={[16, 16]}>
                  {KYC_FILES.map((file) => (
                    <Col key={file} xs={24} sm={12}>
                      {file === 'user_image' && !kyc.user_image ? (
                        <NotProvided file={file} />
                      ) : (
                        <KycDocument kyc={kyc} file={file} onLoaded={refetchViews} />
                      )}
                    </Col>
                  ))}
                </Row>
              </SectionCard>
              <SectionCard title={TEXT.views}>
                <DocumentViews views={views} loading={viewsQuery.isLoading} failed={viewsQuery.isError} />
              </SectionCard>
            </Space>
          </Col>
        </Row>
      )}
    </RecordShow>
  );
}
