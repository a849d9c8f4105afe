import { useMemo } from 'react';
import { Link } from 'react-router';
import { useNavigation } from '@refinedev/core';
import { Grid, type TableColumnsType } from 'antd';
import { DELIVERY_STATUSES, MSG, type Delivery } from '@jara/contracts';
import { FilterSearch, FilterSelect, Toolbar } from '../../components/list-filters';
import { statusOptions } from '../../components/money';
import { PageTitle } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { Lines, SubText } from '../../components/cell-text';
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
  const table = useListTable<Delivery>({ resource: TRACKING_TABLE, pageSize: PAGE_SIZE });
  const { sorters, sortable } = table;

  const columns = useMemo<TableColumnsType<Delivery>>(
    () => [
      {
        title: TEXT.trackingNo,
        dataIndex: 'tracking_no',
        render: (v: string, d) => (
          <Lines>
            <Link
              to={showUrl(DELIVERIES, d.id)}
              className="jara-num"
              style={{ fontWeight: 600 }}
              aria-label={TEXT.viewDelivery(v)}
            >
              {v}
            </Link>
            {compact && <SubText>{d.user?.name || d.name || TEXT.none}</SubText>}
          </Lines>
        ),
      },
      { title: TEXT.user, key: 'user', responsive: ['md'], render: (_, d) => d.user?.name || d.name || TEXT.none },
      {
        title: TEXT.status,
        ...sortable('status'),
        render: (v: number) => <DeliveryStatusTag status={v} table />,
      },
      {
        title: TEXT.weight,
        ...sortable('weight'),
        align: 'right',
        render: (v: number | null) => <span className="jara-num">{number(v)}</span>,
      },
      {
        title: TEXT.size,
        ...sortable('size'),
        align: 'right',
        render: (v: number | null) => <span className="jara-num">{number(v)}</span>,
      },
      {
        title: TEXT.warehouse,
        key: 'warehouse',
        responsive: ['lg'],
        render: (_, d) =>
          d.warehouse ? (
            <Lines>
              <span>{d.warehouse.name}</span>
              {d.warehouse.location?.name && <SubText>{d.warehouse.location.name}</SubText>}
            </Lines>
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
    // sortable reads `sorters`, listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, showUrl, sorters],
  );

  return (
    <div>
      <PageTitle>{TEXT.trackingTitle}</PageTitle>
      <Toolbar table={table}>
        <FilterSearch
          field="tracking_no"
          operator="contains"
          placeholder={TEXT.trackingNoFilter}
          style={{ flex: '1 1 220px', maxWidth: compact ? undefined : 300 }}
        />
        <FilterSearch
          field="name"
          operator="contains"
          placeholder={TEXT.userFilter}
          style={{ flex: '1 1 220px', maxWidth: compact ? undefined : 300 }}
        />
        <FilterSelect
          clear
          field="status"
          label={TEXT.statusFilter}
          all={TEXT.allStatuses}
          options={statusOptions(DELIVERY_STATUSES)}
          style={{ flex: '1 1 200px', maxWidth: compact ? undefined : 260 }}
        />
      </Toolbar>
      <PagedTable<Delivery>
        table={table}
        sortable
        errorTestId="tracking-error"
        emptyText={MSG.tracking.empty}
        rowKey="id"
        showSorterTooltip={{ target: 'sorter-icon' }}
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
