import { useMemo } from 'react';
import { useNavigation } from '@refinedev/core';
import { Alert, Button, Flex, Grid, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { INVOICE_STATUSES, INVOICE_TYPES, MSG, formatDate, invoiceTypeLabel, type Invoice } from '@jara/contracts';
import { ListSearch } from '../../components/list-search';
import { StatusTag, formatMoney, statusOptions } from '../../components/money';
import { Pager } from '../../components/pager';
import { CreatedBetween, filterValue } from '../../components/list-filters';
import { PageTitle } from '../../components/page-title';
import { useListTable } from '../../schema/list-table';
import { INVOICE_TEXT as TEXT } from './text';

const PAGE_SIZE = 10;

/** All invoices (admin): filters by status, type, customer e-mail and creation date; server-side pages and sorting. */
export default function InvoiceList() {
  const { show, create } = useNavigation();
  const compact = !Grid.useBreakpoint().md;
  const {
    tableProps,
    tableQuery,
    filters,
    sorters,
    applyFilter,
    applyFilters,
    sortOrder,
    currentPage,
    setCurrentPage,
    pageCount,
  } = useListTable<Invoice>({
    resource: 'invoices',
    pageSize: PAGE_SIZE,
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
  });

  const columns = useMemo<TableColumnsType<Invoice>>(
    () => [
      {
        title: TEXT.reference,
        dataIndex: 'reference',
        // A reference on one line (issue 22): it is wider than it looks, and Description gives way instead.
        width: compact ? undefined : 180,
        render: (_, invoice) => (
          <Space direction="vertical" size={0}>
            <Typography.Link
              strong
              className="jara-num"
              style={compact ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}
              onClick={() => show('invoices', invoice.id)}
            >
              {invoice.reference}
            </Typography.Link>
            {compact && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {invoice.user?.email} · {invoiceTypeLabel(invoice.type)}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      {
        title: TEXT.type,
        dataIndex: 'type',
        width: 120,
        responsive: ['md'],
        render: (v: string) => invoiceTypeLabel(v),
      },
      {
        title: TEXT.user,
        key: 'user',
        width: 230,
        responsive: ['md'],
        render: (_, invoice) => (
          <Space direction="vertical" size={0}>
            <span>{invoice.user?.name || TEXT.none}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              {invoice.user?.email}
            </Typography.Text>
          </Space>
        ),
      },
      { title: TEXT.description, dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
      {
        title: TEXT.amount,
        dataIndex: 'amount',
        key: 'amount',
        align: 'right',
        width: compact ? 100 : 130,
        sorter: true,
        sortOrder: sortOrder('amount'),
        render: (_, invoice) => <span className="jara-num">{formatMoney(invoice.amount_minor, invoice.currency)}</span>,
      },
      {
        title: TEXT.status,
        dataIndex: 'status',
        width: 100,
        render: (v: string) => <StatusTag rows={INVOICE_STATUSES} status={v} />,
      },
      {
        title: TEXT.created,
        dataIndex: 'created_at',
        key: 'created_at',
        width: 130,
        responsive: ['md'],
        sorter: true,
        sortOrder: sortOrder('created_at'),
        render: (v: string) => formatDate(v),
      },
      {
        title: compact ? '' : TEXT.actions,
        key: 'actions',
        width: compact ? 48 : 80,
        render: (_, invoice) => (
          <Button
            size="small"
            icon={<EyeOutlined />}
            aria-label={`${TEXT.view} ${invoice.reference}`}
            title={TEXT.view}
            onClick={() => show('invoices', invoice.id)}
          />
        ),
      },
    ],
    // sortOrder reads `sorters`, listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, show, sorters],
  );

  return (
    <div>
      <Flex wrap gap={8} justify="space-between" align="flex-start">
        <PageTitle>{TEXT.title}</PageTitle>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => create('invoices')} style={{ marginBottom: 12 }}>
          {TEXT.raise}
        </Button>
      </Flex>
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        <ListSearch
          placeholder={TEXT.emailFilter}
          initial={filterValue(filters, 'email') ?? ''}
          onApply={(value) => applyFilter('email', value)}
          style={{ flex: '1 1 240px', maxWidth: 320 }}
        />
        <Select
          aria-label={TEXT.statusFilter}
          value={filterValue(filters, 'status') ?? ''}
          onChange={(value: string) => applyFilter('status', value)}
          options={[{ value: '', label: TEXT.allStatuses }, ...statusOptions(INVOICE_STATUSES)]}
          style={{ flex: '0 0 150px' }}
        />
        <Select
          aria-label={TEXT.typeFilter}
          value={filterValue(filters, 'type') ?? ''}
          onChange={(value: string) => applyFilter('type', value)}
          options={[
            { value: '', label: TEXT.allTypes },
            ...INVOICE_TYPES.map((t) => ({ value: t.value, label: t.label })),
          ]}
          style={{ flex: '0 0 150px' }}
        />
        <CreatedBetween filters={filters} applyFilters={applyFilters} text={TEXT} />
      </Flex>
      {tableQuery.isError ? (
        <Alert type="error" showIcon message={MSG.lists.loadInvoicesFailed} description={tableQuery.error?.message} />
      ) : (
        <>
          <Table<Invoice>
            {...tableProps}
            rowKey="id"
            columns={columns}
            pagination={false}
            size="middle"
            locale={{ emptyText: MSG.wallet.noInvoices }}
          />
          <Pager currentPage={currentPage} pageCount={pageCount} onChange={setCurrentPage} />
        </>
      )}
    </div>
  );
}
