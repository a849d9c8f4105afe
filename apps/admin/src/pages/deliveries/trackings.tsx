import { useMemo } from 'react';
import { Link } from 'react-router';
import { useNavigation } from '@refinedev/core';
import { Alert, Flex, Grid, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DELIVERY_STATUSES, MSG, type Delivery } from '@jara/contracts';
import { ListSearch } from '../../components/list-search';
import { filterValue } from '../../components/list-filters';
import { statusOptions } from '../../components/money';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { useListTable } from '../../schema/list-table';
import { DELIVERIES, DeliveryStatusTag, TRACKING_TABLE } from './shared';
import { DELIVERY_TEXT as TEXT } from './text';

const PAGE_SIZE = 5;

const number = (value: number | null | undefined) =>
  value === null || value === undefined ? TEXT.none : String(value);

/**
 * The admin's tracking table (spec 2.19): 5 rows per page, filters by tracking number (tracking_no_like), user name
 * (name_like) and status; sortable status, weight and size. Empty: 'No tracking data found.'; an error shows its message.
 */
export default function TrackingTable() {
  const { showUrl } = useNavigation();
  const compact = !Grid.useBreakpoint().md;
  const { tableProps, tableQuery, filters, sorters, applyFilter, sortOrder, currentPage, setCurrentPage, pageCount } =
    useListTable<Delivery>({ resource: TRACKING_TABLE, pageSize: PAGE_SIZE });

  const columns = useMemo<TableColumnsType<Delivery>>(
    () => [
      {
        title: TEXT.trackingNo,
        dataIndex: 'tracking_no',
        render: (v: string, d) => (
          <Space direction="vertical" size={0}>
            <Link
              to={showUrl(DELIVERIES, d.id)}
              className="jara-num"
              style={{ fontWeight: 600 }}
              aria-label={TEXT.viewDelivery(v)}
            >
              {v}
            </Link>
            {compact && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {d.user?.name || d.name || TEXT.none}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      { title: TEXT.user, key: 'user', responsive: ['md'], render: (_, d) => d.user?.name || d.name || TEXT.none },
      {
        title: TEXT.status,
        dataIndex: 'status',
        key: 'status',
        sorter: true,
        sortOrder: sortOrder('status'),
        render: (v: number) => <DeliveryStatusTag status={v} table />,
      },
      {
        title: TEXT.weight,
        dataIndex: 'weight',
        key: 'weight',
        align: 'right',
        sorter: true,
        sortOrder: sortOrder('weight'),
        render: (v: number | null) => <span className="jara-num">{number(v)}</span>,
      },
      {
        title: TEXT.size,
        dataIndex: 'size',
        key: 'size',
        align: 'right',
        sorter: true,
        sortOrder: sortOrder('size'),
        render: (v: number | null) => <span className="jara-num">{number(v)}</span>,
      },
      {
        title: TEXT.warehouse,
        key: 'warehouse',
        responsive: ['lg'],
        render: (_, d) =>
          d.warehouse ? (
            <Space direction="vertical" size={0}>
              <span>{d.warehouse.name}</span>
              {d.warehouse.location?.name && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {d.warehouse.location.name}
                </Typography.Text>
              )}
            </Space>
          ) : (
            TEXT.none
          ),
      },
      {
        title: TEXT.shippingLocation,
        key: 'shipping_location',
        responsive: ['lg'],
        render: (_, d) => d.shipping?.location?.name ?? TEXT.none,
      },
    ],
    // sortOrder reads `sorters`, listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, showUrl, sorters],
  );

  return (
    <div>
      <PageTitle>{TEXT.trackingTitle}</PageTitle>
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        <ListSearch
          placeholder={TEXT.trackingNoFilter}
          initial={filterValue(filters, 'tracking_no', 'contains') ?? ''}
          onApply={(value) => applyFilter('tracking_no', value, 'contains')}
          style={{ flex: '1 1 220px', maxWidth: compact ? undefined : 300 }}
        />
        <ListSearch
          placeholder={TEXT.userFilter}
          initial={filterValue(filters, 'name', 'contains') ?? ''}
          onApply={(value) => applyFilter('name', value, 'contains')}
          style={{ flex: '1 1 220px', maxWidth: compact ? undefined : 300 }}
        />
        <Select
          allowClear
          aria-label={TEXT.statusFilter}
          placeholder={TEXT.allStatuses}
          value={filterValue(filters, 'status', 'eq')}
          onChange={(value?: string) => applyFilter('status', value)}
          options={statusOptions(DELIVERY_STATUSES)}
          style={{ flex: '1 1 200px', maxWidth: compact ? undefined : 260 }}
        />
      </Flex>
      {tableQuery.isError ? (
        <Alert type="error" showIcon message={tableQuery.error?.message} data-testid="tracking-error" />
      ) : (
        <>
          <Table<Delivery>
            {...tableProps}
            rowKey="id"
            showSorterTooltip={{ target: 'sorter-icon' }}
            columns={columns}
            pagination={false}
            size="middle"
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: MSG.tracking.empty }}
          />
          <Pager currentPage={currentPage} pageCount={pageCount} onChange={setCurrentPage} />
        </>
      )}
    </div>
  );
}
