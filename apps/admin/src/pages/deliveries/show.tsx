import { Link, useNavigate } from 'react-router';
import { useNavigation, useShow, type HttpError } from '@refinedev/core';
import { Button, Col, Descriptions, Grid, Row, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import {
  DELIVERY_STATUSES,
  INVOICE_STATUSES,
  deliveryStatusDetailLabel,
  formatDollars,
  formatLongDateTime,
  type Delivery,
  type DeliveryHistoryEntry,
} from '@jara/contracts';
import { CopyableNo, RecordSummary, RecordShow, SectionCard, StatusTimeline } from '../../components/record-show';
import { When } from '../../components/cell-text';
import { StatusTag } from '../../components/money';
import { DeliveryAction, DeliveryMoves, useDeliveryDialogs } from './actions';
import { LastMilePanels } from './last-mile';
import { DELIVERIES, DeliveryStatusTag, PaymentCell, type DeliveryAnswer } from './shared';
import { DELIVERY_TEXT as TEXT, TYPE_LABELS, shippingTypeLabel } from './text';

function actorText(entry: DeliveryHistoryEntry): string {
  if (entry.actor) return entry.actor.name || TEXT.none;
  return entry.from_status === null ? TEXT.customerActor : TEXT.system;
}

/** The status history, oldest first: the label, who, when, the location and the note. */
export function DeliveryTimeline({ history }: { history: DeliveryHistoryEntry[] }) {
  return (
    <StatusTimeline
      history={history}
      statuses={DELIVERY_STATUSES}
      empty={TEXT.noHistory}
      testId="delivery-history"
      heading={(entry) => entry.label || deliveryStatusDetailLabel(entry.to_status)}
      meta={(entry) => (
        <>
          {TEXT.by(actorText(entry))} · <When at={entry.created_at} />
          {entry.location ? ` · ${entry.location}` : null}
        </>
      )}
    />
  );
}

function measures(d: Delivery): string {
  const parts: string[] = [];
  if (d.weight !== null && d.weight !== undefined && d.weight > 0) parts.push(`${d.weight} kg`);
  if (d.size !== null && d.size !== undefined && d.size > 0) parts.push(`${d.size} cm³`);
  return parts.length ? parts.join(' · ') : TEXT.notMeasured;
}

/** One delivery (admin): details, the fee's invoice, the status history, the allowed moves and the parcel label. */
export default function DeliveryShow() {
  const screens = Grid.useBreakpoint();
  const { showUrl } = useNavigation();
  const navigate = useNavigate();
  const { query } = useShow<DeliveryAnswer['data'], HttpError>({ resource: DELIVERIES, errorNotification: false });
  const delivery = query.data?.data;
  const { onConfirm, onProceed, dialogs } = useDeliveryDialogs();

  return (
    <RecordShow
      query={query}
      title={delivery ? TEXT.deliveryOf(delivery.tracking_no) : TEXT.delivery}
      tags={delivery && <DeliveryStatusTag status={delivery.status} />}
      buttons={
        delivery && (
          <>
            <DeliveryMoves delivery={delivery} />
            <Button icon={<PrinterOutlined />} onClick={() => navigate(`/deliveries/${delivery.id}/label`)}>
              {TEXT.printLabel}
            </Button>
          </>
        )
      }
      notFound={TEXT.notFound}
      loadFailed={TEXT.loadOneFailed}
    >
      {delivery && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={15}>
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              <RecordSummary testId="delivery-summary" column={screens.xxl ? 2 : 1}>
                <Descriptions.Item label={TEXT.trackingId}>
                  <CopyableNo>{delivery.tracking_no}</CopyableNo>
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.externalId}>
                  <span style={{ overflowWrap: 'anywhere' }}>{delivery.external_no}</span>
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.customer}>
                  {delivery.name || delivery.user?.name || TEXT.none}
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.phone}>
                  <span className="jara-num">{delivery.phone || TEXT.none}</span>
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.account}>
                  {delivery.user ? delivery.user.name || `#${delivery.user.id}` : TEXT.guest}
                </Descriptions.Item>
                {delivery.email && (
                  <Descriptions.Item label={TEXT.email}>
                    <span style={{ overflowWrap: 'anywhere' }}>{delivery.email}</span>
                  </Descriptions.Item>
                )}
                <Descriptions.Item label={TEXT.type}>{TYPE_LABELS[delivery.type] ?? delivery.type}</Descriptions.Item>
                <Descriptions.Item label={TEXT.fromJara}>{delivery.from_jara ? TEXT.yes : TEXT.no}</Descriptions.Item>
                <Descriptions.Item label={TEXT.warehouse}>
                  {delivery.warehouse ? (
                    <>
                      {delivery.warehouse.name}
                      {delivery.warehouse.location?.name ? ` · ${delivery.warehouse.location.name}` : ''}
                    </>
                  ) : (
                    TEXT.none
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.shippingType}>
                  {shippingTypeLabel(delivery.shipping_type, delivery.type)}
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.shipping}>
                  {delivery.shipping ? (
                    <>
                      {delivery.shipping.name}
                      {delivery.shipping.location?.name ? ` · ${delivery.shipping.location.name}` : ''}
                    </>
                  ) : (
                    TEXT.none
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.measure}>
                  <span className="jara-num">{measures(delivery)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.status}>
                  <Space wrap size={8}>
                    <DeliveryStatusTag status={delivery.status} />
                    <DeliveryAction delivery={delivery} onConfirm={onConfirm} onProceed={onProceed} />
                  </Space>
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.payment}>
                  <PaymentCell delivery={delivery} />
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.created}>{formatLongDateTime(delivery.created_at)}</Descriptions.Item>
                <Descriptions.Item label={TEXT.updated}>{formatLongDateTime(delivery.updated_at)}</Descriptions.Item>
              </RecordSummary>
              <SectionCard title={TEXT.invoice}>
                {delivery.invoice ? (
                  <Descriptions
                    size="small"
                    layout="vertical"
                    column={screens.sm ? 3 : 1}
                    data-testid="delivery-invoice"
                  >
                    <Descriptions.Item label={TEXT.reference}>
                      <Link
                        to={showUrl('invoices', delivery.invoice.id)}
                        aria-label={TEXT.openInvoice(delivery.invoice.reference)}
                        className="jara-num"
                      >
                        {delivery.invoice.reference}
                      </Link>
                    </Descriptions.Item>
                    <Descriptions.Item label={TEXT.amount}>
                      <span className="jara-num">{formatDollars(delivery.invoice.amount_minor)}</span>
                    </Descriptions.Item>
                    <Descriptions.Item label={TEXT.invoiceStatus}>
                      <StatusTag rows={INVOICE_STATUSES} status={delivery.invoice.status} />
                    </Descriptions.Item>
                  </Descriptions>
                ) : (
                  <Typography.Text type="secondary">{TEXT.noInvoice}</Typography.Text>
                )}
              </SectionCard>
              {/* Issue 26: declared contents, rider and proof of delivery, the title's manifest */}
              <LastMilePanels delivery={delivery} onChanged={() => void query.refetch()} />
            </Space>
          </Col>
          <Col xs={24} xl={9}>
            <SectionCard title={TEXT.history} full>
              <DeliveryTimeline history={delivery.history ?? []} />
            </SectionCard>
          </Col>
        </Row>
      )}
      {dialogs}
    </RecordShow>
  );
}
