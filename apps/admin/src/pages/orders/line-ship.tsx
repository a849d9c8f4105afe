import { useCan, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Button, Form, Input, Typography } from 'antd';
import { CarOutlined } from '@ant-design/icons';
import { FULFILMENT_MSG, LINE_ACTIONS, ORDER_STATUS, type LinesShipInput, type Order } from '@jara/contracts';
import { LinesShipDto } from '@jara/dto';
import { dtoMaxLength, dtoRules } from '../../components/dto-rules';
import { FormModal, useFormDialog } from '../../components/form-modal';

/**
 * "Collected & Shipped" (decision 031): the lines vendors made ready for pickup, which Jara collected, are shipped with
 * Jara's courier and tracking number: POST /orders/{id}/lines/ship {courier, tracking_no, line_ids}. When every line of
 * the order has shipped, the API moves the order to To Receive.
 */
export function CollectedShippedAction({ order }: { order: Order }) {
  const invalidate = useInvalidate();
  const { data: can } = useCan({ resource: 'orders', action: 'status', params: { id: order.id } });
  const { mutate, mutation } = useCustomMutation<{ data: Order }, HttpError, LinesShipInput>();
  const dialog = useFormDialog<true, { courier: string; tracking_no: string }>(mutation.isPending);
  const ready = order.items.filter((line) => line.fulfilment === 'ready_for_pickup');

  if (!can?.can || order.status !== ORDER_STATUS.TO_SHIP || ready.length === 0) return null;

  // The courier and tracking number as typed: LinesShipDto trims and checks them here and on the server alike.
  const submit = ({ courier, tracking_no }: { courier: string; tracking_no: string }) => {
    dialog.setFailure(null);
    mutate(
      {
        url: `orders/${order.id}/lines/ship`,
        method: 'post',
        values: { courier, tracking_no, line_ids: ready.map((line) => line.id) },
        successNotification: () => ({ message: FULFILMENT_MSG.collectDone, type: 'success' }),
        errorNotification: (error) => ({
          description: FULFILMENT_MSG.failed,
          message: error?.message ?? FULFILMENT_MSG.failed,
          type: 'error',
        }),
      },
      {
        onSuccess: () => {
          dialog.setCurrent(null);
          invalidate({ resource: 'orders', invalidates: ['list', 'detail'], id: order.id });
        },
        onError: (error) => {
          const fields = (error?.errors ?? {}) as Record<string, string[] | string | undefined>;
          dialog.form.setFields(
            (['courier', 'tracking_no'] as const)
              .filter((name) => fields[name])
              .map((name) => ({ name, errors: ([] as string[]).concat(fields[name] as string[] | string) })),
          );
          dialog.setFailure(error?.message ?? FULFILMENT_MSG.failed);
          invalidate({ resource: 'orders', invalidates: ['detail'], id: order.id });
        },
      },
    );
  };

  return (
    <>
      <Button type="primary" icon={<CarOutlined />} onClick={() => dialog.open(true)}>
        {LINE_ACTIONS.collect}
      </Button>
      <FormModal
        dialog={dialog}
        title={`${LINE_ACTIONS.collect}: ${order.order_no}`}
        okText={LINE_ACTIONS.collect}
        cancelText="Keep"
        pending={mutation.isPending}
        failureTitle={FULFILMENT_MSG.failed}
        retryable
        formId="collected-shipped-form"
        onFinish={submit}
        intro={
          <Typography.Paragraph style={{ margin: 0 }}>
            {ready.map((line) => `${line.quantity} × ${line.product_name}`).join(', ')}
          </Typography.Paragraph>
        }
      >
        <Form.Item name="courier" label={FULFILMENT_MSG.courierLabel} rules={dtoRules(LinesShipDto, 'courier')}>
          <Input maxLength={dtoMaxLength(LinesShipDto, 'courier')} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="tracking_no"
          label={FULFILMENT_MSG.trackingLabel}
          rules={dtoRules(LinesShipDto, 'tracking_no')}
        >
          <Input maxLength={dtoMaxLength(LinesShipDto, 'tracking_no')} autoComplete="off" />
        </Form.Item>
      </FormModal>
    </>
  );
}
