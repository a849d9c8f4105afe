import { useCustom, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Alert, Card, Col, Row, Space, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  formatDate,
  formatLongDateTime,
  formatNaira,
  STATEMENT_STATUSES,
  statementAmountText,
  type PayoutAccount,
  type StatementEntry,
  type VendorBalance,
} from '@jara/contracts';
import { CardTitle } from '../../components/card-title';
import { StatusTag } from '../../components/money';
import { PagedTable } from '../../components/paged-table';
import { VENDOR_PAYOUT_TEXT as TEXT } from './text';

const ACCOUNT_COLUMNS: TableColumnsType<PayoutAccount> = [
  {
    title: TEXT.account,
    key: 'account',
    render: (_, a) => (
      <Space direction="vertical" size={0}>
        <Typography.Text strong>{a.account_name}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {a.bank_name} · <span className="jara-num">{a.account_number}</span>
        </Typography.Text>
      </Space>
    ),
  },
  {
    title: TEXT.state,
    dataIndex: 'active',
    width: 110,
    render: (active: boolean) => <Tag color={active ? 'green' : 'default'}>{active ? TEXT.active : TEXT.replaced}</Tag>,
  },
  {
    title: TEXT.payableAfter,
    dataIndex: 'payable_after',
    width: 170,
    render: (v: string) => <span title={formatLongDateTime(v)}>{formatLongDateTime(v)}</span>,
  },
  { title: TEXT.added, dataIndex: 'created_at', width: 120, responsive: ['xxl'], render: (v: string) => formatDate(v) },
];

const STATEMENT_COLUMNS: TableColumnsType<StatementEntry> = [
  {
    title: TEXT.description,
    dataIndex: 'description',
    render: (_, e) => (
      <Space direction="vertical" size={0}>
        <span>{e.description}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {formatLongDateTime(e.created_at)} · {e.reference}
        </Typography.Text>
      </Space>
    ),
  },
  {
    title: TEXT.amount,
    dataIndex: 'amount_minor',
    align: 'right',
    width: 140,
    render: (_, e) => (
      <Typography.Text className="jara-num" type={e.direction === 'credit' ? 'success' : 'danger'}>
        {statementAmountText(e)}
      </Typography.Text>
    ),
  },
  {
    title: TEXT.status,
    dataIndex: 'status',
    width: 110,
    render: (v: string) => <StatusTag rows={STATEMENT_STATUSES} status={v} />,
  },
];

/**
 * A vendor's money out (issue 24), on their wallet page: the balance as the vendor sees it (pending, available, held,
 * paid out; why a withdrawal is blocked), their payout accounts (the active one and the replaced ones, with the moment
 * each becomes payable) and their statement.
 */
export function VendorPayouts({ vendorId }: { vendorId: string }) {
  const base = `payouts/vendors/${encodeURIComponent(vendorId)}`;
  const balance = useCustom<{ data: VendorBalance }, HttpError>({
    url: `${base}/balance`,
    method: 'get',
    errorNotification: false,
  });
  const accounts = useCustom<{ data: PayoutAccount[] }, HttpError>({
    url: `${base}/accounts`,
    method: 'get',
    errorNotification: false,
  });
  const statement = useTable<StatementEntry, HttpError>({
    resource: `${base}/statement`,
    pagination: { currentPage: 1, pageSize: 10, mode: 'server' },
    syncWithLocation: false,
    errorNotification: false,
  });
  const b = balance.result?.data?.data;
  const figures: [string, number | undefined][] = [
    [TEXT.available, b?.available_minor],
    [TEXT.pending, b?.pending_minor],
    [TEXT.held, b?.held_minor],
    [TEXT.paidOut, b?.paid_out_minor],
  ];
  return (
    <section aria-label={TEXT.title} data-testid="vendor-payouts">
      <CardTitle level={4}>{TEXT.title}</CardTitle>
      {balance.query.isError ? (
        <Alert type="warning" showIcon message={TEXT.balanceFailed} description={balance.query.error?.message} />
      ) : (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {figures.map(([label, value]) => (
            <Col xs={12} lg={6} key={label}>
              <Card size="small" loading={balance.query.isLoading}>
                <Statistic title={label} value={value === undefined ? TEXT.none : formatNaira(value)} />
              </Card>
            </Col>
          ))}
          {b && !b.can_withdraw && b.blocked_reason && (
            <Col xs={24}>
              <Alert type="info" showIcon message={TEXT.blocked} description={b.blocked_reason} />
            </Col>
          )}
        </Row>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={<CardTitle level={5}>{TEXT.accounts}</CardTitle>}>
            {accounts.query.isError ? (
              <Alert type="error" showIcon message={TEXT.accountsFailed} description={accounts.query.error?.message} />
            ) : (
              <Table<PayoutAccount>
                data-testid="payout-accounts"
                rowKey="id"
                size="small"
                loading={accounts.query.isLoading}
                columns={ACCOUNT_COLUMNS}
                dataSource={accounts.result?.data?.data ?? []}
                pagination={false}
                locale={{ emptyText: TEXT.noAccounts }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={<CardTitle level={5}>{TEXT.statement}</CardTitle>}>
            <PagedTable<StatementEntry>
              table={statement}
              errorMessage={TEXT.statementFailed}
              emptyText={TEXT.noStatement}
              rowKey="id"
              columns={STATEMENT_COLUMNS}
              size="small"
            />
          </Card>
        </Col>
      </Row>
    </section>
  );
}
