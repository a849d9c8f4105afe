import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useNavigation, useShow, type HttpError } from '@refinedev/core';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { code128, drawingSVG, qrcode } from 'bwip-js/browser';
import type { Delivery } from '@jara/contracts';
import { JaraLogo } from '../../components/title';
import { DELIVERIES } from './shared';
import { DELIVERY_TEXT as TEXT, TYPE_LABELS, shippingTypeLabel } from './text';
import { useContents, type ContentsAnswer } from './last-mile';
import './label.css';

/** "3 × Clothing and shoes, 1 × Phones and accessories · USD 31.50", or that nothing is declared. */
function contentsSummary(contents: ContentsAnswer | null): string {
  if (!contents?.lines.length) return 'Nothing declared';
  const items = contents.lines.map((l) => `${l.quantity} × ${l.description}`).join(', ');
  return `${items.length > 60 ? `${items.slice(0, 59)}…` : items} · USD ${contents.total}`;
}

/** The tracking number as SVG: a QR code and a Code 128 barcode (bwip-js, drawn in the browser); null if it fails. */
function useCodes(trackingNo: string | undefined): { qr: string | null; barcode: string | null } {
  return useMemo(() => {
    if (!trackingNo) return { qr: null, barcode: null };
    const draw = (make: () => string) => {
      try {
        return make();
      } catch {
        return null;
      }
    };
    return {
      qr: draw(() => qrcode({ bcid: 'qrcode', text: trackingNo, padding: 4, backgroundcolor: 'ffffff' }, drawingSVG())),
      barcode: draw(() =>
        code128(
          { bcid: 'code128', text: trackingNo, height: 14, paddingwidth: 10, backgroundcolor: 'ffffff' },
          drawingSVG(),
        ),
      ),
    };
  }, [trackingNo]);
}

/** An SVG string shown as one image with a name (the SVG itself is decoration for screen readers). */
function SvgImage({ svg, label, className }: { svg: string; label: string; className: string }) {
  return <div role="img" aria-label={label} className={className} dangerouslySetInnerHTML={{ __html: svg }} />;
}

function measure(d: Delivery): string {
  const parts: string[] = [];
  if (d.weight !== null && d.weight !== undefined && d.weight > 0) parts.push(`${d.weight} kg`);
  if (d.size !== null && d.size !== undefined && d.size > 0) parts.push(`${d.size} cm³`);
  return parts.length ? parts.join(' · ') : TEXT.notMeasured;
}

/** The A6 parcel label itself (105 × 148 mm when printed). */
function ParcelLabel({ delivery }: { delivery: Delivery }) {
  const { qr, barcode } = useCodes(delivery.tracking_no);
  const { contents } = useContents(delivery.id);
  const warehouse = delivery.warehouse;
  const warehouseLine = warehouse ? [warehouse.name, warehouse.location?.name].filter(Boolean).join(', ') : TEXT.none;
  return (
    <article className="jara-label" aria-label={TEXT.labelTitle(delivery.tracking_no)} data-testid="parcel-label">
      <header className="jara-label__head">
        <span className="jara-label__brand">
          <JaraLogo size={26} />
          <span>{TEXT.jara}</span>
        </span>
        <span className="jara-label__type">{shippingTypeLabel(delivery.shipping_type, delivery.type)}</span>
      </header>
      <section className="jara-label__parties">
        <div>
          <div className="jara-label__caption">{TEXT.from}</div>
          <div className="jara-label__strong">{TEXT.jara}</div>
          <div>{warehouseLine}</div>
        </div>
        <div>
          <div className="jara-label__caption">{TEXT.to}</div>
          <div className="jara-label__strong jara-label__receiver">
            {delivery.name || delivery.user?.name || TEXT.none}
          </div>
          <div className="jara-num">{delivery.phone || TEXT.none}</div>
          <div className="jara-label__address" data-testid="label-destination">
            {delivery.destination
              ? delivery.destination.kind === 'address'
                ? delivery.destination.text
                : TEXT.pickupAt(delivery.destination.text)
              : TEXT.noDestination}
          </div>
        </div>
      </section>
      <section className="jara-label__middle">
        {qr ? (
          <SvgImage svg={qr} label={TEXT.qrOf(delivery.tracking_no)} className="jara-label__qr" />
        ) : (
          <span>{TEXT.barcodeFailed}</span>
        )}
        <dl className="jara-label__facts">
          <dt>{TEXT.warehouse}</dt>
          <dd>{warehouse?.name ?? TEXT.none}</dd>
          <dt>{TEXT.shippingType}</dt>
          <dd>
            {shippingTypeLabel(delivery.shipping_type, delivery.type)} · {TYPE_LABELS[delivery.type] ?? delivery.type}
          </dd>
          {delivery.shipping && (
            <>
              <dt>{TEXT.shipping}</dt>
              <dd>{delivery.shipping.name}</dd>
            </>
          )}
          <dt>{TEXT.measure}</dt>
          <dd className="jara-num">{measure(delivery)}</dd>
          {/* Issue 26: the declared contents, in short (the packing list has every line). */}
          <dt>Contents</dt>
          <dd data-testid="label-contents">{contentsSummary(contents)}</dd>
        </dl>
      </section>
      <section className="jara-label__codes">
        {barcode ? (
          <SvgImage svg={barcode} label={TEXT.barcodeOf(delivery.tracking_no)} className="jara-label__barcode" />
        ) : (
          <span>{TEXT.barcodeFailed}</span>
        )}
        <div className="jara-label__number" data-testid="label-tracking-no">
          {delivery.tracking_no}
        </div>
        <div className="jara-label__external">
          {TEXT.externalId}: {delivery.external_no}
        </div>
      </section>
    </article>
  );
}

/**
 * The printable parcel label of a delivery (issue 11, point 6): on screen with a Print button, printed alone on an
 * A6 page (label.css hides the back office around it).
 */
export default function DeliveryLabel() {
  const { id } = useParams();
  const { showUrl } = useNavigation();
  const navigate = useNavigate();
  const { query } = useShow<Delivery, HttpError>({ resource: DELIVERIES, id, errorNotification: false });
  const delivery = query.data?.data;

  return (
    <div className="jara-label-page">
      {/* The A6 sheet, only while this page is open (a stylesheet's @page would apply to every printed screen). */}
      <style>{'@page { size: 105mm 148mm; margin: 0; }'}</style>
      <Flex
        className="jara-no-print jara-page-title"
        wrap
        gap={12}
        align="center"
        justify="space-between"
        style={{ marginBottom: 16 }}
      >
        <Typography.Title level={3} style={{ margin: 0 }}>
          {delivery ? TEXT.labelTitle(delivery.tracking_no) : TEXT.printLabel}
        </Typography.Title>
        <Flex gap={8} wrap>
          {id && (
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(showUrl(DELIVERIES, id))}>
              {TEXT.backToDelivery}
            </Button>
          )}
          <Button type="primary" icon={<PrinterOutlined />} disabled={!delivery} onClick={() => window.print()}>
            {TEXT.print}
          </Button>
        </Flex>
      </Flex>
      {query.isError ? (
        <Alert
          className="jara-no-print"
          type="error"
          showIcon
          message={query.error?.statusCode === 404 ? TEXT.notFound : TEXT.loadOneFailed}
          description={query.error?.message}
        />
      ) : delivery ? (
        <>
          <Typography.Paragraph type="secondary" className="jara-no-print">
            {TEXT.labelHint}
          </Typography.Paragraph>
          <ParcelLabel delivery={delivery} />
        </>
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
    </div>
  );
}
