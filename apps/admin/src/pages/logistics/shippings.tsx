import { useMemo, useState } from 'react';
import { useNotification, useUpdate, type HttpError } from '@refinedev/core';
import { useForm, useTable } from '@refinedev/antd';
import { App, Button, Card, Flex, Form, Grid, Input, Select, Space, Typography, type TableColumnsType } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import {
  deliveryStatusLabel,
  MSG,
  shippingTitleStatusLabel,
  type ShippingMovePreview,
  type ShippingTitle,
  type ShippingTitleStatus,
  type ShippingType,
} from '@jara/contracts';
import { API_URL } from '../../providers/config';
import { http, toHttpError } from '../../providers/http';
import { ListSearch } from '../../components/list-search';
import { PageTitle } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { useDeliveryRefresh } from '../deliveries/shared';
import { AssignGoodsModal } from './assign-goods';
import { chosen, useLocationSelect, RowActions, useRowDelete } from './shared';
import { LOGISTICS_TEXT as TEXT, SHIPPING_STATUS_OPTIONS, SHIPPING_TYPE_OPTIONS, typeLabel } from './text';

const PAGE_SIZE = 10;

interface ShippingRequest {
  name: string;
  location_id: number;
  type: ShippingType;
  status?: ShippingTitleStatus;
}

/**
 * A status change moves the title's parcels (issue 22): first ask the API what it would move, then confirm with
 * the number that will move and, by status, the ones that will not and why.
 */
function useStatusMoveConfirm() {
  const [previewingId, setPreviewingId] = useState<number | undefined>(undefined);
  const { modal } = App.useApp();
  const { open: notify } = useNotification();

  const confirmStatus = async (
    shipping: Pick<ShippingTitle, 'id' | 'name'>,
    status: ShippingTitleStatus,
    onOk: () => void,
  ) => {
    setPreviewingId(shipping.id);
    let preview: ShippingMovePreview;
    try {
      preview = (
        await http.get<{ data: ShippingMovePreview }>(`${API_URL}/shippings/${shipping.id}/moves`, {
          params: { status },
        })
      ).data.data;
    } catch (error) {
      notify?.({ type: 'error', message: toHttpError(error).message, description: MSG.shipping.movePreviewFailed });
      return;
    } finally {
      setPreviewingId(undefined);
    }
    const target = deliveryStatusLabel(preview.target);
    const none = preview.moving === 0 && preview.staying.length === 0;
    modal.confirm({
      title: MSG.shipping.moveConfirmTitle(shipping.name, shippingTitleStatusLabel(status)),
      content: (
        <div data-testid="shipping-move-preview">
          {none ? (
            <Typography.Paragraph>{MSG.shipping.moveNoParcels}</Typography.Paragraph>
          ) : (
            <>
              <Typography.Paragraph strong>{MSG.shipping.moveCount(preview.moving, target)}</Typography.Paragraph>
              {preview.staying.length > 0 && (
                <ul style={{ paddingInlineStart: 20, margin: 0 }}>
                  {preview.staying.map((row) => (
                    <li key={row.status}>
                      {MSG.shipping.moveStaying(row.count, deliveryStatusLabel(row.status), row.reason)}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      ),
      okText: MSG.shipping.moveConfirm,
      cancelText: TEXT.cancelEdit,
      onOk,
    });
  };
  return { confirmStatus, previewingId };
}

/** Create (name, location, type) or edit (also the status); every field is needed ('Please fill all fields'). */
function ShippingForm({ id, onDone }: { id?: number; onDone: () => void }) {
  const editing = id !== undefined;
  const { open } = useNotification();
  const { confirmStatus } = useStatusMoveConfirm();
  const locationSelect = useLocationSelect();
  const { formProps, saveButtonProps, form, formLoading } = useForm<ShippingTitle, HttpError, ShippingRequest>({
    resource: 'shippings',
    action: editing ? 'edit' : 'create',
    id,
    redirect: false,
    warnWhenUnsavedChanges: false,
    successNotification: () => ({
      message: editing ? MSG.deliveries.updated : MSG.deliveries.created,
      type: 'success',
    }),
    errorNotification: (error) =>
      error?.errors && Object.keys(error.errors).length > 0
        ? false
        : { description: TEXT.saveFailed, message: error?.message ?? TEXT.saveFailed, type: 'error' },
    onMutationSuccess: () => {
      form.resetFields();
      onDone();
    },
  });
  const title = editing ? TEXT.shippingEditTitle : TEXT.shippingCreateTitle;
  const fill = MSG.shipping.fillAllFields;

  return (
    <Card
      size="small"
      title={title}
      style={{ marginBottom: 16 }}
      loading={editing && formLoading && !form.getFieldValue('name')}
    >
      <Form<ShippingRequest>
        {...formProps}
        layout="vertical"
        initialValues={editing ? formProps.initialValues : { type: 'sea_cargo' }}
        onFinish={(values) => {
          const save = () =>
            formProps.onFinish?.({
              name: values.name.trim(),
              location_id: Number(values.location_id),
              type: values.type,
              ...(editing ? { status: values.status } : {}),
            });
          const before = (formProps.initialValues as Partial<ShippingTitle> | undefined)?.status;
          // A new status moves parcels: confirmed like the table's dropdown (issue 22).
          if (id !== undefined && values.status !== undefined && values.status !== before)
            void confirmStatus({ id, name: values.name.trim() }, values.status, () => void save());
          else void save();
        }}
        // The spec's 'Error' toast besides the messages under the fields.
        onFinishFailed={() => open?.({ type: 'error', description: TEXT.error, message: fill, key: 'shipping-fill' })}
        aria-label={title}
      >
        <Flex wrap gap={16} align="flex-start">
          <Form.Item
            label={TEXT.name}
            name="name"
            rules={[{ required: true, whitespace: true, message: fill }]}
            style={{ flex: '1 1 220px', marginBottom: 12 }}
          >
            <Input placeholder={TEXT.shippingPlaceholder} maxLength={120} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={TEXT.location}
            name="location_id"
            rules={[chosen(fill)]}
            style={{ flex: '1 1 200px', marginBottom: 12 }}
          >
            <Select
              {...locationSelect}
              aria-label={TEXT.location}
              placeholder={TEXT.chooseLocation}
              showSearch
              allowClear
            />
          </Form.Item>
          <Form.Item
            label={TEXT.type}
            name="type"
            rules={[chosen(fill)]}
            style={{ flex: '0 1 160px', minWidth: 140, marginBottom: 12 }}
          >
            <Select aria-label={TEXT.type} options={SHIPPING_TYPE_OPTIONS} />
          </Form.Item>
          {editing && (
            <Form.Item
              label={TEXT.status}
              name="status"
              rules={[chosen(fill)]}
              style={{ flex: '0 1 160px', minWidth: 140, marginBottom: 12 }}
            >
              <Select aria-label={TEXT.status} options={SHIPPING_STATUS_OPTIONS} />
            </Form.Item>
          )}
        </Flex>
        <Flex gap={8} wrap>
          <Button {...saveButtonProps} type="primary">
            {editing ? TEXT.save : TEXT.shippingCreate}
          </Button>
          {editing && (
            <Button
              onClick={() => {
                form.resetFields();
                onDone();
              }}
            >
              {TEXT.cancelEdit}
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}

/** Shipping Management (spec 2.25): create/edit form, search, and the table with its status dropdown. */
export default function ShippingList() {
  const [editingId, setEditingId] = useState<number | undefined>(undefined);
  const [broadcasting, setBroadcasting] = useState<ShippingTitle | null>(null);
  const refreshDeliveries = useDeliveryRefresh();
  const compact = !Grid.useBreakpoint().sm;
  const table = useTable<ShippingTitle, HttpError>({
    resource: 'shippings',
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: { permanent: [{ field: 'id', order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  });
  const { filters, setFilters, setCurrentPage } = table;
  const current = filters.find((f) => 'field' in f && f.field === 'q');
  const initialSearch = current && 'value' in current && current.value ? String(current.value) : '';

  const { mutate: update, mutation: updating } = useUpdate<ShippingTitle, HttpError, { status: ShippingTitleStatus }>();
  const { confirmStatus, previewingId } = useStatusMoveConfirm();
  const updatingId = updating.isPending ? updating.variables?.id : previewingId;
  const changeStatus = (shipping: ShippingTitle, status: ShippingTitleStatus) =>
    update(
      {
        resource: 'shippings',
        id: shipping.id,
        values: { status },
        successNotification: () => ({ message: MSG.deliveries.updated, type: 'success' }),
        errorNotification: (error) => ({
          description: TEXT.saveFailed,
          message: error?.message ?? TEXT.saveFailed,
          type: 'error',
        }),
      },
      // The server moves the title's deliveries with it (Loading 4, Transit 5, Arrived 6).
      { onSuccess: () => refreshDeliveries() },
    );

  const { deletingId, confirmDelete } = useRowDelete<ShippingTitle>('shippings', setEditingId);

  const columns = useMemo<TableColumnsType<ShippingTitle>>(
    () => [
      { title: TEXT.id, dataIndex: 'id', width: 64 },
      { title: TEXT.name, dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
      { title: TEXT.location, key: 'location', render: (_, s) => s.location?.name ?? '—' },
      { title: TEXT.type, dataIndex: 'type', width: 110, render: (v: string) => typeLabel(v) },
      {
        title: TEXT.status,
        dataIndex: 'status',
        width: 140,
        render: (v: ShippingTitleStatus, shipping) => (
          <Select<ShippingTitleStatus>
            size="small"
            aria-label={TEXT.statusOf(shipping.name)}
            value={v}
            options={SHIPPING_STATUS_OPTIONS as { value: ShippingTitleStatus; label: string }[]}
            loading={updatingId === shipping.id}
            onChange={(status) => void confirmStatus(shipping, status, () => changeStatus(shipping, status))}
            style={{ width: 120 }}
          />
        ),
      },
      {
        title: TEXT.actions,
        key: 'actions',
        width: compact ? 132 : 300,
        render: (_, shipping) => (
          <Space>
            <RowActions
              compact={compact}
              editing={editingId === shipping.id}
              deleting={deletingId === shipping.id}
              onEdit={() => setEditingId(shipping.id)}
              onDelete={() => confirmDelete(shipping)}
            />
            <Button
              size="small"
              icon={<InboxOutlined />}
              aria-label={TEXT.broadcastFor(shipping.name)}
              title={shipping.status === 1 ? TEXT.broadcast : MSG.deliveries.titleNotLoading}
              disabled={shipping.status !== 1}
              onClick={() => setBroadcasting(shipping)}
            >
              {compact ? null : TEXT.broadcast}
            </Button>
          </Space>
        ),
      },
    ],
    // changeStatus and confirmDelete only close over stable mutate functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, editingId, deletingId, updatingId],
  );

  return (
    <div>
      <PageTitle>{TEXT.shippingTitle}</PageTitle>
      <ShippingForm key={editingId ?? 'new'} id={editingId} onDone={() => setEditingId(undefined)} />
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        <ListSearch
          placeholder={TEXT.shippingSearch}
          initial={initialSearch}
          onApply={(value) => {
            setFilters([{ field: 'q', operator: 'eq', value }], 'merge');
            setCurrentPage(1);
          }}
        />
      </Flex>
      <PagedTable<ShippingTitle>
        table={table}
        errorMessage={MSG.lists.loadShippingFailed}
        emptyText={TEXT.shippingEmpty}
        rowKey="id"
        columns={columns}
        scroll={compact ? { x: 640 } : undefined}
      />
      {broadcasting && <AssignGoodsModal title={broadcasting} onClose={() => setBroadcasting(null)} />}
    </div>
  );
}
