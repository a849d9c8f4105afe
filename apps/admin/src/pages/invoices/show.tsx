import { useCustomMutation, useInvalidate, useShow, type HttpError } from '@refinedev/core';
import { Show } from '@refinedev/antd';
import { Alert, Button, Descriptions, Grid, Popconfirm, Space, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { INVOICE_STATUSES, MSG, formatLongDateTime, invoiceTypeLabel, type Invoice } from '@jara/contracts';
import { StatusTag, formatMoney } from '../../components/money';
import { INVOICE_TEXT as TEXT, PAYMENT_METHOD_LABELS } from './text';

/**
 * One invoice with every field; a pending manual one can be cancelled (POST /invoices/{id}/cancel). An order's or a
 * delivery's invoice belongs to its subject: it is cancelled with the order or changed with the delivery, not here.
 */
export default function InvoiceShow() {
  const screens = Grid.useBreakpoint();
  const invalidate = useInvalidate();
  const { query, result: invoice } = useShow<Invoice, HttpError>({ resource: 'invoices', errorNotification: false });
  const { mutate: post, mutation: cancelling } = useCustomMutation<{ data: Invoice }, HttpError>();

  const cancel = () => {
    if (!invoice) return;
    post(
      {
        url: `invoices/${invoice.id}/cancel`,
        method: 'post',
        values: {},
        successNotification: () => ({ message: MSG.invoices.cancelled, type: 'success' }),
        // Refine's antd notifications show `description` as the heading and `message` as the text.
        errorNotification: (error) => ({ description: MSG.invoices.cancelFailed, message: error?.message ?? MSG.invoices.cancelFailed, type: 'error' }),
      },
      { onSuccess: () => invalidate({ resource: 'invoices', invalidates: ['list', 'detail'], id: invoice.id }) },
    );
  };

  return (
    <Show
      goBack={false}
      isLoading={query.isLoading}
      title={invoice ? `${TEXT.invoice} ${invoice.reference}` : TEXT.title}
      wrapperProps={{ className: 'jara-crud' }}
      headerButtons={() => (
        <Space wrap>
          {invoice?.status === 'pending' && invoice.type === 'manual' && (
            <Popconfirm
              title={MSG.invoices.cancelConfirm}
              okText={TEXT.cancelInvoice}
              cancelText={TEXT.keepInvoice}
              okButtonProps={{ danger: true }}
              onConfirm={cancel}
            >
              <Button danger icon={<StopOutlined />} loading={cancelling.isPending}>
                {TEXT.cancelInvoice}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={query.error?.statusCode === 404 ? MSG.money.invoiceNotFound : MSG.invoices.loadFailed}
          description={query.error?.message}
        />
      ) : invoice ? (
        <Descriptions bordered size="small" column={screens.lg ? 2 : 1} layout={screens.sm ? 'horizontal' : 'vertical'}>
          <Descriptions.Item label={TEXT.reference}>
            <Typography.Text copyable data-testid="invoice-reference">
              {invoice.reference}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={TEXT.status}>
            <StatusTag rows={INVOICE_STATUSES} status={invoice.status} />
          </Descriptions.Item>
          <Descriptions.Item label={TEXT.type}>{invoiceTypeLabel(invoice.type)}</Descriptions.Item>
          <Descriptions.Item label={TEXT.subject}>{invoice.subject?.label ?? TEXT.none}</Descriptions.Item>
          <Descriptions.Item label={TEXT.user}>{invoice.user?.name || TEXT.none}</Descriptions.Item>
          <Descriptions.Item label={TEXT.email}>{invoice.user?.email ?? TEXT.none}</Descriptions.Item>
          <Descriptions.Item label={TEXT.amount}>
            <Typography.Text strong className="jara-num">
              {formatMoney(invoice.amount_minor, invoice.currency)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={TEXT.currency}>{invoice.currency}</Descriptions.Item>
          <Descriptions.Item label={TEXT.paymentMethod}>
            {invoice.payment_method ? (PAYMENT_METHOD_LABELS[invoice.payment_method] ?? invoice.payment_method) : TEXT.none}
          </Descriptions.Item>
          <Descriptions.Item label={TEXT.paidAt}>{invoice.paid_at ? formatLongDateTime(invoice.paid_at) : TEXT.none}</Descriptions.Item>
          <Descriptions.Item label={TEXT.created}>{formatLongDateTime(invoice.created_at)}</Descriptions.Item>
          <Descriptions.Item label={TEXT.description} span={screens.lg ? 2 : 1}>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }}>{invoice.description || TEXT.none}</Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Show>
  );
}
