import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { useSelect } from '@refinedev/antd';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { CheckCircleOutlined, SendOutlined } from '@ant-design/icons';
import {
  DELIVERY_STATUS,
  MSG,
  allowedDeliveryMoves,
  cargoFeeCents,
  deliveryStatusDetailLabel,
  formatDollars,
  fromMinorUnits,
  toHundredths,
  type Delivery,
  type DeliveryStatus,
  type LogisticsSettings,
  type ShippingTitle,
  type ShippingType,
} from '@jara/contracts';
import { DeliveryStatusDto, ProceedDeliveryDto } from '@jara/dto';
import { DtoNoteField, DtoNumberField } from '../../components/dto-note-field';
import { FormModal, MoveButtons, useFormDialog } from '../../components/form-modal';
import { dtoMaxLength, dtoRules, dtoSelectProps } from '../../components/dto-rules';
import { DELIVERY_TEXT as TEXT, SHIPPING_TYPE_OPTIONS, moveAction } from './text';
import { refusal, useDeliveryRefresh, type DeliveryAnswer } from './shared';

// ------------------------------------------------------------------------------------------ Confirm Delivery

/** PATCH /trackings/{id}/status: the answer's message on success, a refusal's message otherwise. */
function useStatusChange() {
  return useCustomMutation<DeliveryAnswer, HttpError, { status: DeliveryStatus; note?: string; location?: string }>();
}

/**
 * 'Delivered to Warehouse' (spec 4, status 1): a confirmation, then PATCH {status: 2}. 'Delivery confirmed
 * successfully' (the server's message), else the server's message or 'Failed to confirm delivery'.
 */
export function ConfirmDeliveryModal({ delivery, onClose }: { delivery: Delivery; onClose: () => void }) {
  const refresh = useDeliveryRefresh();
  const { mutate, mutation } = useStatusChange();
  const confirm = () =>
    mutate(
      {
        url: `trackings/${delivery.id}/status`,
        method: 'patch',
        values: { status: DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE },
        successNotification: (data) => ({
          message: data?.data?.message || MSG.deliveries.deliveryConfirmed,
          type: 'success',
        }),
        errorNotification: (error) => ({
          description: MSG.deliveries.confirmFailed,
          message: refusal(error, MSG.deliveries.confirmFailed, 'status'),
          type: 'error',
        }),
      },
      {
        onSettled: () => {
          refresh(delivery.id);
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={TEXT.confirmTitle}
      okText={TEXT.confirmOk}
      cancelText={TEXT.back}
      onOk={confirm}
      onCancel={() => !mutation.isPending && onClose()}
      okButtonProps={{ loading: mutation.isPending }}
      cancelButtonProps={{ disabled: mutation.isPending }}
      maskClosable={!mutation.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph style={{ margin: 0 }}>
        {TEXT.confirmText(delivery.tracking_no, delivery.warehouse?.name ?? TEXT.warehouse)}
      </Typography.Paragraph>
    </Modal>
  );
}

// ------------------------------------------------------------------------------------------ Proceed Shipping

interface ProceedValues {
  shipping_type?: ShippingType;
  shipping_id?: number;
  size?: number | null;
  weight?: number | null;
  amount?: number | null;
}

/**
 * The body of PUT /trackings/{id} (ProceedDeliveryDto): the form's values as they are. An empty size or weight is 0
 * (spec 5) and an empty fee lets the server compute it, as the DTO reads them; a fee sent must equal the server's.
 */
type ProceedRequest = ProceedValues;

const PROCEED_FIELDS = ['shipping_type', 'shipping_id', 'weight', 'size', 'amount'] as const;

const positive = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** The titles of one shipping type (GET /shippings?type=...), for the Proceed Shipping form. */
function useTitleSelect(type: ShippingType | undefined) {
  const { selectProps, query } = useSelect<ShippingTitle, HttpError>({
    resource: 'shippings',
    optionLabel: (t) => (t.location?.name ? `${t.name} · ${t.location.name}` : t.name),
    optionValue: 'id',
    filters: [{ field: 'type', operator: 'eq', value: type }],
    sorters: [{ field: 'id', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    queryOptions: { enabled: Boolean(type) },
    errorNotification: false,
  });
  return { selectProps, loading: query.isFetching };
}

/**
 * The Proceed Shipping dialog (spec 5): shipping type, a title of that type, size and weight, and the fee computed
 * live from the logistics rates (read-only once a type and a size or weight are given). PUT /trackings/{id}; the
 * server computes the same fee and refuses any other. 'Shipping updated successfully', else the server's message or
 * 'Failed to proceed', inline and as a toast.
 */
export function ProceedShippingModal({ delivery, onClose }: { delivery: Delivery; onClose: () => void }) {
  const [form] = Form.useForm<ProceedValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = useDeliveryRefresh();
  const type = Form.useWatch('shipping_type', form);
  const size = Form.useWatch('size', form);
  const weight = Form.useWatch('weight', form);
  const titles = useTitleSelect(type);
  const { result: ratesResult, query: ratesQuery } = useCustom<{ data: LogisticsSettings }, HttpError>({
    url: 'logistics-settings',
    method: 'get',
    errorNotification: false,
  });
  const rates = ratesResult.data?.data;
  const { mutate, mutation } = useCustomMutation<DeliveryAnswer, HttpError, ProceedRequest>();

  // Spec 5: read-only when a type and a size or weight exist; the fee then follows the rates.
  const computed = Boolean(type) && (positive(size) || positive(weight));
  const feeCents = type && rates ? cargoFeeCents(type, { size, weight }, rates) : 0;
  useEffect(() => {
    if (computed && rates) form.setFieldValue('amount', Number(fromMinorUnits(feeCents)));
  }, [computed, rates, feeCents, form]);

  const close = () => {
    if (mutation.isPending) return;
    setFailure(null);
    onClose();
  };

  const submit = (values: ProceedValues) => {
    setFailure(null);
    mutate(
      {
        url: `trackings/${delivery.id}`,
        method: 'put',
        values,
        successNotification: (data) => ({
          message: data?.data?.message || MSG.deliveries.shippingUpdated,
          type: 'success',
        }),
        errorNotification: (error) => ({
          description: MSG.deliveries.proceedFailed,
          message: error?.message || MSG.deliveries.proceedFailed,
          type: 'error',
        }),
      },
      {
        onSuccess: () => {
          refresh(delivery.id);
          onClose();
        },
        onError: (error) => {
          setFailure(error?.message || MSG.deliveries.proceedFailed);
          const fields = PROCEED_FIELDS.flatMap((name) => {
            const message = refusal(error, '', name);
            return message && error?.errors?.[name] ? [{ name, errors: [message] }] : [];
          });
          if (fields.length) form.setFields(fields);
        },
      },
    );
  };

  const rate = (value: number | string | undefined) =>
    value === undefined ? '…' : formatDollars(toHundredths(value) ?? 0);
  const basis =
    type === 'sea_cargo' ? TEXT.feeBasisSea(rate(rates?.cost_per_cmb3)) : TEXT.feeBasisAir(rate(rates?.cost_per_kg));

  return (
    <Modal
      open
      title={`${TEXT.proceedTitle} · ${delivery.tracking_no}`}
      okText={TEXT.proceedOk}
      cancelText={TEXT.back}
      onCancel={close}
      okButtonProps={{ loading: mutation.isPending, htmlType: 'submit', form: `proceed-${delivery.id}` }}
      cancelButtonProps={{ disabled: mutation.isPending }}
      maskClosable={!mutation.isPending}
      destroyOnHidden
    >
      <Form<ProceedValues>
        id={`proceed-${delivery.id}`}
        form={form}
        layout="vertical"
        aria-label={TEXT.proceedTitle}
        requiredMark={false}
        preserve={false}
        initialValues={{
          shipping_type: delivery.shipping_type ?? undefined,
          shipping_id: delivery.shipping_id ?? undefined,
          size: delivery.size ?? undefined,
          weight: delivery.weight ?? undefined,
          amount: delivery.amount !== null ? Number(delivery.amount) : undefined,
        }}
        onValuesChange={(changed: ProceedValues) => {
          // Titles are filtered by the type: a title of the other type no longer fits.
          if ('shipping_type' in changed) form.setFieldValue('shipping_id', undefined);
        }}
        onFinish={submit}
      >
        <Flex wrap gap={12}>
          <Form.Item
            label={TEXT.shippingType}
            name="shipping_type"
            {...dtoSelectProps(ProceedDeliveryDto, 'shipping_type')}
            style={{ flex: '1 1 180px', marginBottom: 12 }}
          >
            <Select aria-label={TEXT.shippingType} placeholder={TEXT.chooseType} options={SHIPPING_TYPE_OPTIONS} />
          </Form.Item>
          <Form.Item
            label={TEXT.shippingTitle}
            name="shipping_id"
            {...dtoSelectProps(ProceedDeliveryDto, 'shipping_id')}
            style={{ flex: '1 1 220px', marginBottom: 12 }}
          >
            <Select
              {...titles.selectProps}
              aria-label={TEXT.shippingTitle}
              placeholder={TEXT.chooseTitle}
              disabled={!type}
              loading={titles.loading}
              notFoundContent={type ? TEXT.noTitles : null}
              showSearch={false}
              onSearch={undefined}
              filterOption={false}
            />
          </Form.Item>
        </Flex>
        <Flex wrap gap={12}>
          <DtoNumberField dto={ProceedDeliveryDto} name="size" label={TEXT.size} flex="1 1 140px" />
          <DtoNumberField dto={ProceedDeliveryDto} name="weight" label={TEXT.weight} flex="1 1 140px" />
          <DtoNumberField
            dto={ProceedDeliveryDto}
            name="amount"
            label={TEXT.fee}
            flex="1 1 140px"
            precision={2}
            readOnly={computed}
            className={computed ? 'jara-readonly' : undefined}
            data-testid="proceed-fee"
          />
        </Flex>
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          {ratesQuery.isError ? (
            <Alert type="warning" showIcon message={TEXT.ratesFailed} />
          ) : computed ? (
            <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="proceed-fee-basis">
              {TEXT.feeComputed(basis)} {feeCents === 0 ? TEXT.feeZero : null}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {TEXT.feeHint}
            </Typography.Text>
          )}
          {failure && (
            <Alert
              type="error"
              showIcon
              message={MSG.deliveries.proceedFailed}
              description={failure}
              data-testid="proceed-error"
            />
          )}
        </Space>
      </Form>
    </Modal>
  );
}

export interface DeliveryDialogs {
  /** Opens the Confirm Delivery dialog of a delivery at status 1. */
  onConfirm: (delivery: Delivery) => void;
  /** Opens the Proceed Shipping dialog. */
  onProceed: (delivery: Delivery) => void;
}

/**
 * The Confirm Delivery and Proceed Shipping dialogs of a screen, kept by the screen rather than by a table cell (a
 * cell is remounted when the table's columns change, e.g. between the phone and desktop layouts).
 */
export function useDeliveryDialogs(): DeliveryDialogs & { dialogs: ReactNode } {
  const [open, setOpen] = useState<{ kind: 'confirm' | 'proceed'; delivery: Delivery } | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const onConfirm = useCallback((delivery: Delivery) => setOpen({ kind: 'confirm', delivery }), []);
  const onProceed = useCallback((delivery: Delivery) => setOpen({ kind: 'proceed', delivery }), []);
  const dialogs =
    open?.kind === 'confirm' ? (
      <ConfirmDeliveryModal delivery={open.delivery} onClose={close} />
    ) : open?.kind === 'proceed' ? (
      <ProceedShippingModal delivery={open.delivery} onClose={close} />
    ) : null;
  return { onConfirm, onProceed, dialogs };
}

/**
 * The admin's Action column (spec 4): 'Completed' at 7, 'Delivered to Warehouse' (with a confirmation) at 1, 'Proceed'
 * otherwise. A delivery at a final status other than Completed (Cancelled, Returned Goods) still shows 'Proceed' but
 * disabled, with the server's reason: it would refuse.
 */
export function DeliveryAction({ delivery, onConfirm, onProceed }: { delivery: Delivery } & DeliveryDialogs) {
  if (delivery.status === DELIVERY_STATUS.COMPLETED)
    return <Typography.Text type="success">{TEXT.completed}</Typography.Text>;
  if (delivery.status === DELIVERY_STATUS.PENDING_DELIVERY)
    return (
      <Button
        size="small"
        type="primary"
        icon={<CheckCircleOutlined />}
        title={TEXT.confirmFor(delivery.tracking_no)}
        onClick={() => onConfirm(delivery)}
      >
        {TEXT.deliveredToWarehouse}
      </Button>
    );
  const final = allowedDeliveryMoves(delivery.status).length === 0;
  const reason = final ? MSG.deliveries.proceedRefused(deliveryStatusDetailLabel(delivery.status)) : undefined;
  return (
    <Button
      size="small"
      icon={<SendOutlined />}
      title={reason ?? TEXT.proceedFor(delivery.tracking_no)}
      disabled={final}
      onClick={() => onProceed(delivery)}
    >
      {TEXT.proceed}
    </Button>
  );
}

// ------------------------------------------------------------------------------------------ status moves

type MoveValues = { note?: string; location?: string; refund_fee?: boolean };

const DANGER = new Set<DeliveryStatus>([DELIVERY_STATUS.CANCELLED, DELIVERY_STATUS.RETURNED]);

/**
 * The moves allowed from the delivery's status (allowedDeliveryMoves), each a button that asks for an optional note
 * and location, then PATCHes /trackings/{id}/status. The server decides; a refusal shows its message.
 */
export function DeliveryMoves({ delivery }: { delivery: Delivery }) {
  const refresh = useDeliveryRefresh();
  const { mutate, mutation } = useStatusChange();
  const dialog = useFormDialog<{ to: DeliveryStatus; from: DeliveryStatus }, MoveValues>(mutation.isPending);
  const { current: move, setCurrent: setMove, setFailure } = dialog;
  const moves = allowedDeliveryMoves(delivery.status);
  if (moves.length === 0) return null;

  // The note and location as typed: DeliveryStatusDto trims them (blank is none), here and on the server alike.
  const submit = ({ note, location, refund_fee }: MoveValues) => {
    if (!move) return;
    const values = { status: move.to, note, location, ...(refund_fee ? { refund_fee } : {}) };
    const fallback =
      move.to === DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE ? MSG.deliveries.confirmFailed : TEXT.statusUpdateFailed;
    mutate(
      {
        url: `trackings/${delivery.id}/status`,
        method: 'patch',
        values,
        successNotification: (data) => ({
          message:
            data?.data?.message ||
            (move.to === DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE
              ? MSG.deliveries.deliveryConfirmed
              : TEXT.statusUpdated),
          type: 'success',
        }),
        errorNotification: (error) => ({
          description: fallback,
          message: refusal(error, fallback, 'status'),
          type: 'error',
        }),
      },
      {
        onSuccess: () => {
          setMove(null);
          refresh(delivery.id);
        },
        onError: (error) => {
          setFailure(refusal(error, fallback, 'status'));
          refresh(delivery.id);
        },
      },
    );
  };

  const action = move ? moveAction(move.to) : '';
  const unpaid =
    move?.to === DELIVERY_STATUS.READY_FOR_SHIPPING && delivery.payment_status !== 'paid'
      ? MSG.deliveries.feeUnpaid
      : null;
  return (
    <>
      <MoveButtons
        testId="delivery-moves"
        moves={moves.map((to) => ({ to, action: moveAction(to) }))}
        danger={(to) => DANGER.has(to)}
        onMove={({ to }) => dialog.open({ to, from: delivery.status })}
      />
      <FormModal
        dialog={dialog}
        title={move && TEXT.moveTitle(action, delivery.tracking_no)}
        okText={action}
        cancelText={TEXT.back}
        danger={move ? DANGER.has(move.to) : false}
        pending={mutation.isPending}
        failureTitle={TEXT.statusUpdateFailed}
        formId="delivery-status-form"
        formLabel={TEXT.moves}
        onFinish={submit}
        intro={
          move && (
            <>
              <Typography.Paragraph style={{ margin: 0 }}>
                {TEXT.moveText(deliveryStatusDetailLabel(move.from), deliveryStatusDetailLabel(move.to))}
              </Typography.Paragraph>
              {unpaid && <Alert type="warning" showIcon message={unpaid} />}
            </>
          )
        }
      >
        <Form.Item
          name="location"
          label={TEXT.location}
          rules={dtoRules(DeliveryStatusDto, 'location')}
          style={{ marginBottom: 12 }}
        >
          <Input maxLength={dtoMaxLength(DeliveryStatusDto, 'location')} placeholder={TEXT.locationPlaceholder} />
        </Form.Item>
        <DtoNoteField dto={DeliveryStatusDto} name="note" label={TEXT.note} placeholder={TEXT.notePlaceholder} />
        {move?.to === DELIVERY_STATUS.RETURNED && delivery.payment_status === 'paid' && (
          // After the voyage a paid fee is refunded only when the admin says so (decision 024).
          <Form.Item name="refund_fee" valuePropName="checked" style={{ marginBottom: 12 }}>
            <Checkbox>{MSG.deliveries.refundFeeLabel}</Checkbox>
          </Form.Item>
        )}
      </FormModal>
    </>
  );
}
