import { useCustomMutation, useInvalidate, useShow, type HttpError } from '@refinedev/core';
import { Button, Descriptions, Grid, Popconfirm, Space, Table, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import {
  INVOICE_STATUSES,
  MSG,
  formatLongDateTime,
  invoiceSubjectText,
  invoiceTypeLabel,
  type Invoice,
  type InvoiceDetails,
} from '@jara/contracts';
import { StatusTag, formatMoney } from '../../components/money';
import { RecordShow, RecordSummary } from '../../components/record-show';
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
        errorNotification: (error) => ({
          description: MSG.invoices.cancelFailed,
          message: error?.message ?? MSG.invoices.cancelFailed,
          type: 'error',
        }),
      },
      { onSuccess: () => invalidate({ resource: 'invoices', invalidates: ['list', 'detail'], id: invoice.id }) },
    );
  };

  return (
    <RecordShow
      query={query}
      title={invoice ? `${TEXT.invoice} ${invoice.reference}` : TEXT.title}
      buttons={
        invoice?.status === 'pending' &&
        invoice.type === 'manual' && (
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
        )
      }
      notFound={MSG.money.invoiceNotFound}
      loadFailed={MSG.invoices.loadFailed}
    >
      {invoice && (
        <RecordSummary column={screens.lg ? 2 : 1}>
          <Descriptions.Item label={TEXT.reference}>
            <Typography.Text copyable data-testid="invoice-reference">
              {invoice.reference}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={TEXT.status}>
            <StatusTag rows={INVOICE_STATUSES} status={invoice.status} />
          </Descriptions.Item>
          <Descriptions.Item label={TEXT.type}>{invoiceTypeLabel(invoice.type)}</Descriptions.Item>
          <Descriptions.Item label={TEXT.subject}>
            {invoice.subject ? invoiceSubjectText(invoice) : TEXT.none}
          </Descriptions.Item>
          <Descriptions.Item label={TEXT.user}>{invoice.user?.name || TEXT.none}</Descriptions.Item>
          <Descriptions.Item label={TEXT.email}>{invoice.user?.email ?? TEXT.none}</Descriptions.Item>
          <Descriptions.Item label={TEXT.amount}>
            <Typography.Text strong className="jara-num">
              {formatMoney(invoice.amount_minor, invoice.currency)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={TEXT.currency}>{invoice.currency}</Descriptions.Item>
          <Descriptions.Item label={TEXT.paymentMethod}>
            {invoice.details?.payment_label ??
              (invoice.payment_method
                ? (PAYMENT_METHOD_LABELS[invoice.payment_method] ?? invoice.payment_method)
                : TEXT.none)}
          </Descriptions.Item>
          <Descriptions.Item label={TEXT.paidAt}>
            {invoice.paid_at ? formatLongDateTime(invoice.paid_at) : TEXT.none}
          </Descriptions.Item>
          <Descriptions.Item label={TEXT.created}>{formatLongDateTime(invoice.created_at)}</Descriptions.Item>
          <Descriptions.Item label={TEXT.description} span={screens.lg ? 2 : 1}>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }}>
              {invoice.description || TEXT.none}
            </Typography.Paragraph>
          </Descriptions.Item>
        </RecordSummary>
      )}
      {invoice?.details && <InvoiceParties invoice={invoice} details={invoice.details} />}
    </RecordShow>
  );
}

/** Seller, buyer and delivery address, then the lines adding up to the total (issue 22). */
function InvoiceParties({ invoice, details }: { invoice: Invoice; details: InvoiceDetails }) {
  const screens = Grid.useBreakpoint();
  const money = (minor: number) => <span className="jara-num">{formatMoney(minor, invoice.currency)}</span>;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', marginTop: 16 }}>
      <Descriptions
        bordered
        size="small"
        column={screens.lg ? 3 : 1}
        layout="vertical"
        data-testid="invoice-parties"
        items={[
          {
            key: 'seller',
            label: TEXT.seller,
            children: (
              <>
                <Typography.Text strong>{details.seller.name}</Typography.Text>
                <br />
                {details.seller.address}
              </>
            ),
          },
          {
            key: 'buyer',
            label: TEXT.buyer,
            children: (
              <>
                <Typography.Text strong>{details.buyer.name || TEXT.none}</Typography.Text>
                <br />
                <span style={{ overflowWrap: 'anywhere' }}>{details.buyer.email}</span>
              </>
            ),
          },
          { key: 'address', label: TEXT.deliveryAddress, children: details.delivery_address ?? TEXT.none },
        ]}
      />
      <Table
        rowKey={(_, index) => String(index)}
        size="small"
        pagination={false}
        dataSource={details.lines}
        data-testid="invoice-lines"
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: TEXT.item,
            dataIndex: 'description',
            render: (v: string) => <span style={{ overflowWrap: 'anywhere' }}>{v}</span>,
          },
          { title: TEXT.quantity, dataIndex: 'quantity', align: 'right', width: 72 },
          // On phones the unit price gives way so the line's amount stays in view.
          {
            title: TEXT.unitPrice,
            dataIndex: 'unit_minor',
            align: 'right',
            width: 130,
            render: money,
            responsive: ['sm'],
          },
          { title: TEXT.lineTotal, dataIndex: 'total_minor', align: 'right', width: 130, render: money },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={screens.sm ? 3 : 2}>
              <Typography.Text strong>{TEXT.total}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong>{money(invoice.amount_minor)}</Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Space>
  );
}
