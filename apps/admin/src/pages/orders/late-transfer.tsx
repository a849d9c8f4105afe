import { useCan, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Button } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import {
  MSG,
  ORDER_STATUS,
  formatNaira,
  type LateTransferInput,
  type LateTransferOutcome,
  type Order,
} from '@jara/contracts';
import { LateTransferDto } from '@jara/dto';
import { DtoNoteField } from '../../components/dto-note-field';
import { FormModal, useFormDialog } from '../../components/form-modal';
import { ORDER_TEXT as TEXT } from './text';

/**
 * "Late Transfer Received" on a cancelled bank-transfer order (admin): POST /orders/{id}/late-transfer {note}. The API
 * takes the stock again and moves the order to To Ship with its invoice paid, or credits the customer's wallet the
 * order total when the stock is gone (decision 022). Once per order: the API refuses a second one.
 */
export function LateTransferAction({ order }: { order: Order }) {
  const invalidate = useInvalidate();
  const { data: can } = useCan({ resource: 'orders', action: 'status', params: { id: order.id } });
  const { mutate, mutation } = useCustomMutation<
    { data: Order & { late_transfer: LateTransferOutcome } },
    HttpError,
    LateTransferInput
  >();
  const dialog = useFormDialog<true, { note?: string }>(mutation.isPending);

  if (!can?.can || order.status !== ORDER_STATUS.CANCELLED || order.payment_method !== 'bank_transfer') return null;

  // The note as typed: LateTransferDto trims it (blank is no note), here and on the server alike.
  const submit = ({ note }: { note?: string }) => {
    mutate(
      {
        url: `orders/${order.id}/late-transfer`,
        method: 'post',
        values: { note },
        successNotification: (data) => ({
          message:
            data?.data.data.late_transfer === 'credited' ? TEXT.lateTransferCredited : TEXT.lateTransferRestocked,
          type: 'success',
        }),
        errorNotification: (error) => ({
          description: MSG.orders.statusUpdateFailed,
          message: error?.message ?? MSG.orders.statusUpdateFailed,
          type: 'error',
        }),
      },
      {
        onSuccess: () => {
          dialog.setCurrent(null);
          invalidate({ resource: 'orders', invalidates: ['list', 'detail'], id: order.id });
        },
        onError: (error) => {
          dialog.setFailure(error?.message ?? MSG.orders.statusUpdateFailed);
          invalidate({ resource: 'orders', invalidates: ['detail'], id: order.id });
        },
      },
    );
  };

  return (
    <>
      <Button type="primary" icon={<BankOutlined />} onClick={() => dialog.open(true)}>
        {TEXT.lateTransfer}
      </Button>
      <FormModal
        dialog={dialog}
        title={TEXT.lateTransferTitle(order.order_no)}
        okText={TEXT.lateTransfer}
        cancelText={TEXT.keep}
        pending={mutation.isPending}
        failureTitle={MSG.orders.statusUpdateFailed}
        formId="late-transfer-form"
        onFinish={submit}
        intro={<Alert type="info" showIcon message={TEXT.lateTransferEffect(formatNaira(order.total_minor))} />}
      >
        <DtoNoteField dto={LateTransferDto} name="note" label={TEXT.note} placeholder={TEXT.lateTransferPlaceholder} />
      </FormModal>
    </>
  );
}
