import { useState } from 'react';
import { useNotification, useUpdate, type HttpError } from '@refinedev/core';
import { App, Button, Select, Typography } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  CONSOLIDATION_TEXT,
  deliveryStatusLabel,
  MSG,
  shippingTitleStatusLabel,
  type ShippingMovePreview,
  type ShippingTitle,
  type ShippingTitleStatus,
  type ShippingType,
} from '@jara/contracts';
import { CreateShippingDto, UpdateShippingDto } from '@jara/dto';
import { API_URL } from '../providers/config';
import { http, toHttpError } from '../providers/http';
import { failedWrite } from '../schema/row-buttons';
import { describe } from '../schema/types';
import { useDeliveryRefresh } from '../pages/deliveries/shared';
import { download } from '../pages/deliveries/last-mile';
import { AssignGoodsModal } from '../pages/logistics/assign-goods';
import { LOGISTICS_DELETE, LOGISTICS_SAVED, placedFields } from '../pages/logistics/shared';
import {
  LOGISTICS_TEXT as TEXT,
  SHIPPING_STATUS_OPTIONS,
  SHIPPING_TYPE_OPTIONS,
  typeLabel,
} from '../pages/logistics/text';

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

/** The table's status dropdown (PUT {status}, confirmed with what it moves) and the Assign goods modal. */
function useShippingRows() {
  const [broadcasting, setBroadcasting] = useState<ShippingTitle | null>(null);
  const refreshDeliveries = useDeliveryRefresh();
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
        errorNotification: failedWrite(TEXT.saveFailed),
      },
      // The server moves the title's deliveries with it (Loading 4, Transit 5, Arrived 6).
      { onSuccess: () => refreshDeliveries() },
    );
  return { broadcasting, setBroadcasting, updatingId, confirmStatus, changeStatus };
}

/** A new status from the edit form moves parcels: confirmed like the table's dropdown (issue 22). */
function useStatusSaveStep() {
  const { confirmStatus } = useStatusMoveConfirm();
  return (
    values: ShippingRequest,
    record: Partial<ShippingTitle> | undefined,
    id: number | undefined,
    save: () => void,
  ) => {
    if (id !== undefined && values.status !== undefined && values.status !== record?.status)
      void confirmStatus({ id, name: values.name.trim() }, values.status, save);
    else save();
  };
}

/**
 * The title's manifest (issue 26, decision 045), CSV and PDF: downloaded with the admin's bearer token (the API serves
 * it to staff only), every declared line of every parcel on the title.
 */
function ManifestButtons({ shipping, compact }: { shipping: ShippingTitle; compact: boolean }) {
  const { message } = App.useApp();
  const get = (kind: 'csv' | 'pdf') =>
    download(`/shippings/${shipping.id}/manifest.${kind}`, `manifest-${shipping.id}.${kind}`).catch((error) =>
      message.error(`${CONSOLIDATION_TEXT.manifestFailed}: ${toHttpError(error).message}`),
    );
  return (
    <>
      {(['csv', 'pdf'] as const).map((kind) => (
        <Button
          key={kind}
          size="small"
          icon={<DownloadOutlined />}
          aria-label={CONSOLIDATION_TEXT.manifestOf(kind === 'csv' ? 'CSV' : 'PDF', shipping.name)}
          title={kind === 'csv' ? CONSOLIDATION_TEXT.manifestCsv : CONSOLIDATION_TEXT.manifestPdf}
          onClick={() => void get(kind)}
        >
          {compact ? null : kind === 'csv' ? CONSOLIDATION_TEXT.manifestCsv : CONSOLIDATION_TEXT.manifestPdf}
        </Button>
      ))}
    </>
  );
}

/** Shipping Management (spec 2.25): create/edit form, search, and the table with its status dropdown. */
export default describe<ShippingTitle, ShippingRequest, ReturnType<typeof useShippingRows>>({
  resource: 'shippings',
  title: TEXT.shippingTitle,
  pageSize: 10,
  sorters: { permanent: [{ field: 'id', order: 'desc' }] },
  filters: [{ kind: 'search', field: 'q', placeholder: TEXT.shippingSearch }],
  useExtra: useShippingRows,
  columns: ({ extra: { updatingId, confirmStatus, changeStatus } }) => [
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
  ],
  actions: {
    width: [196, 440],
    after: (shipping, { compact, extra }) => (
      <>
        <ManifestButtons shipping={shipping} compact={compact} />
        <Button
          size="small"
          icon={<InboxOutlined />}
          aria-label={TEXT.broadcastFor(shipping.name)}
          title={shipping.status === 1 ? TEXT.broadcast : MSG.deliveries.titleNotLoading}
          disabled={shipping.status !== 1}
          onClick={() => extra.setBroadcasting(shipping)}
        >
          {compact ? null : TEXT.broadcast}
        </Button>
      </>
    ),
  },
  table: (compact) => ({ scroll: compact ? { x: 640 } : undefined }),
  errorMessage: MSG.lists.loadShippingFailed,
  emptyText: TEXT.shippingEmpty,
  below: ({ broadcasting, setBroadcasting }) =>
    broadcasting && <AssignGoodsModal title={broadcasting} onClose={() => setBroadcasting(null)} />,
  form: {
    dto: { create: CreateShippingDto, update: UpdateShippingDto },
    ...LOGISTICS_SAVED,
    createTitle: TEXT.shippingCreateTitle,
    editTitle: TEXT.shippingEditTitle,
    createButton: TEXT.shippingCreate,
    initialValues: { type: 'sea_cargo' },
    // Every field is needed: the DTO's message under them and in an 'Error' toast (spec 2.25).
    invalidToast: true,
    useBeforeSave: useStatusSaveStep,
    rows: [
      [
        ...placedFields(TEXT.shippingPlaceholder, SHIPPING_TYPE_OPTIONS),
        {
          name: 'status',
          label: TEXT.status,
          input: <Select aria-label={TEXT.status} options={SHIPPING_STATUS_OPTIONS} />,
          flex: '0 1 160px',
          minWidth: 140,
          editOnly: true,
        },
      ],
    ],
    toRequest: (v, editing) => ({
      name: v.name.trim(),
      location_id: Number(v.location_id),
      type: v.type,
      ...(editing ? { status: v.status } : {}),
    }),
  },
  delete: LOGISTICS_DELETE,
});
