import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import {
  CHECKOUT_SUMMARY,
  MSG,
  ORDER_STATUS,
  formatLongDateTime,
  formatNaira,
  orderAddressLines,
  orderPaymentMethodLabel,
  orderStatusLabel,
  REFUND_STATUSES,
  type Order,
} from '@jara/contracts';
import { StatusPill } from '~/components/money';
import { OrderLines, OrderStatus } from '~/components/orders';
import { ALL_ROLES } from '~/lib/navigation';
import { loadMyOrders, loadOrder, readOrderId } from '~/lib/orders.server';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.order ? `Order ${data.order.order_no} | Jara` : 'Order Summary | Jara' },
];

/**
 * Spec 2.15 (wired to real data, issue 10): the order of ?id= (GET /orders/{id}; another user's is a 404), or the
 * buyer's latest order without one. Items, shipping address, payment method, total and status, with its history.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  const url = new URL(request.url);
  if (url.searchParams.has('id')) {
    const id = readOrderId(url.searchParams.get('id'));
    if (!id) throw json({ message: MSG.orders.notFound }, { status: 404 });
    return json({ order: await loadOrder(request, auth, id) });
  }
  const latest = await loadMyOrders(request, auth, {});
  const first = latest?.items[0];
  return json({ order: first ? await loadOrder(request, auth, first.id) : null });
}

function Actions() {
  return (
    <div className="form-actions">
      <Link to="/dashboard" className="btn btn-ghost">
        {MSG.checkout.backHome}
      </Link>
      <Link to="/orders" className="btn btn-primary">
        {MSG.checkout.viewOrders}
      </Link>
    </div>
  );
}

function History({ order }: { order: Order }) {
  if (!order.history?.length) return null;
  return (
    <section className="card order-history-card" aria-labelledby="history-title">
      <h2 id="history-title">Order history</h2>
      <ol className="order-history">
        {order.history.map((entry) => (
          <li key={entry.id}>
            <strong>{orderStatusLabel(entry.to_status)}</strong>
            <span className="muted small block">
              {formatLongDateTime(entry.created_at)}
              {entry.actor?.name ? ` · ${entry.actor.name}` : ''}
            </span>
            {entry.note ? <span className="small block">{entry.note}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Issue 24: where the order's money went (each refund's destination, amount and status). */
function Refunds({ order }: { order: Order }) {
  if (!order.refunds?.length) return null;
  return (
    <section className="card stack" aria-labelledby="refunds-title" data-testid="order-refunds">
      <h2 id="refunds-title">{MSG.payouts.refundsTitle}</h2>
      <p className="muted small">{MSG.payouts.refundsIntro}</p>
      <ul className="order-lines">
        {order.refunds.map((refund) => {
          const status = REFUND_STATUSES.find((s) => s.code === refund.status);
          return (
            <li key={refund.id} className="order-line" data-testid="order-refund" data-destination={refund.destination}>
              <span className="order-line-name">
                {`${MSG.payouts.refundTo} ${refund.destination_label}`}
                <span className="muted small block">
                  {formatLongDateTime(refund.completed_at ?? refund.created_at)}
                  {refund.reason ? ` · ${refund.reason}` : ''}
                </span>
                <StatusPill
                  label={refund.status_label || status?.label || refund.status}
                  tone={status?.tone ?? 'default'}
                />
              </span>
              <strong className="num">{formatNaira(refund.amount_minor)}</strong>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function OrderSummaryPage() {
  const { order } = useLoaderData<typeof loader>() as { order: Order | null };
  if (!order) {
    return (
      <section className="stack">
        <h1>Order Summary</h1>
        <p className="empty-state">{MSG.orders.none}</p>
        <Actions />
      </section>
    );
  }
  const payInvoice = order.status === ORDER_STATUS.TO_PAY && order.invoice?.status === 'pending' ? order.invoice : null;
  return (
    <section className="stack">
      <div className="order-head">
        <div>
          <h1>Order Summary</h1>
          <p className="muted">
            <span className="mono" data-testid="order-no">
              {order.order_no}
            </span>
            {` · placed ${formatLongDateTime(order.created_at)}`}
          </p>
        </div>
        <OrderStatus order={order} />
      </div>
      {payInvoice ? (
        <p className="notice-inline">
          {`${MSG.orders.awaitingPayment(order.expires_at ? formatLongDateTime(order.expires_at) : null)} `}
          <Link to={`/invoices/${payInvoice.id}`}>{MSG.orders.payNow}</Link>
        </p>
      ) : null}
      {order.return_requested_at && order.status === ORDER_STATUS.TO_REVIEW ? (
        <p className="notice-inline">{MSG.orders.returnRequested}</p>
      ) : null}
      <div className="summary-grid">
        <section className="card" aria-labelledby="items-title">
          <h2 id="items-title">Items</h2>
          <OrderLines order={order} />
          <dl className="summary-totals">
            <dt>Subtotal</dt>
            <dd>{formatNaira(order.subtotal_minor)}</dd>
            <dt>Shipping</dt>
            <dd>{order.shipping_minor ? formatNaira(order.shipping_minor) : CHECKOUT_SUMMARY.shipping}</dd>
            <dt>Tax</dt>
            <dd>{CHECKOUT_SUMMARY.tax}</dd>
            <dt className="summary-total">Total</dt>
            <dd className="summary-total" data-testid="order-total">
              {formatNaira(order.total_minor)}
            </dd>
            {order.vendor_earnings_minor !== undefined ? (
              <>
                <dt>Your earnings</dt>
                <dd data-testid="order-earnings">{formatNaira(order.vendor_earnings_minor)}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <div className="stack">
          <section className="card" aria-labelledby="shipping-title">
            <h2 id="shipping-title">Shipping</h2>
            <address className="order-address" data-testid="order-address">
              {orderAddressLines(order).map((line, index) => (
                <span key={line.kind}>
                  {index > 0 ? <br /> : null}
                  {line.text}
                </span>
              ))}
            </address>
            {order.notes ? (
              <p className="small">
                <strong>Delivery notes:</strong> {order.notes}
              </p>
            ) : null}
          </section>
          <section className="card" aria-labelledby="payment-title">
            <h2 id="payment-title">Payment</h2>
            <p data-testid="order-payment">{orderPaymentMethodLabel(order.payment_method)}</p>
            {order.paid_at ? <p className="muted small">{`Paid ${formatLongDateTime(order.paid_at)}`}</p> : null}
          </section>
        </div>
      </div>
      <Refunds order={order} />
      <History order={order} />
      <Actions />
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (!missing) console.error(error);
  return (
    <section className="status-block" role="alert">
      <h1>{missing ? MSG.orders.notFound : MSG.common.serverError}</h1>
      <Link to="/my-orders" className="btn btn-primary">
        {MSG.checkout.viewOrders}
      </Link>
    </section>
  );
}
