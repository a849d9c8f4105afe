import { useNavigate, useParams } from 'react-router';
import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { Avatar, Button, Col, Descriptions, Form, Input, Row, Space, Typography } from 'antd';
import { CustomerServiceOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { MSG, SUPPORT_STATUS, formatLongDateTime, type SupportResponse, type SupportThread } from '@jara/contracts';
import { CreateSupportResponseDto } from '@jara/dto';
import { RecordShow, SectionCard } from '../../components/record-show';
import { When } from '../../components/cell-text';
import { dtoMaxLength, dtoRules } from '../../components/dto-rules';
import { RowDeleteButton, failedWrite } from '../../schema/row-buttons';
import {
  SUPPORT_DELETE,
  SUPPORTS,
  SupportStatusSelect,
  SupportStatusTag,
  threadUrl,
  useSupportRefresh,
} from './shared';
import { SUPPORT_TEXT as TEXT } from './text';

/** POST /support-responses: an admin's reply, which moves the request to In Progress (spec 4). */
interface ReplyRequest {
  support_id: number;
  message: string;
  status: typeof SUPPORT_STATUS.IN_PROGRESS;
}

interface Entry {
  key: string;
  fromCustomer: boolean;
  who: string;
  at: string;
  message: string;
  label?: string;
}

/** One message of the thread: who (the customer, or Jara Support and the admin's name), when, and the text. */
function Message({ entry }: { entry: Entry }) {
  return (
    <li
      data-testid="support-message"
      data-from={entry.fromCustomer ? 'customer' : 'support'}
      style={{
        listStyle: 'none',
        padding: 12,
        borderRadius: 8,
        border: '1px solid',
        borderColor: entry.fromCustomer ? '#e5e5e5' : '#b7dcc8',
        background: entry.fromCustomer ? '#fff' : '#f0f8f3',
        marginInlineStart: entry.fromCustomer ? 0 : 'clamp(0px, 6vw, 48px)',
        marginInlineEnd: entry.fromCustomer ? 'clamp(0px, 6vw, 48px)' : 0,
      }}
    >
      <Space align="start" size={10} style={{ width: '100%' }}>
        <Avatar
          size="small"
          aria-hidden
          icon={entry.fromCustomer ? <UserOutlined /> : <CustomerServiceOutlined />}
          style={{ background: entry.fromCustomer ? '#595959' : '#0b7a4b', flex: 'none' }}
        />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {entry.who}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {entry.label ? `${entry.label} · ` : null}
            <When at={entry.at} />
          </Typography.Text>
        </div>
      </Space>
      <Typography.Paragraph style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {entry.message}
      </Typography.Paragraph>
    </li>
  );
}

function entriesOf(thread: SupportThread): Entry[] {
  const { support } = thread;
  const customer = support.name || support.user?.name || support.email;
  return [
    {
      key: 'request',
      fromCustomer: true,
      who: customer,
      at: support.created_at,
      message: support.message,
      label: TEXT.original,
    },
    ...thread.responses.map((r: SupportResponse) => ({
      key: String(r.id),
      fromCustomer: r.from_owner,
      who: r.from_owner ? customer : r.responder?.name ? TEXT.supportBy(r.responder.name) : TEXT.jaraSupport,
      at: r.created_at,
      message: r.message,
    })),
  ];
}

/**
 * The reply box: CreateSupportResponseDto's rules (non-blank after trimming), checked in the form as by the API;
 * 'Response sent' / 'Failed to send response'.
 */
function ReplyBox({ supportId, onSent }: { supportId: number; onSent: () => void }) {
  const [form] = Form.useForm<{ message?: string }>();
  const { mutate, mutation } = useCustomMutation<
    { data: SupportResponse; message?: string },
    HttpError,
    ReplyRequest
  >();
  const submit = ({ message }: { message?: string }) =>
    mutate(
      {
        url: 'support-responses',
        method: 'post',
        values: { support_id: supportId, message: message ?? '', status: SUPPORT_STATUS.IN_PROGRESS },
        successNotification: () => ({ message: MSG.support.responseSent, type: 'success' }),
        errorNotification: failedWrite(MSG.support.responseFailed),
      },
      {
        onSuccess: () => {
          form.resetFields();
          onSent();
        },
        onError: (error) => {
          const field = error?.errors?.message;
          const text = Array.isArray(field) ? field[0] : undefined;
          if (typeof text === 'string') form.setFields([{ name: 'message', errors: [text] }]);
        },
      },
    );
  return (
    <Form form={form} layout="vertical" onFinish={submit} aria-label={TEXT.reply}>
      <Form.Item
        name="message"
        label={TEXT.replyLabel}
        extra={TEXT.replyHint}
        rules={dtoRules(CreateSupportResponseDto, 'message')}
      >
        <Input.TextArea
          rows={4}
          maxLength={dtoMaxLength(CreateSupportResponseDto, 'message')}
          placeholder={TEXT.replyPlaceholder}
          disabled={mutation.isPending}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={mutation.isPending}>
        {TEXT.send}
      </Button>
    </Form>
  );
}

/**
 * One support request (admin, spec 2.18): the customer's message, then the replies oldest first, each with who and
 * when; the reply box; the status select and delete.
 */
export default function SupportShow() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const refresh = useSupportRefresh();
  const { result, query } = useCustom<{ data: SupportThread }, HttpError>({
    url: threadUrl(id),
    method: 'get',
    queryOptions: { enabled: id !== '' },
    errorNotification: false,
  });
  const thread = result.data?.data;
  const support = thread?.support;
  const reload = () => {
    void query.refetch();
    refresh(support?.id);
  };

  return (
    <RecordShow
      resource="supports"
      recordItemId={id}
      query={query}
      title={support ? support.subject : TEXT.request}
      tags={support && <SupportStatusTag status={support.status} />}
      buttons={
        support && (
          <>
            <SupportStatusSelect support={support} onChanged={reload} />
            <RowDeleteButton
              resource={SUPPORTS}
              row={support}
              text={SUPPORT_DELETE}
              size="middle"
              onDeleted={() => navigate('/supports')}
            />
          </>
        )
      }
      loadFailed={TEXT.loadOneFailed}
    >
      {thread && support && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <SectionCard title={TEXT.thread}>
              <ol
                aria-label={TEXT.thread}
                data-testid="support-thread"
                style={{ padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 12 }}
              >
                {entriesOf(thread).map((entry) => (
                  <Message key={entry.key} entry={entry} />
                ))}
              </ol>
              {thread.responses.length === 0 && (
                <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
                  {TEXT.noReplies}
                </Typography.Paragraph>
              )}
            </SectionCard>
          </Col>
          <Col xs={24} xl={8}>
            <Space direction="vertical" size={16} style={{ width: '100%', display: 'flex' }}>
              <SectionCard title={TEXT.reply}>
                <ReplyBox supportId={support.id} onSent={reload} />
              </SectionCard>
              <Descriptions bordered size="small" column={1} layout="vertical" data-testid="support-details">
                <Descriptions.Item label={TEXT.name}>{support.name}</Descriptions.Item>
                <Descriptions.Item label={TEXT.email}>
                  <span style={{ overflowWrap: 'anywhere' }}>{support.email}</span>
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.account}>
                  {support.user ? (
                    <span style={{ overflowWrap: 'anywhere' }}>
                      {support.user.name || `#${support.user.id}`} · {support.user.email}
                    </span>
                  ) : (
                    TEXT.noAccount
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.opened}>{formatLongDateTime(support.created_at)}</Descriptions.Item>
                <Descriptions.Item label={TEXT.replies}>{TEXT.replyCount(support.responses)}</Descriptions.Item>
              </Descriptions>
            </Space>
          </Col>
        </Row>
      )}
    </RecordShow>
  );
}
