import { useMemo } from 'react';
import { Link } from 'react-router';
import { useNavigation } from '@refinedev/core';
import { Grid, Space, type TableColumnsType } from 'antd';
import { MSG, ORDER_STATUSES, formatDate, formatNaira, orderPaymentMethodLabel, type Order } from '@jara/contracts';
import { StatusTag, statusOptions } from '../../components/money';
import { PagedTable } from '../../components/paged-table';
import { CreatedBetween, FilterSearch, FilterSelect, Toolbar } from '../../components/list-filters';
import { PageTitle } from '../../components/page-title';
import { Lines, SubText } from '../../components/cell-text';
import { useListTable } from '../../schema/list-table';
import { viewColumn } from '../../schema/row-buttons';
import { ORDER_TEXT as TEXT } from './text';

const PAGE_SIZE = 10;

/** All orders (admin): filters by status (several), placing date, customer e-mail and order number. */
export default function OrderList() {
  const { show, showUrl } = useNavigation();
  const compact = !Grid.useBreakpoint().md;
  const table = useListTable<Order>({
    resource: 'orders',
    pageSize: PAGE_SIZE,
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
  });
  const { sorters, sortable } = table;

  const columns = useMemo<TableColumnsType<Order>>(
    () => [
      {
        title: TEXT.orderNo,
        dataIndex: 'order_no',
        render: (_, order) => (
          <Lines>
            <Link to={showUrl('orders', order.id)} className="jara-num" style={{ fontWeight: 600 }}>
              {order.order_no}
            </Link>
            {compact && (
              <SubText wrap>
                {order.user?.email ?? order.full_name} · {formatDate(order.created_at)}
              </SubText>
            )}
          </Lines>
        ),
      },
      {
        title: TEXT.customer,
        key: 'customer',
        responsive: ['md'],
        render: (_, order) => (
          <Lines>
            <span>{order.user?.name || order.full_name || TEXT.none}</span>
            <SubText wrap>{order.user?.email}</SubText>
          </Lines>
        ),
      },
      {
        title: TEXT.date,
        ...sortable('created_at'),
        width: 130,
        responsive: ['md'],
        render: (v: string) => formatDate(v),
      },
      {
        title: TEXT.status,
        dataIndex: 'status',
        width: compact ? 96 : 120,
        render: (v: number) => <StatusTag rows={ORDER_STATUSES} status={v} />,
      },
      {
        title: TEXT.total,
        ...sortable('total_minor'),
        align: 'right',
        width: compact ? 118 : 140,
        render: (v: number, order) => (
          <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
            <span className="jara-num">{formatNaira(v)}</span>
            {compact && <SubText>{TEXT.itemCount(order.item_count)}</SubText>}
          </Space>
        ),
      },
      {
        title: TEXT.paymentMethod,
        dataIndex: 'payment_method',
        width: 140,
        responsive: ['lg'],
        render: (v: string) => orderPaymentMethodLabel(v),
      },
      {
        title: TEXT.items,
        dataIndex: 'item_count',
        align: 'right',
        width: 80,
        responsive: ['md'],
        render: (v: number) => <span className="jara-num">{v}</span>,
      },
      viewColumn(
        compact,
        TEXT,
        (order) => TEXT.viewOrder(order.order_no),
        (order) => show('orders', order.id),
      ),
    ],
    // sortable reads `sorters`, listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, show, showUrl, sorters],
  );

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <Toolbar table={table}>
        <FilterSearch field="order_no" placeholder={TEXT.orderNoFilter} style={{ flex: '1 1 200px', maxWidth: 260 }} />
        <FilterSearch field="email" placeholder={TEXT.emailFilter} style={{ flex: '1 1 240px', maxWidth: 320 }} />
        <FilterSelect
          multiple
          field="status"
          label={TEXT.statusFilter}
          all={TEXT.allStatuses}
          options={statusOptions(ORDER_STATUSES)}
          style={{ flex: '1 1 220px', maxWidth: 320 }}
        />
        <CreatedBetween text={TEXT} />
      </Toolbar>
      <PagedTable<Order>
        table={table}
        sortable
        errorMessage={TEXT.loadFailed}
        emptyText={MSG.orders.none}
        rowKey="id"
        showSorterTooltip={{ target: 'sorter-icon' }}
        columns={columns}
      />
    </div>
  );
}
