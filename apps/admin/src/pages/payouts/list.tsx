import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSelect } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import {
  Alert,
  Button,
  ConfigProvider,
  Descriptions,
  Drawer,
  Flex,
  Grid,
  Segmented,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import {
  PAYOUT_STATUS,
  PAYOUT_STATUSES,
  formatDate,
  formatLongDateTime,
  formatNaira,
  type BulkApproveResult,
  type Payout,
  type PublicUser,
} from '@jara/contracts';
import { filterValue } from '../../components/list-filters';
import { ListSearch } from '../../components/list-search';
import { StatusTag, statusOptions } from '../../components/money';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { useListTable } from '../../schema/list-table';
import { RowOpenButton } from '../../schema/row-buttons';
import { ApproveButton, ExportCsvButton, RejectButton, RejectModal, useBulkApprove } from './actions';
import { PAYOUT_TEXT as TEXT } from './text';

const AWAITING = PAYOUT_STATUS.AWAITING_APPROVAL;
const waiting = (p: Payout) => p.status === AWAITING;
/** A selected row's background keeps the secondary text at 4.5:1 (antd's green mix does not). */
const SELECTED_ROWS = { components: { Table: { rowSelectedBg: '#e3f2ea', rowSelectedHoverBg: '#d5ebdf' } } };
/** Naira from the kobo on the wire (the `amount` strings are plain decimals). */
const money = (minor: number) => <span className="jara-num">{formatNaira(minor)}</span>;

export function PayoutStatusTag({ status }: { status: string }) {
  return <StatusTag rows={PAYOUT_STATUSES} status={status} testId="payout-status" />;
}

/** The vendor of a payout: name (or e-mail) over the e-mail. */
function VendorCell({ payout }: { payout: Payout }) {
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{payout.vendor?.name || payout.vendor?.email || `#${payout.vendor_id}`}</Typography.Text>
      {payout.vendor?.name && (
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {payout.vendor.email}
        </Typography.Text>
      )}
    </Space>
  );
}

/** One payout and its vendor, read-only, in a drawer. */
function PayoutDrawer({ payout, onClose }: { payout: Payout | null; onClose: () => void }) {
  const wide = Grid.useBreakpoint().md;
  const p = payout;
  const rows: [string, ReactNode][] = p
    ? [
        [TEXT.vendor, <VendorCell payout={p} />],
        [TEXT.status, <PayoutStatusTag status={p.status} />],
        [TEXT.amount, money(p.amount_minor)],
        [TEXT.fee, money(p.fee_minor)],
        [TEXT.account, `${p.account_name} · ${p.bank_name} · ${p.account_number}`],
        [TEXT.reference, <Typography.Text copyable>{p.reference}</Typography.Text>],
        [TEXT.requested, formatLongDateTime(p.requested_at)],
        [TEXT.approvedAt, formatLongDateTime(p.approved_at) || TEXT.none],
        [TEXT.completedAt, formatLongDateTime(p.completed_at) || TEXT.none],
        [TEXT.reason, p.reason || TEXT.none],
      ]
    : [];
  return (
    <Drawer
      open={p !== null}
      onClose={onClose}
      title={p && TEXT.payoutOf(p.id)}
      width={wide ? 520 : '100%'}
      destroyOnHidden
    >
      <Descriptions bordered column={1} size="small" styles={{ label: { width: 120 } }} data-testid="payout-details">
        {rows.map(([label, value]) => (
          <Descriptions.Item key={label} label={label}>
            {value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {p && (
        <Typography.Paragraph style={{ marginTop: 16 }}>
          <Link to={`/wallets/show/${p.vendor_id}`}>{TEXT.openWallet}</Link>
        </Typography.Paragraph>
      )}
    </Drawer>
  );
}

/**
 * Payouts (admin, issue 24): the approval queue (status awaiting_approval, the default) and the history of every
 * payout, filtered by status, vendor and a search, sorted by requested date or amount; approve one or the selected
 * ones, reject with a reason, a payout's details in a drawer, and the filtered list as CSV.
 */
export default function PayoutList() {
  const compact = !Grid.useBreakpoint().md;
  const [viewing, setViewing] = useState<Payout | null>(null);
  const [rejecting, setRejecting] = useState<Payout | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkResult, setBulkResult] = useState<BulkApproveResult | null>(null);
  const table = useListTable<Payout>({
    resource: 'payouts',
    pageSize: 20,
    sorters: { initial: [{ field: 'requested_at', order: 'desc' }] },
    filters: { initial: [{ field: 'status', operator: 'eq', value: AWAITING }] },
  });
  const { filters, applyFilter, sortOrder, tableProps, tableQuery } = table;
  const status = filterValue(filters, 'status');
  const vendorId = filterValue(filters, 'vendor_id');
  const bulk = useBulkApprove((result) => {
    setBulkResult(result);
    setSelected((ids) => ids.filter((id) => result.failed.some((f) => f.id === id)));
  });
  const { selectProps: vendorSelect } = useSelect<PublicUser, HttpError>({
    resource: 'users',
    optionLabel: (u) => (u.name ? `${u.name} (${u.email})` : u.email),
    optionValue: (u) => String(u.id),
    filters: [{ field: 'role', operator: 'eq', value: 'vendor' }],
    pagination: { currentPage: 1, pageSize: 20, mode: 'server' },
    onSearch: (value) => [{ field: 'q', operator: 'eq', value: value.trim() || undefined }],
    defaultValue: vendorId,
    debounce: 300,
    errorNotification: false,
  });
  const filter = (field: string, value: unknown) => {
    setSelected([]);
    applyFilter(field, value ?? '');
  };

  const columns: TableColumnsType<Payout> = [
    {
      title: TEXT.vendor,
      key: 'vendor',
      render: (_, p) => (
        <Space direction="vertical" size={2}>
          <VendorCell payout={p} />
          {compact && (
            <Space size={8} wrap>
              <Typography.Text strong>{money(p.amount_minor)}</Typography.Text>
              <PayoutStatusTag status={p.status} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDate(p.requested_at)}
              </Typography.Text>
            </Space>
          )}
        </Space>
      ),
    },
    {
      title: TEXT.account,
      key: 'account',
      responsive: ['lg'],
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>{p.account_name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.bank_name} · <span className="jara-num">{p.account_number}</span>
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: TEXT.amount,
      dataIndex: 'amount_minor',
      align: 'right',
      responsive: ['md'],
      sorter: true,
      sortOrder: sortOrder('amount_minor'),
      render: (_, p) => money(p.amount_minor),
    },
    {
      title: TEXT.status,
      dataIndex: 'status',
      width: 150,
      responsive: ['md'],
      render: (v: string) => <PayoutStatusTag status={v} />,
    },
    {
      title: TEXT.requested,
      dataIndex: 'requested_at',
      width: 130,
      responsive: ['md'],
      sorter: true,
      sortOrder: sortOrder('requested_at'),
      render: (v: string) => <span title={formatLongDateTime(v)}>{formatDate(v)}</span>,
    },
    {
      title: compact ? '' : TEXT.actions,
      key: 'actions',
      width: compact ? 56 : 290,
      render: (_, p) => (
        <Flex wrap gap={compact ? 4 : 8} vertical={compact}>
          <RowOpenButton
            icon={<EyeOutlined />}
            text={TEXT.view}
            label={TEXT.viewOf(p.id)}
            compact={compact}
            onClick={() => setViewing(p)}
          />
          {waiting(p) && <ApproveButton payout={p} compact={compact} />}
          {waiting(p) && <RejectButton payout={p} compact={compact} onReject={() => setRejecting(p)} />}
        </Flex>
      ),
    },
  ];

  return (
    <div>
      <Flex wrap gap={8} justify="space-between" align="flex-start">
        <PageTitle>{TEXT.title}</PageTitle>
        <ExportCsvButton params={{ status, vendor_id: vendorId }} />
      </Flex>
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        <Segmented
          aria-label={TEXT.title}
          value={status === AWAITING ? 'queue' : 'history'}
          options={[
            { value: 'queue', label: TEXT.queue },
            { value: 'history', label: TEXT.history },
          ]}
          onChange={(view) => filter('status', view === 'queue' ? AWAITING : '')}
        />
        <Select
          allowClear
          aria-label={TEXT.statusFilter}
          placeholder={TEXT.allStatuses}
          value={status}
          onChange={(value?: string) => filter('status', value)}
          options={statusOptions(PAYOUT_STATUSES)}
          style={{ flex: '0 1 200px' }}
        />
        <Select
          options={vendorSelect.options}
          loading={vendorSelect.loading}
          onSearch={vendorSelect.onSearch}
          filterOption={false}
          showSearch
          allowClear
          aria-label={TEXT.vendorFilter}
          placeholder={TEXT.allVendors}
          value={vendorId}
          onChange={(value?: string) => filter('vendor_id', value)}
          style={{ flex: '0 1 260px' }}
        />
        <ListSearch
          placeholder={TEXT.search}
          initial={filterValue(filters, 'q') ?? ''}
          onApply={(value) => filter('q', value)}
          style={{ maxWidth: compact ? undefined : 300 }}
        />
        <Button
          type="primary"
          icon={<CheckOutlined />}
          disabled={selected.length === 0}
          loading={bulk.pending}
          onClick={() => bulk.approve(selected)}
        >
          {TEXT.approveSelected(selected.length)}
        </Button>
      </Flex>
      {bulkResult && bulkResult.failed.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setBulkResult(null)}
          data-testid="bulk-result"
          message={`${TEXT.bulkApproved(bulkResult.approved.length)} ${TEXT.bulkFailed(bulkResult.failed.length)}`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {bulkResult.failed.map((f) => (
                <li key={f.id}>{TEXT.bulkFailedLine(f.id, f.message)}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {tableQuery.isError ? (
        <Alert type="error" showIcon message={TEXT.loadFailed} description={tableQuery.error?.message} />
      ) : (
        <>
          <ConfigProvider theme={SELECTED_ROWS}>
            <Table<Payout>
              {...tableProps}
              rowKey="id"
              size="middle"
              showSorterTooltip={{ target: 'sorter-icon' }}
              columns={columns}
              pagination={false}
              locale={{ emptyText: status === AWAITING ? TEXT.emptyQueue : TEXT.empty }}
              onRow={(p) => ({ onDoubleClick: () => setViewing(p) })}
              rowSelection={{
                // No select-all: antd repeats a column's title in its hidden measuring row (a focusable checkbox there
                // is an axe violation on phones); each waiting row has its own named checkbox.
                hideSelectAll: true,
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (p) => ({ disabled: !waiting(p), 'aria-label': TEXT.selectOf(p.id) }),
              }}
            />
          </ConfigProvider>
          <Pager currentPage={table.currentPage} pageCount={table.pageCount} onChange={table.setCurrentPage} />
        </>
      )}
      <PayoutDrawer payout={viewing} onClose={() => setViewing(null)} />
      <RejectModal payout={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
