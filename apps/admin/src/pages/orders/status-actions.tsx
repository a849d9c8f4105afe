import type { ReactNode } from 'react';
import { useCan, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Checkbox, Form, Typography } from 'antd';
import { CheckCircleOutlined, CarOutlined, RollbackOutlined, StopOutlined, WalletOutlined } from '@ant-design/icons';
import {
  ACCEPT_RETURN_ACTION,
  MSG,
  ORDER_STATUS,
  formatLongDateTime,
  formatNaira,
  orderMovesFor,
  orderStatusLabel,
  type Order,
  type OrderStatus,
  type OrderStatusInput,
} from '@jara/contracts';
import { OrderStatusDto } from '@jara/dto';
import { DtoNoteField } from '../../components/dto-note-field';
import { FormModal, MoveButtons, useFormDialog } from '../../components/form-modal';
import { fieldError } from '../../providers/http';
import { ORDER_TEXT as TEXT } from './text';

/** One button the admin may press on this order: the move and its label. */
export interface AdminMove {
  to: OrderStatus;
  action: string;
}

/**
 * The admin's moves from the order's status (ORDER_TRANSITIONS via orderMovesFor). 3 -> 4 is the admin accepting
 * a return the buyer asked for, so it is offered only when the buyer has asked (return_requested_at).
 */
export function adminMoves(order: Pick<Order, 'status' | 'return_requested_at'>): AdminMove[] {
  return orderMovesFor(order.status, 'admin').flatMap((move) => {
    if (move.from === ORDER_STATUS.TO_REVIEW && move.to === ORDER_STATUS.RETURNED) {
      return order.return_requested_at ? [{ to: move.to, action: ACCEPT_RETURN_ACTION }] : [];
    }
    return [{ to: move.to, action: move.action }];
  });
}

const ICONS: Partial<Record<OrderStatus, ReactNode>> = {
  [ORDER_STATUS.TO_SHIP]: <WalletOutlined />,
  [ORDER_STATUS.TO_RECEIVE]: <CarOutlined />,
  [ORDER_STATUS.TO_REVIEW]: <CheckCircleOutlined />,
  [ORDER_STATUS.RETURNED]: <RollbackOutlined />,
  [ORDER_STATUS.CANCELLED]: <StopOutlined />,
};

const DANGER = new Set<OrderStatus>([ORDER_STATUS.CANCELLED, ORDER_STATUS.RETURNED]);

/** What else happens with this move, in a sentence (the API does it in the status change's transaction). */
function consequence(order: Order, to: OrderStatus): string | null {
  if (to === ORDER_STATUS.TO_SHIP) return TEXT.confirmPaid;
  if (to === ORDER_STATUS.TO_REVIEW) return TEXT.confirmSettle;
  if (to === ORDER_STATUS.CANCELLED) return TEXT.confirmCancel;
  if (to === ORDER_STATUS.RETURNED) return TEXT.confirmRefund(formatNaira(order.total_minor));
  return null;
}

/** The message of a refused change: the status field's error of a 422, else the API's message (409 and others). */
function refusal(error: HttpError | null | undefined): string {
  return fieldError(error, 'status') ?? error?.message ?? MSG.orders.statusUpdateFailed;
}

/**
 * The status-change buttons of an order (admin): each asks for confirmation with an optional note, then
 * PATCHes /orders/{id}/status {status, note}. The API decides; a refusal shows its message.
 */
export function OrderStatusActions({ order }: { order: Order }) {
  const invalidate = useInvalidate();
  const { data: can } = useCan({ resource: 'orders', action: 'status', params: { id: order.id } });
  const { mutate: patch, mutation } = useCustomMutation<{ data: Order }, HttpError, OrderStatusInput>();
  // The move being confirmed and the status it starts from (kept: the order may be refetched meanwhile).
  const dialog = useFormDialog<AdminMove & { from: OrderStatus }, { note?: string; restock?: boolean }>(
    mutation.isPending,
  );
  const { current: move, setCurrent: setMove, setFailure } = dialog;

  const moves = adminMoves(order);
  if (!can?.can || moves.length === 0) return null;

  // The note as typed: OrderStatusDto trims it (blank is no note), here and on the server alike.
  const submit = ({ note, restock }: { note?: string; restock?: boolean }) => {
    if (!move) return;
    const accept = move.to === ORDER_STATUS.RETURNED;
    patch(
      {
        url: `orders/${order.id}/status`,
        method: 'patch',
        values: { status: move.to, note, ...(accept ? { restock: restock === true } : {}) },
        successNotification: () => ({ message: MSG.orders.statusUpdated, type: 'success' }),
        // Refine's antd notifications show `description` as the heading and `message` as the text.
        errorNotification: (error) => ({
          description: MSG.orders.statusUpdateFailed,
          message: refusal(error),
          type: 'error',
        }),
      },
      {
        onSuccess: () => {
          setMove(null);
          invalidate({ resource: 'orders', invalidates: ['list', 'detail'], id: order.id });
        },
        onError: (error) => {
          setFailure(refusal(error));
          // The order may have moved meanwhile (another admin, the buyer, the expiry job): show it as it is now.
          invalidate({ resource: 'orders', invalidates: ['detail'], id: order.id });
        },
      },
    );
  };

  const accepting = move?.to === ORDER_STATUS.RETURNED;
  const effect = move && consequence(order, move.to);
  return (
    <>
      <MoveButtons
        moves={moves}
        icon={(m) => ICONS[m.to]}
        danger={(to) => DANGER.has(to)}
        onMove={(m) => dialog.open({ ...m, from: order.status })}
      />
      <FormModal
        dialog={dialog}
        title={move && TEXT.confirmTitle(move.action, order.order_no)}
        okText={move?.action}
        cancelText={TEXT.keep}
        // After a refusal the order is shown as it is now; the buttons on the page offer what is still possible.
        danger={move ? DANGER.has(move.to) : false}
        pending={mutation.isPending}
        failureTitle={MSG.orders.statusUpdateFailed}
        formId="order-status-form"
        formLabel={TEXT.moves}
        onFinish={submit}
        intro={
          move && (
            <>
              <Typography.Paragraph style={{ margin: 0 }}>
                {TEXT.confirmMove(orderStatusLabel(move.from), orderStatusLabel(move.to))}
              </Typography.Paragraph>
              {effect && <Alert type={accepting ? 'warning' : 'info'} showIcon message={effect} />}
              {accepting && (
                <div data-testid="return-request-summary">
                  <Typography.Text strong>{TEXT.returnReason}: </Typography.Text>
                  <Typography.Text style={{ whiteSpace: 'pre-line' }}>
                    {order.return_reason || TEXT.noReason}
                  </Typography.Text>
                  {order.return_requested_at && (
                    <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
                      {TEXT.returnRequestedOn(formatLongDateTime(order.return_requested_at))}
                    </Typography.Paragraph>
                  )}
                </div>
              )}
            </>
          )
        }
      >
        <DtoNoteField dto={OrderStatusDto} name="note" label={TEXT.note} placeholder={TEXT.notePlaceholder} />
        {accepting && (
          <Form.Item name="restock" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{TEXT.restock}</Checkbox>
          </Form.Item>
        )}
      </FormModal>
    </>
  );
}
