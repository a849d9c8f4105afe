import { useState } from 'react';
import { useCan, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Modal, Radio, Space, Table, Typography, type TableColumnsType } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import {
  REFUND_DESTINATIONS,
  REFUND_STATUSES,
  formatDate,
  formatLongDateTime,
  formatNaira,
  type Order,
  type OrderRefund,
  type RefundDestination,
} from '@jara/contracts';
import { OrderRefundDto } from '@jara/dto';
import { CardTitle } from '../../components/card-title';
import { DtoNoteField } from '../../components/dto-note-field';
import { dtoRules, dtoSelectProps } from '../../components/dto-rules';
import { StatusTag } from '../../components/money';
import { fieldError } from '../../providers/http';
import { failedWrite } from '../../schema/row-buttons';
import { REFUND_TEXT as TEXT } from './text';

interface RefundForm {
  amount: string;
  destination: RefundDestination;
  reason: string;
}
const FIELDS = ['amount', 'destination', 'reason'] as const;

const COLUMNS: TableColumnsType<OrderRefund> = [
  {
    title: TEXT.destination,
    dataIndex: 'destination_label',
    render: (v: string, r) => (
      <Space direction="vertical" size={0}>
        <span>{v}</span>
        {r.reason && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.reason}
          </Typography.Text>
        )}
        {r.note && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.note}
          </Typography.Text>
        )}
      </Space>
    ),
  },
  {
    // Amount and status together, so a phone shows both without scrolling the card.
    title: TEXT.amount,
    dataIndex: 'amount_minor',
    align: 'right',
    render: (v: number, r) => (
      <Space direction="vertical" size={2} align="end">
        <span className="jara-num">{formatNaira(v)}</span>
        <StatusTag rows={REFUND_STATUSES} status={r.status} testId="refund-status" />
      </Space>
    ),
  },
  {
    title: TEXT.date,
    dataIndex: 'created_at',
    width: 120,
    responsive: ['sm'],
    render: (v: string) => <span title={formatLongDateTime(v)}>{formatDate(v)}</span>,
  },
];

/** What may still be refunded: the total paid less the refunds not failed. */
const refundable = (order: Order, refunds: OrderRefund[]) =>
  order.paid_at
    ? order.total_minor - refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount_minor, 0)
    : 0;

/** The Refund modal (OrderRefundDto): POST /orders/{id}/refunds; the server's 422 under its fields. */
function RefundModal({ order, max, onClose }: { order: Order; max: number; onClose: () => void }) {
  const invalidate = useInvalidate();
  const [form] = Form.useForm<RefundForm>();
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<{ data: OrderRefund }, HttpError, RefundForm>();
  const card = order.payment_method === 'card';
  const submit = (values: RefundForm) =>
    mutate(
      {
        url: `orders/${order.id}/refunds`,
        method: 'post',
        values,
        successNotification: () => ({ message: TEXT.created, type: 'success' }),
        errorNotification: failedWrite(TEXT.failed),
      },
      {
        onSuccess: () => onClose(),
        onError: (error) => {
          const fields = FIELDS.map((name) => ({
            name,
            errors: [fieldError(error, name)].filter(Boolean) as string[],
          }));
          form.setFields(fields.filter((f) => f.errors.length));
          setFailure(fields.some((f) => f.errors.length) ? null : error.message);
        },
        onSettled: () => invalidate({ resource: 'orders', invalidates: ['list', 'detail'], id: order.id }),
      },
    );
  return (
    <Modal
      open
      title={TEXT.refundTitle(order.order_no)}
      okText={TEXT.refund}
      okButtonProps={{ loading: mutation.isPending, htmlType: 'submit', form: 'order-refund-form' }}
      cancelText={TEXT.keep}
      onCancel={() => !mutation.isPending && onClose()}
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={TEXT.refundable(formatNaira(max))} />
        {failure && <Alert type="error" showIcon message={TEXT.failed} description={failure} />}
        <Form<RefundForm>
          id="order-refund-form"
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ destination: 'wallet', amount: '', reason: '' }}
        >
          <Form.Item name="amount" label={TEXT.amount} rules={dtoRules(OrderRefundDto, 'amount')}>
            <Input inputMode="decimal" autoComplete="off" placeholder={TEXT.amountPlaceholder} />
          </Form.Item>
          <Form.Item name="destination" label={TEXT.destination} {...dtoSelectProps(OrderRefundDto, 'destination')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={REFUND_DESTINATIONS.map((d) => ({
                value: d.code,
                label: d.label,
                disabled: d.code === 'card' && !card,
                title: d.code === 'card' && !card ? TEXT.cardOnlyCard : undefined,
              }))}
            />
          </Form.Item>
          <DtoNoteField dto={OrderRefundDto} name="reason" label={TEXT.reason} placeholder={TEXT.reasonPlaceholder} />
        </Form>
      </Space>
    </Modal>
  );
}

/**
 * The order's refunds (issue 24): where the money went (wallet or card), how much, its status and date, and the
 * admin's "Refund" (part or all of what was paid, to the wallet or, for a card-paid order, back to the card).
 */
export function OrderRefunds({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const { data: can } = useCan({ resource: 'orders', action: 'refund', params: { id: order.id } });
  // GET /orders/{id} carries the order's refunds; a new refund refetches the order.
  const refunds = order.refunds ?? [];
  const max = refundable(order, refunds);
  return (
    <Card
      size="small"
      data-testid="order-refunds"
      title={<CardTitle level={5}>{TEXT.title}</CardTitle>}
      extra={
        can?.can &&
        max > 0 && (
          <Button icon={<RollbackOutlined />} onClick={() => setOpen(true)}>
            {TEXT.refund}
          </Button>
        )
      }
    >
      <Table<OrderRefund>
        rowKey="id"
        size="small"
        columns={COLUMNS}
        dataSource={refunds}
        pagination={false}
        locale={{ emptyText: TEXT.none }}
      />
      {open && <RefundModal order={order} max={max} onClose={() => setOpen(false)} />}
    </Card>
  );
}
