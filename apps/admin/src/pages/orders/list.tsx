import { useMemo } from 'react';
import { Link } from 'react-router';
import { useNavigation } from '@refinedev/core';
import { Alert, Button, Flex, Grid, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { MSG, ORDER_STATUSES, formatDate, formatNaira, orderPaymentMethodLabel, type Order } from '@jara/contracts';
import { ListSearch } from '../../components/list-search';
import { StatusTag, statusOptions } from '../../components/money';
import { Pager } from '../../components/pager';
import { CreatedBetween, filterValue, filterValues } from '../../components/list-filters';
import { PageTitle } from '../../components/page-title';
import { useListTable } from '../../schema/list-table';
import { ORDER_TEXT as TEXT } from './text';

const PAGE_SIZE = 10;

/** All orders (admin): filters by status (several), placing date, customer e-mail and order number. */
export default function OrderList() {
  const { show, showUrl } = useNavigation();
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
  } = useListTable<Order>({
    resource: 'orders',
    pageSize: PAGE_SIZE,
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
  });

  const columns = useMemo<TableColumnsType<Order>>(
    () => [
      {
        title: TEXT.orderNo,
        dataIndex: 'order_no',
        render: (_, order) => (
          <Space direction="vertical" size={0}>
            <Link to={showUrl('orders', order.id)} className="jara-num" style={{ fontWeight: 600 }}>
              {order.order_no}
            </Link>
            {compact && (
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {order.user?.email ?? order.full_name} · {formatDate(order.created_at)}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      {
        title: TEXT.customer,
        key: 'customer',
        responsive: ['md'],
        render: (_, order) => (
          <Space direction="vertical" size={0}>
            <span>{order.user?.name || order.full_name || TEXT.none}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              {order.user?.email}
            </Typography.Text>
          </Space>
        ),
      },
      {
        title: TEXT.date,
        dataIndex: 'created_at',
        key: 'created_at',
        width: 130,
        responsive: ['md'],
        sorter: true,
        sortOrder: sortOrder('created_at'),
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
        dataIndex: 'total_minor',
        key: 'total_minor',
        align: 'right',
        width: compact ? 118 : 140,
        sorter: true,
        sortOrder: sortOrder('total_minor'),
        render: (v: number, order) => (
          <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
            <span className="jara-num">{formatNaira(v)}</span>
            {compact && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {TEXT.itemCount(order.item_count)}
              </Typography.Text>
            )}
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
      {
        title: compact ? '' : TEXT.actions,
        key: 'actions',
        width: compact ? 48 : 80,
        render: (_, order) => (
          <Button
            size="small"
            icon={<EyeOutlined />}
            aria-label={TEXT.viewOrder(order.order_no)}
            title={TEXT.view}
            onClick={() => show('orders', order.id)}
          />
        ),
      },
    ],
    // sortOrder reads `sorters`, listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, show, showUrl, sorters],
  );

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        <ListSearch
          placeholder={TEXT.orderNoFilter}
          initial={filterValue(filters, 'order_no') ?? ''}
          onApply={(value) => applyFilter('order_no', value)}
          style={{ flex: '1 1 200px', maxWidth: 260 }}
        />
        <ListSearch
          placeholder={TEXT.emailFilter}
          initial={filterValue(filters, 'email') ?? ''}
          onApply={(value) => applyFilter('email', value)}
          style={{ flex: '1 1 240px', maxWidth: 320 }}
        />
        <Select
          mode="multiple"
          allowClear
          aria-label={TEXT.statusFilter}
          placeholder={TEXT.allStatuses}
          value={filterValues(filters, 'status')}
          // The data provider sends an array as a repeated parameter: status=1&status=2.
          onChange={(values: string[]) => applyFilter('status', values, 'in')}
          options={statusOptions(ORDER_STATUSES)}
          maxTagCount="responsive"
          style={{ flex: '1 1 220px', maxWidth: 320 }}
        />
        <CreatedBetween filters={filters} applyFilters={applyFilters} text={TEXT} />
      </Flex>
      {tableQuery.isError ? (
        <Alert type="error" showIcon message={TEXT.loadFailed} description={tableQuery.error?.message} />
      ) : (
        <>
          <Table<Order>
            {...tableProps}
            rowKey="id"
            showSorterTooltip={{ target: 'sorter-icon' }}
            columns={columns}
            pagination={false}
            size="middle"
            locale={{ emptyText: MSG.orders.none }}
          />
          <Pager currentPage={currentPage} pageCount={pageCount} onChange={setCurrentPage} />
        </>
      )}
    </div>
  );
}
