import { useMemo } from 'react';
import { Link } from 'react-router';
import { useNavigation } from '@refinedev/core';
import { Grid, Radio, Space, Typography, type TableColumnsType } from 'antd';
import { DELIVERY_STATUSES, MSG, formatLongDateTime, type Delivery } from '@jara/contracts';
import { FilterSearch, FilterSelect, Toolbar, filterValue } from '../../components/list-filters';
import { statusOptions } from '../../components/money';
import { PageTitle } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { useListTable } from '../../schema/list-table';
import { DeliveryAction, useDeliveryDialogs } from './actions';
import { DELIVERIES, DeliveryStatusTag, PaymentCell } from './shared';
import { DELIVERY_TEXT as TEXT, TYPE_LABELS, shippingTypeLabel } from './text';
import { SubText } from '../../components/cell-text';

const PAGE_SIZE = 10;

const TYPE_OPTIONS = [
  { value: 'all', label: TEXT.typeAll },
  { value: 'foreign', label: TEXT.typeForeign },
  { value: 'local', label: TEXT.typeLocal },
];

/**
 * Deliveries (spec 2.24, admin): every delivery request, foreign and local, with the search, a type and a status
 * filter, 10 per page, and the admin's Action column (spec 4).
 */
export default function DeliveryList() {
  const { showUrl } = useNavigation();
  const screens = Grid.useBreakpoint();
  const compact = !screens.md;
  const wide = !!screens.xxl;
  const table = useListTable<Delivery>({
    resource: DELIVERIES,
    pageSize: PAGE_SIZE,
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
  });
  const { filters, applyFilter } = table;

  const { onConfirm, onProceed, dialogs } = useDeliveryDialogs();

  const type = filterValue(filters, 'type') ?? 'all';

  // Phones: one column per delivery (number, customer, status, payment, date, then the action).
  const compactColumns = useMemo<TableColumnsType<Delivery>>(
    () => [
      {
        title: TEXT.delivery,
        key: 'delivery',
        render: (_, d) => (
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Link
              to={showUrl(DELIVERIES, d.id)}
              className="jara-num"
              style={{ fontWeight: 600 }}
              aria-label={TEXT.viewDelivery(d.tracking_no)}
            >
              {d.tracking_no}
            </Link>
            <span>
              {d.name || d.user?.name || TEXT.none}
              {d.phone ? <span className="jara-num"> · {d.phone}</span> : null}
            </span>
            <SubText>
              {d.warehouse?.name ?? TEXT.none} · {shippingTypeLabel(d.shipping_type, d.type)} · {TEXT.externalId}:{' '}
              <span style={{ overflowWrap: 'anywhere' }}>{d.external_no}</span>
            </SubText>
            <Space wrap size={8} align="center">
              <DeliveryStatusTag status={d.status} />
              <PaymentCell delivery={d} inline />
            </Space>
            <SubText>{formatLongDateTime(d.created_at)}</SubText>
            <DeliveryAction delivery={d} onConfirm={onConfirm} onProceed={onProceed} />
          </Space>
        ),
      },
    ],
    [showUrl, onConfirm, onProceed],
  );

  // Desktop: the spec's columns, sized to fit beside the sider at 1280 px (issue 22): nothing is fixed over the
  // others any more (fixed columns hid Warehouse and Shipping Type and cut the external ID). Below 1600 px the
  // phone shows under the customer's name; its own column comes back on wider screens.
  const columns = useMemo<TableColumnsType<Delivery>>(
    () => [
      {
        title: TEXT.customer,
        key: 'customer',
        width: 140,
        render: (_, d) => (
          <Space direction="vertical" size={0}>
            <span style={{ overflowWrap: 'anywhere' }}>{d.name || d.user?.name || TEXT.none}</span>
            {!wide && (
              <Typography.Text type="secondary" className="jara-num" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {d.phone || TEXT.none}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      {
        title: TEXT.phone,
        dataIndex: 'phone',
        width: 130,
        responsive: ['xxl'],
        render: (v: string | null) => <span className="jara-num">{v || TEXT.none}</span>,
      },
      {
        title: TEXT.trackingId,
        dataIndex: 'tracking_no',
        width: 124,
        render: (v: string, d) => (
          <Link
            to={showUrl(DELIVERIES, d.id)}
            className="jara-num"
            style={{ fontWeight: 600, whiteSpace: 'nowrap' }}
            aria-label={TEXT.viewDelivery(v)}
          >
            {v}
          </Link>
        ),
      },
      {
        title: TEXT.externalId,
        dataIndex: 'external_no',
        width: 110,
        render: (v: string) => <span style={{ overflowWrap: 'anywhere' }}>{v}</span>,
      },
      {
        title: TEXT.warehouse,
        key: 'warehouse',
        width: 120,
        render: (_, d) => (
          <Space direction="vertical" size={0}>
            <span>{d.warehouse?.name ?? TEXT.none}</span>
            {d.warehouse?.location?.name && <SubText>{d.warehouse.location.name}</SubText>}
          </Space>
        ),
      },
      {
        title: TEXT.shippingType,
        dataIndex: 'shipping_type',
        width: 96,
        render: (v: string | null, d) => (
          <Space direction="vertical" size={0}>
            <span style={{ whiteSpace: 'nowrap' }}>{shippingTypeLabel(v, d.type)}</span>
            <SubText>{TYPE_LABELS[d.type] ?? d.type}</SubText>
          </Space>
        ),
      },
      {
        title: TEXT.status,
        dataIndex: 'status',
        width: 118,
        render: (v: number) => <DeliveryStatusTag status={v} />,
      },
      {
        title: TEXT.action,
        key: 'action',
        width: 118,
        render: (_, d) => <DeliveryAction delivery={d} onConfirm={onConfirm} onProceed={onProceed} />,
      },
      {
        title: TEXT.payment,
        key: 'payment',
        width: 88,
        render: (_, d) => <PaymentCell delivery={d} />,
      },
      {
        title: TEXT.date,
        dataIndex: 'created_at',
        width: 108,
        render: (v: string) => formatLongDateTime(v),
      },
    ],
    [showUrl, onConfirm, onProceed, wide],
  );

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <Toolbar table={table}>
        <div role="radiogroup" aria-label={TEXT.typeFilter} style={{ flex: '0 0 auto' }}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={type}
            options={TYPE_OPTIONS}
            onChange={(e) => applyFilter('type', e.target.value === 'all' ? undefined : e.target.value)}
            style={{ whiteSpace: 'nowrap' }}
          />
        </div>
        <FilterSearch
          field="q"
          placeholder={TEXT.search}
          style={{ flex: '1 1 280px', maxWidth: compact ? undefined : 420 }}
        />
        <FilterSelect
          multiple
          field="status"
          label={TEXT.statusFilter}
          all={TEXT.allStatuses}
          options={statusOptions(DELIVERY_STATUSES)}
          style={{ flex: '1 1 220px', maxWidth: compact ? undefined : 320 }}
        />
      </Toolbar>
      <PagedTable<Delivery>
        table={table}
        errorMessage={TEXT.loadFailed}
        emptyText={MSG.deliveries.empty}
        rowKey="id"
        className={compact ? undefined : 'jara-wide-table'}
        columns={compact ? compactColumns : columns}
        scroll={compact ? undefined : { x: 'max-content' }}
      />
      {dialogs}
    </div>
  );
}
