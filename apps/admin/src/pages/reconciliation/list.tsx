import { useCustom, type HttpError } from '@refinedev/core';
import { Alert, Button, Descriptions, Flex, Grid, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { formatLongDateTime, type ReconciliationFinding, type ReconciliationReport } from '@jara/contracts';
import { PageTitle } from '../../components/page-title';
import { RECONCILIATION_UI as TEXT } from './text';

const PAGE_SIZE = 20;

/** Minor units as a plain amount with its currency (e.g. 125.00 NGN); a dash when unknown. */
function money(minor: number | null, currency: string | null): string {
  if (minor === null) return TEXT.none;
  const amount = (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount}${currency ? ` ${currency}` : ''}`;
}

function label(code: string): string {
  return code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

function SeverityTag({ severity }: { severity: ReconciliationFinding['severity'] }) {
  return <Tag color={severity === 'error' ? 'red' : 'blue'}>{severity === 'error' ? TEXT.error : TEXT.info}</Tag>;
}

/** GET /admin/reconciliation: every finding with what to do; read only, run on demand. */
export default function ReconciliationPage() {
  const screens = Grid.useBreakpoint();
  const { result, query } = useCustom<{ data: ReconciliationReport }, HttpError>({
    url: 'admin/reconciliation',
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const report = result.data?.data;
  const errors = report?.findings.filter((f) => f.severity === 'error').length ?? 0;

  const columns: TableColumnsType<ReconciliationFinding> = [
    {
      title: TEXT.severity,
      dataIndex: 'severity',
      width: 100,
      responsive: ['md'],
      render: (s: ReconciliationFinding['severity']) => <SeverityTag severity={s} />,
    },
    {
      title: TEXT.code,
      dataIndex: 'code',
      render: (code: string, f) => (
        <Flex vertical gap={4} align="start">
          {screens.md ? null : <SeverityTag severity={f.severity} />}
          <Typography.Text strong>{label(code)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: TEXT.record,
      key: 'record',
      render: (_: unknown, f) => (
        <span>
          {label(f.entity)} #{f.id}
          {f.label ? <Typography.Text type="secondary"> {f.label}</Typography.Text> : null}
        </span>
      ),
    },
    { title: TEXT.problem, dataIndex: 'problem', responsive: ['md'] },
    {
      title: TEXT.amounts,
      key: 'amounts',
      render: (_: unknown, f) => `${money(f.expected_minor, f.currency)} / ${money(f.actual_minor, f.currency)}`,
    },
    { title: TEXT.action, dataIndex: 'action', responsive: ['lg'] },
  ];

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>{TEXT.title}</PageTitle>
        <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} loading={query.isFetching}>
          {TEXT.rerun}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{TEXT.hint}</Typography.Paragraph>
      {query.isError ? <Alert type="error" showIcon message={TEXT.failed} style={{ marginBottom: 16 }} /> : null}
      {report ? (
        <>
          <Alert
            type={errors ? 'error' : 'success'}
            showIcon
            message={errors ? TEXT.errors(errors) : TEXT.clean}
            description={errors ? TEXT.errorsDetail : TEXT.cleanDetail}
            style={{ marginBottom: 16 }}
          />
          <Descriptions size="small" column={screens.md ? 2 : 1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={TEXT.ranAt}>{formatLongDateTime(report.ran_at)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.checked}>
              {Object.entries(report.checked)
                .map(([what, n]) => `${n} ${what.replace(/_/g, ' ')}`)
                .join(', ')}
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
      <Table<ReconciliationFinding>
        rowKey={(f) => `${f.code}-${f.entity}-${f.id}`}
        columns={columns}
        dataSource={report?.findings ?? []}
        loading={query.isLoading}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: true }}
        size={screens.md ? 'middle' : 'small'}
        expandable={{
          expandedRowRender: (f) => (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={TEXT.problem}>{f.problem}</Descriptions.Item>
              <Descriptions.Item label={TEXT.action}>{f.action}</Descriptions.Item>
            </Descriptions>
          ),
        }}
      />
    </div>
  );
}
