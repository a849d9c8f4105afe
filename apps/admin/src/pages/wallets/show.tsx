import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useCustomMutation, useInvalidate, useNavigation, useOne, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Grid,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Statistic,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  MSG,
  WALLET_CURRENCIES,
  WALLET_STATUSES,
  formatDollars,
  formatLongDateTime,
  formatNaira,
  type WalletAccount,
  type WalletAdjustmentInput,
  type WalletHistoryEntry,
} from '@jara/contracts';
import { WalletAdjustmentDto } from '@jara/dto';
import { fieldError } from '../../providers/http';
import { DtoNoteField } from '../../components/dto-note-field';
import { dtoRules } from '../../components/dto-rules';
import { StatusTag, formatMoney } from '../../components/money';
import { PagedTable } from '../../components/paged-table';
import { PageTitle } from '../../components/page-title';
import { WALLET_TEXT as TEXT } from './text';
import { SubText } from '../../components/cell-text';
import { VendorPayouts } from './vendor-payouts';

const PAGE_SIZE = 10;
const ADJUSTMENT_FIELDS = ['amount', 'currency', 'direction', 'reason'] as const;

/**
 * The adjustment form: direction, amount, currency and a required reason; POSTs a ledger entry, never a balance.
 * It holds the API's body as typed (WalletAdjustmentDto checks it here and on the server: the same rules).
 */
function AdjustmentForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const [form] = Form.useForm<WalletAdjustmentInput>();
  const { mutate: post, mutation } = useCustomMutation<
    { data: WalletHistoryEntry },
    HttpError,
    WalletAdjustmentInput
  >();

  const submit = (values: WalletAdjustmentInput) =>
    post(
      {
        url: `wallets/${userId}/adjustments`,
        method: 'post',
        values,
        successNotification: () => ({ message: MSG.wallets.adjusted, type: 'success' }),
        // Refine's antd notifications show `description` as the heading and `message` as the text.
        errorNotification: (error) => ({
          description: MSG.wallets.adjustFailed,
          message: error?.message ?? MSG.wallets.adjustFailed,
          type: 'error',
        }),
      },
      {
        onSuccess: () => {
          form.resetFields();
          onDone();
        },
        onError: (error) => {
          const fields = ADJUSTMENT_FIELDS.map((name) => ({
            name,
            errors: [fieldError(error, name)].filter((m): m is string => Boolean(m)),
          })).filter((f) => f.errors.length > 0);
          if (fields.length) form.setFields(fields);
        },
      },
    );

  return (
    <Card size="small" title={TEXT.adjust} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {TEXT.adjustHint}
      </Typography.Paragraph>
      <Form<WalletAdjustmentInput>
        form={form}
        layout="vertical"
        aria-label={TEXT.adjust}
        initialValues={{ direction: 'credit', currency: 'NGN', amount: '', reason: '' }}
        onFinish={submit}
        onValuesChange={(changed: Partial<WalletAdjustmentInput>) =>
          form.setFields(
            Object.keys(changed).map((name) => ({ name: name as keyof WalletAdjustmentInput, errors: [] })),
          )
        }
      >
        <Form.Item name="direction" label={TEXT.direction}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'credit', label: TEXT.credit },
              { value: 'debit', label: TEXT.debit },
            ]}
          />
        </Form.Item>
        <Flex gap={8} align="flex-start">
          <Form.Item
            name="amount"
            label={TEXT.amount}
            rules={dtoRules(WalletAdjustmentDto, 'amount')}
            style={{ flex: 1, minWidth: 0 }}
          >
            <Input inputMode="decimal" placeholder={TEXT.amountPlaceholder} autoComplete="off" />
          </Form.Item>
          <Form.Item name="currency" label={TEXT.currency} style={{ flex: '0 0 96px' }}>
            <Select aria-label={TEXT.currency} options={WALLET_CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Flex>
        <DtoNoteField
          dto={WalletAdjustmentDto}
          name="reason"
          label={TEXT.reason}
          placeholder={TEXT.reasonPlaceholder}
          rows={2}
        />
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {TEXT.submit}
        </Button>
      </Form>
    </Card>
  );
}

/** One user's wallet: balances, the append-only ledger (newest first) and the adjustment form. */
export default function WalletShow() {
  const { id = '' } = useParams();
  const { list } = useNavigation();
  const invalidate = useInvalidate();
  const compact = !Grid.useBreakpoint().md;
  const { result: account, query: accountQuery } = useOne<WalletAccount, HttpError>({
    resource: 'wallets',
    id,
    queryOptions: { enabled: Boolean(id), retry: false },
    errorNotification: false,
  });
  const ledgerResource = `wallets/${encodeURIComponent(id)}/histories`;
  const table = useTable<WalletHistoryEntry, HttpError>({
    resource: ledgerResource,
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: 'server' },
    syncWithLocation: false,
    errorNotification: false,
    queryOptions: { enabled: Boolean(id) },
  });
  const { setCurrentPage } = table;

  const refresh = () => {
    setCurrentPage(1);
    invalidate({ resource: ledgerResource, invalidates: ['list'] });
    invalidate({ resource: 'wallets', invalidates: ['list', 'detail'], id });
  };

  const columns = useMemo<TableColumnsType<WalletHistoryEntry>>(
    () => [
      {
        title: TEXT.description,
        dataIndex: 'description',
        render: (_, entry) => (
          <Space direction="vertical" size={0}>
            <span>{entry.description}</span>
            <SubText wrap>{formatLongDateTime(entry.created_at)}</SubText>
            {!compact && <SubText wrap>{entry.reference}</SubText>}
          </Space>
        ),
      },
      {
        title: TEXT.amount,
        dataIndex: 'amount_minor',
        align: 'right',
        width: compact ? 110 : 150,
        render: (_, entry) => {
          const credit = entry.direction === 'credit';
          return (
            <Typography.Text
              className="jara-num"
              type={credit ? 'success' : 'danger'}
              aria-label={`${credit ? TEXT.credit : TEXT.debit} ${formatMoney(entry.amount_minor, entry.currency)}`}
            >
              {credit ? '+' : '−'}
              {formatMoney(entry.amount_minor, entry.currency)}
            </Typography.Text>
          );
        },
      },
      {
        title: TEXT.status,
        dataIndex: 'status',
        width: 110,
        render: (v: string) => <StatusTag rows={WALLET_STATUSES} status={v} />,
      },
    ],
    [compact],
  );

  const who = account ? account.name || account.email : undefined;
  return (
    <div>
      <Flex wrap gap={8} justify="space-between" align="flex-start">
        <PageTitle>{who ? TEXT.walletOf(who) : TEXT.wallet}</PageTitle>
        <Button onClick={() => list('wallets')} style={{ marginBottom: 12 }}>
          {TEXT.back}
        </Button>
      </Flex>
      {account && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {account.email}
        </Typography.Paragraph>
      )}
      {accountQuery.isError && (
        <Alert
          type="warning"
          showIcon
          message={TEXT.accountFailed}
          description={accountQuery.error?.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={9}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Row gutter={[16, 16]}>
              <Col xs={12}>
                <Card size="small" loading={accountQuery.isLoading}>
                  <Statistic title={TEXT.usd} value={account ? formatDollars(account.usd_minor) : TEXT.none} />
                </Card>
              </Col>
              <Col xs={12}>
                <Card size="small" loading={accountQuery.isLoading}>
                  <Statistic title={TEXT.ngn} value={account ? formatNaira(account.ngn_minor) : TEXT.none} />
                </Card>
              </Col>
            </Row>
            {id && <AdjustmentForm userId={id} onDone={refresh} />}
          </Space>
        </Col>
        <Col xs={24} xl={15}>
          <Card size="small" title={TEXT.ledger}>
            <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
              {TEXT.ledgerHint}
            </Typography.Paragraph>
            <PagedTable<WalletHistoryEntry>
              table={table}
              errorMessage={MSG.wallets.historyFailed}
              emptyText={MSG.wallet.noHistory}
              rowKey="id"
              columns={columns}
              size="small"
            />
          </Card>
        </Col>
      </Row>
      {account?.role === 'vendor' && <VendorPayouts vendorId={id} />}
    </div>
  );
}
