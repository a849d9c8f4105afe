import { useMemo } from 'react';
import { Link } from 'react-router';
import { useNavigation, useShow, type HttpError } from '@refinedev/core';
import { Alert, Col, Descriptions, Grid, Row, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  INVOICE_STATUSES,
  MSG,
  ORDER_STATUS,
  ORDER_STATUSES,
  ROLE_LABELS,
  formatDate,
  formatLongDateTime,
  formatNaira,
  orderAddressLines,
  FULFILMENT_MSG,
  lineProgressText,
  orderPaymentMethodLabel,
  orderStatusLabel,
  type Order,
  type OrderHistoryEntry,
  type OrderLine,
  type Role,
} from '@jara/contracts';
import { CopyableNo, RecordSummary, RecordShow, SectionCard, StatusTimeline } from '../../components/record-show';
import { StatusTag } from '../../components/money';
import { LateTransferAction } from './late-transfer';
import { CollectedShippedAction } from './line-ship';
import { OrderRefunds } from './refunds';
import { OrderStatusActions } from './status-actions';
import { ORDER_TEXT as TEXT } from './text';
import { SubText } from '../../components/cell-text';

function actorText(actor: OrderHistoryEntry['actor']): string {
  if (!actor) return TEXT.system;
  // A role (customer, vendor, admin) or the part played in the order (buyer).
  const role =
    ROLE_LABELS[actor.role as Role] ??
    (actor.role ? actor.role.charAt(0).toUpperCase() + actor.role.slice(1) : TEXT.none);
  return actor.name ? `${actor.name} (${role})` : role;
}

/** The status history, oldest first: from -> to, who, when and the note. */
function HistoryTimeline({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <StatusTimeline
      history={history}
      statuses={ORDER_STATUSES}
      empty={TEXT.noHistory}
      testId="order-history"
      className="jara-history-entry"
      heading={(entry) =>
        entry.from_status === null ? (
          <>
            {TEXT.placedEntry} · {orderStatusLabel(entry.to_status)}
          </>
        ) : entry.from_status === entry.to_status ? (
          // A step that leaves the status as it is: the buyer asking for a return (3 -> 4 by the buyer).
          entry.to_status === ORDER_STATUS.TO_REVIEW ? (
            TEXT.returnRequestEntry
          ) : entry.to_status === ORDER_STATUS.TO_SHIP ? (
            // A line made ready or shipped (decision 031): the note says which.
            `${FULFILMENT_MSG.historyEntry} · ${orderStatusLabel(entry.to_status)}`
          ) : (
            TEXT.unchangedEntry(orderStatusLabel(entry.to_status))
          )
        ) : (
          <>
            {orderStatusLabel(entry.from_status)} <span aria-label="to">→</span> {orderStatusLabel(entry.to_status)}
          </>
        )
      }
      meta={(entry) => `${TEXT.by(actorText(entry.actor))} · ${formatLongDateTime(entry.created_at)}`}
    />
  );
}

/** Tag colours of a line's progress (decision 031). */
const PROGRESS_COLOUR: Record<string, string> = {
  pending: 'default',
  ready_for_pickup: 'gold',
  shipped: 'blue',
  delivered: 'green',
};

/** A line's own progress: "Ready for pickup", "Shipped by GIG Logistics · GIG-123" ... */
function LineProgressTag({ line }: { line: OrderLine }) {
  return (
    <Tag
      color={PROGRESS_COLOUR[line.fulfilment] ?? 'default'}
      data-testid="line-progress"
      style={{ whiteSpace: 'normal' }}
    >
      {lineProgressText(line)}
    </Tag>
  );
}

/** The lines: product, progress, unit price, quantity, line total, commission, vendor share and when it was settled. */
function OrderLines({ order, compact }: { order: Order; compact: boolean }) {
  const { showUrl } = useNavigation();
  // An accepted return reverses every vendor credit of the order (decision 011).
  const returned = order.status === ORDER_STATUS.RETURNED;
  const columns = useMemo<TableColumnsType<OrderLine>>(
    () => [
      {
        title: TEXT.product,
        dataIndex: 'product_name',
        render: (_, line) => (
          <Space direction="vertical" size={0}>
            <Link to={showUrl('products', line.product_id)} aria-label={TEXT.openProduct(line.product_name)}>
              {line.product_name}
            </Link>
            {compact && (
              <>
                <Typography.Text type="secondary" className="jara-num" style={{ fontSize: 12 }}>
                  {line.quantity} × {formatNaira(line.unit_price_minor)}
                </Typography.Text>
                <SubText>
                  {TEXT.commission} {formatNaira(line.commission_minor)} · {TEXT.vendorShare}{' '}
                  {formatNaira(line.vendor_credit_minor)}
                </SubText>
                <SubText>
                  {TEXT.settled}:{' '}
                  {line.settled_at ? (returned ? TEXT.reversed : formatDate(line.settled_at)) : TEXT.notSettled}
                </SubText>
                <LineProgressTag line={line} />
              </>
            )}
          </Space>
        ),
      },
      {
        title: FULFILMENT_MSG.progressTitle,
        dataIndex: 'fulfilment',
        responsive: ['md'],
        render: (_, line) => <LineProgressTag line={line} />,
      },
      {
        title: TEXT.unitPrice,
        dataIndex: 'unit_price_minor',
        align: 'right',
        responsive: ['md'],
        render: (v: number) => <span className="jara-num">{formatNaira(v)}</span>,
      },
      {
        title: TEXT.quantity,
        dataIndex: 'quantity',
        align: 'right',
        width: 64,
        responsive: ['md'],
        render: (v: number) => <span className="jara-num">{v}</span>,
      },
      {
        title: TEXT.lineTotal,
        dataIndex: 'line_total_minor',
        align: 'right',
        render: (v: number) => <span className="jara-num">{formatNaira(v)}</span>,
      },
      {
        title: TEXT.commission,
        dataIndex: 'commission_minor',
        align: 'right',
        responsive: ['md'],
        render: (v: number) => <span className="jara-num">{formatNaira(v)}</span>,
      },
      {
        title: TEXT.vendorShare,
        dataIndex: 'vendor_credit_minor',
        align: 'right',
        responsive: ['md'],
        onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
        render: (v: number) => <span className="jara-num">{formatNaira(v)}</span>,
      },
      {
        title: TEXT.settled,
        dataIndex: 'settled_at',
        width: 120,
        responsive: ['md'],
        render: (v: string | null) =>
          v && returned ? (
            <Tag title={formatLongDateTime(v)}>{TEXT.reversed}</Tag>
          ) : v ? (
            <Typography.Text style={{ fontSize: 13 }} title={formatLongDateTime(v)}>
              {formatDate(v)}
            </Typography.Text>
          ) : (
            <Tag>{TEXT.notSettled}</Tag>
          ),
      },
    ],
    [compact, returned, showUrl],
  );
  const commission = order.items.reduce((sum, line) => sum + line.commission_minor, 0);
  const vendorShare = order.items.reduce((sum, line) => sum + line.vendor_credit_minor, 0);
  const lineTotals = order.items.reduce((sum, line) => sum + line.line_total_minor, 0);

  return (
    <Table<OrderLine>
      data-testid="order-lines"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={order.items}
      pagination={false}
      locale={{ emptyText: TEXT.none }}
      summary={() =>
        compact ? null : (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4}>
              <Typography.Text strong>{TEXT.subtotal}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <Typography.Text strong className="jara-num">
                {formatNaira(lineTotals)}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              <span className="jara-num">{formatNaira(commission)}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              <span className="jara-num">{formatNaira(vendorShare)}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} />
          </Table.Summary.Row>
        )
      }
    />
  );
}

/** One order (admin): summary, lines with the marketplace split, address, notes, invoice and the status history. */
export default function OrderShow() {
  const screens = Grid.useBreakpoint();
  const compact = !screens.md;
  const { showUrl } = useNavigation();
  const { query, result: order } = useShow<Order, HttpError>({ resource: 'orders', errorNotification: false });
  const commission = order ? order.items.reduce((sum, line) => sum + line.commission_minor, 0) : 0;
  const returnOpen = order?.status === ORDER_STATUS.TO_REVIEW && Boolean(order.return_requested_at);

  return (
    <RecordShow
      query={query}
      title={order ? TEXT.orderOf(order.order_no) : TEXT.order}
      tags={order && <StatusTag rows={ORDER_STATUSES} status={order.status} />}
      buttons={
        order && (
          <>
            <CollectedShippedAction order={order} />
            <OrderStatusActions order={order} />
            <LateTransferAction order={order} />
          </>
        )
      }
      notFound={MSG.orders.notFound}
      loadFailed={TEXT.loadFailed}
    >
      {order && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {returnOpen && (
            <Alert
              type="warning"
              showIcon
              data-testid="return-request"
              message={TEXT.returnRequested}
              description={
                <>
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }}>
                    <Typography.Text strong>{TEXT.returnReason}: </Typography.Text>
                    {order.return_reason || TEXT.noReason}
                  </Typography.Paragraph>
                  <Typography.Paragraph style={{ margin: 0 }}>
                    {TEXT.returnRequestedOn(formatLongDateTime(order.return_requested_at))}{' '}
                    {TEXT.acceptEffect(formatNaira(order.total_minor))}
                  </Typography.Paragraph>
                </>
              }
            />
          )}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={15}>
              <RecordSummary testId="order-summary" column={screens.lg ? 2 : 1}>
                <Descriptions.Item label={TEXT.orderNo}>
                  <CopyableNo>{order.order_no}</CopyableNo>
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.placed}>{formatLongDateTime(order.created_at)}</Descriptions.Item>
                <Descriptions.Item label={TEXT.customer} span={screens.lg ? 2 : 1}>
                  <span>{order.user?.name || order.full_name}</span>
                  {order.user?.email && (
                    <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                      {' · '}
                      {order.user.email}
                    </Typography.Text>
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.paymentMethod}>
                  {orderPaymentMethodLabel(order.payment_method)}
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.invoice}>
                  {order.invoice ? (
                    <Space wrap size={8}>
                      <Link
                        to={showUrl('invoices', order.invoice.id)}
                        aria-label={TEXT.openInvoice(order.invoice.reference)}
                        data-testid="order-invoice"
                      >
                        {order.invoice.reference}
                      </Link>
                      <StatusTag rows={INVOICE_STATUSES} status={order.invoice.status} />
                    </Space>
                  ) : (
                    TEXT.noInvoice
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.subtotal}>
                  <span className="jara-num">{formatNaira(order.subtotal_minor)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.shipping}>
                  <span className="jara-num">
                    {order.shipping_minor ? formatNaira(order.shipping_minor) : TEXT.free}
                  </span>
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.total}>
                  <Typography.Text strong className="jara-num" data-testid="order-total">
                    {formatNaira(order.total_minor)}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item
                  label={order.status === ORDER_STATUS.RETURNED ? TEXT.commissionReversed : TEXT.totalCommission}
                >
                  <span className="jara-num">{formatNaira(commission)}</span>
                </Descriptions.Item>
                {order.status === ORDER_STATUS.TO_PAY && order.expires_at && (
                  <Descriptions.Item label={TEXT.expiresAt}>{formatLongDateTime(order.expires_at)}</Descriptions.Item>
                )}
                {order.paid_at && (
                  <Descriptions.Item label={TEXT.paidAt}>{formatLongDateTime(order.paid_at)}</Descriptions.Item>
                )}
                {order.shipped_at && (
                  <Descriptions.Item label={TEXT.shippedAt}>{formatLongDateTime(order.shipped_at)}</Descriptions.Item>
                )}
                {order.received_at && (
                  <Descriptions.Item label={TEXT.receivedAt}>{formatLongDateTime(order.received_at)}</Descriptions.Item>
                )}
              </RecordSummary>
            </Col>
            <Col xs={24} xl={9}>
              <SectionCard title={TEXT.history} full>
                <HistoryTimeline history={order.history ?? []} />
              </SectionCard>
            </Col>
            <Col xs={24}>
              <SectionCard title={TEXT.lines}>
                <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
                  {TEXT.linesCaption}
                </Typography.Paragraph>
                <OrderLines order={order} compact={compact} />
              </SectionCard>
            </Col>
            <Col xs={24}>
              <OrderRefunds order={order} />
            </Col>
            <Col xs={24} md={12}>
              <SectionCard title={TEXT.shippingAddress} full>
                <address data-testid="order-address" style={{ fontStyle: 'normal', margin: 0 }}>
                  {orderAddressLines(order).map((line, index) => (
                    <span key={line.kind}>
                      {index > 0 ? <br /> : null}
                      {line.kind === 'name' ? (
                        <Typography.Text strong>{line.text}</Typography.Text>
                      ) : line.href ? (
                        <a href={line.href} data-testid="order-phone">
                          {line.text}
                        </a>
                      ) : (
                        line.text
                      )}
                    </span>
                  ))}
                </address>
              </SectionCard>
            </Col>
            <Col xs={24} md={12}>
              <SectionCard title={TEXT.notes} full>
                <Typography.Paragraph
                  style={{ margin: 0, whiteSpace: 'pre-line' }}
                  type={order.notes ? undefined : 'secondary'}
                >
                  {order.notes || TEXT.noNotes}
                </Typography.Paragraph>
              </SectionCard>
            </Col>
          </Row>
        </Space>
      )}
    </RecordShow>
  );
}
