import { useMemo, useState } from 'react';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Alert, Grid, Modal, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { DELIVERY_ASSIGNABLE_STATUSES, MSG, type Delivery, type ShippingTitle } from '@jara/contracts';
import { ListSearch } from '../../components/list-search';
import { PagedTable } from '../../components/paged-table';
import { DELIVERIES, DeliveryStatusTag, refusal, useDeliveryRefresh } from '../deliveries/shared';
import { DELIVERY_TEXT as TEXT } from '../deliveries/text';
import { typeLabel } from './text';

const PAGE_SIZE = 8;

/** The deliveries a Loading title may take (as the API accepts them): foreign, of its type, at the warehouse. */
const ASSIGNABLE = DELIVERY_ASSIGNABLE_STATUSES.map(String);

interface AssignAnswer {
  data: { assigned: number; moved: number };
  message?: string;
}

/**
 * 'Assign Goods to Shipping' (spec 2.25's Broadcast, made real): the foreign deliveries of the title's shipping type
 * that may travel with it, with checkboxes; POST /shippings/{id}/assign {delivery_ids}. 'Updated!' on success (the
 * server's message), the server's message otherwise. The title's status changes then move them (PUT /shippings/{id}).
 */
export function AssignGoodsModal({ title, onClose }: { title: ShippingTitle; onClose: () => void }) {
  const compact = !Grid.useBreakpoint().sm;
  const [selected, setSelected] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = useDeliveryRefresh();
  const table = useTable<Delivery, HttpError>({
    resource: DELIVERIES,
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: { permanent: [{ field: 'created_at', order: 'asc' }] },
    filters: {
      permanent: [
        { field: 'type', operator: 'eq', value: 'foreign' },
        { field: 'shipping_type', operator: 'eq', value: title.type },
        { field: 'status', operator: 'in', value: ASSIGNABLE },
      ],
      defaultBehavior: 'merge',
    },
    syncWithLocation: false,
    errorNotification: false,
  });
  const { tableQuery, setFilters, setCurrentPage } = table;
  const { mutate, mutation } = useCustomMutation<AssignAnswer, HttpError, { delivery_ids: number[] }>();

  const assign = () => {
    setFailure(null);
    mutate(
      {
        url: `shippings/${title.id}/assign`,
        method: 'post',
        values: { delivery_ids: selected },
        successNotification: (data) => ({ message: data?.data?.message || MSG.deliveries.updated, type: 'success' }),
        errorNotification: (error) => ({
          description: TEXT.assignFailed,
          message: refusal(error, TEXT.assignFailed, 'delivery_ids'),
          type: 'error',
        }),
      },
      {
        onSuccess: () => {
          refresh();
          onClose();
        },
        onError: (error) => {
          setFailure(refusal(error, TEXT.assignFailed, 'delivery_ids'));
          void tableQuery.refetch();
        },
      },
    );
  };

  const columns = useMemo<TableColumnsType<Delivery>>(
    () => [
      {
        title: TEXT.trackingId,
        dataIndex: 'tracking_no',
        render: (v: string, d) => (
          <Space direction="vertical" size={0}>
            <span className="jara-num" style={{ fontWeight: 600 }}>
              {v}
            </span>
            <span style={{ fontSize: 12 }}>{d.name || d.user?.name || TEXT.none}</span>
          </Space>
        ),
      },
      {
        title: TEXT.warehouse,
        key: 'warehouse',
        responsive: ['sm'],
        render: (_, d) => d.warehouse?.name ?? TEXT.none,
      },
      { title: TEXT.status, dataIndex: 'status', render: (v: number) => <DeliveryStatusTag status={v} /> },
      {
        title: TEXT.currentTitle,
        key: 'shipping',
        responsive: ['sm'],
        render: (_, d) =>
          d.shipping_id === title.id ? <Tag color="green">{TEXT.onThisTitle}</Tag> : (d.shipping?.name ?? TEXT.none),
      },
    ],
    [title.id],
  );

  return (
    <Modal
      open
      width={compact ? undefined : 760}
      title={`${TEXT.assignTitle} · ${title.name}`}
      okText={TEXT.assign(selected.length)}
      cancelText={TEXT.back}
      onOk={assign}
      onCancel={() => !mutation.isPending && onClose()}
      okButtonProps={{ disabled: selected.length === 0, loading: mutation.isPending }}
      cancelButtonProps={{ disabled: mutation.isPending }}
      maskClosable={!mutation.isPending}
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {TEXT.assignHint(title.name, typeLabel(title.type))}
        </Typography.Paragraph>
        <ListSearch
          placeholder={TEXT.assignSearch}
          onApply={(value) => {
            setFilters([{ field: 'q', operator: 'eq', value }], 'merge');
            setCurrentPage(1);
          }}
          style={{ maxWidth: '100%' }}
        />
        {failure && (
          <Alert type="error" showIcon message={TEXT.assignFailed} description={failure} data-testid="assign-error" />
        )}
        <PagedTable<Delivery>
          table={table}
          errorMessage={TEXT.loadFailed}
          emptyText={TEXT.assignEmpty}
          rowKey="id"
          size="small"
          columns={columns}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(Number)),
            getCheckboxProps: (d) => ({
              disabled: d.shipping_id === title.id,
              'aria-label': d.tracking_no,
            }),
          }}
        />
      </Space>
    </Modal>
  );
}
