import { useMemo } from 'react';
import { useNavigation } from '@refinedev/core';
import { Button, Flex, Grid, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { INVOICE_STATUSES, INVOICE_TYPES, MSG, formatDate, invoiceTypeLabel, type Invoice } from '@jara/contracts';
import { StatusTag, formatMoney, statusOptions } from '../../components/money';
import { PagedTable } from '../../components/paged-table';
import { CreatedBetween, FilterSearch, FilterSelect, Toolbar } from '../../components/list-filters';
import { PageTitle } from '../../components/page-title';
import { Lines, SubText } from '../../components/cell-text';
import { useListTable } from '../../schema/list-table';
import { viewColumn } from '../../schema/row-buttons';
import { INVOICE_TEXT as TEXT } from './text';

const PAGE_SIZE = 10;

/** All invoices (admin): filters by status, type, customer e-mail and creation date; server-side pages and sorting. */
export default function InvoiceList() {
  const { show, create } = useNavigation();
  const compact = !Grid.useBreakpoint().md;
  const table = useListTable<Invoice>({
    resource: 'invoices',
    pageSize: PAGE_SIZE,
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
  });
  const { sorters, sortable } = table;

  const columns = useMemo<TableColumnsType<Invoice>>(
    () => [
      {
        title: TEXT.reference,
        dataIndex: 'reference',
        // A reference on one line (issue 22): it is wider than it looks, and Description gives way instead.
        width: compact ? undefined : 180,
        render: (_, invoice) => (
          <Lines>
            <Typography.Link
              strong
              className="jara-num"
              style={compact ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}
              onClick={() => show('invoices', invoice.id)}
            >
              {invoice.reference}
            </Typography.Link>
            {compact && (
              <SubText>
                {invoice.user?.email} · {invoiceTypeLabel(invoice.type)}
              </SubText>
            )}
          </Lines>
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
          <Lines>
            <span>{invoice.user?.name || TEXT.none}</span>
            <SubText wrap>{invoice.user?.email}</SubText>
          </Lines>
        ),
      },
      { title: TEXT.description, dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
      {
        title: TEXT.amount,
        ...sortable('amount'),
        align: 'right',
        width: compact ? 100 : 130,
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
        ...sortable('created_at'),
        width: 130,
        responsive: ['md'],
        render: (v: string) => formatDate(v),
      },
      viewColumn(
        compact,
        TEXT,
        (invoice) => `${TEXT.view} ${invoice.reference}`,
        (invoice) => show('invoices', invoice.id),
      ),
    ],
    // sortable reads `sorters`, listed here.
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
      <Toolbar table={table}>
        <FilterSearch field="email" placeholder={TEXT.emailFilter} style={{ flex: '1 1 240px', maxWidth: 320 }} />
        <FilterSelect
          field="status"
          label={TEXT.statusFilter}
          all={TEXT.allStatuses}
          options={statusOptions(INVOICE_STATUSES)}
          style={{ flex: '0 0 150px' }}
        />
        <FilterSelect
          field="type"
          label={TEXT.typeFilter}
          all={TEXT.allTypes}
          options={INVOICE_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          style={{ flex: '0 0 150px' }}
        />
        <CreatedBetween text={TEXT} />
      </Toolbar>
      <PagedTable<Invoice>
        table={table}
        sortable
        errorMessage={MSG.lists.loadInvoicesFailed}
        emptyText={MSG.wallet.noInvoices}
        rowKey="id"
        columns={columns}
      />
    </div>
  );
}
