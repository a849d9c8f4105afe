import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import {
  FULFILMENT_MSG,
  LINE_ACTIONS,
  LINE_SHIP_LIMITS,
  MSG,
  ORDER_STATUS,
  formatDate,
  formatNaira,
  orderMovesFor,
  type Order,
} from '@jara/contracts';
import { LineProgress, OrderStatus, useLoadMore } from '~/components/orders';
import { useActionToast } from '~/components/toasts';
import { text } from '~/lib/form';
import { ALL_ROLES } from '~/lib/navigation';
import { fulfilLines, loadMyOrders, loadSales, moveOrder, readOrderId } from '~/lib/orders.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { requireUser } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { readCursor } from '~/lib/wallet.server';
import { readPageNumber, type ListPage } from '~/lib/orders';
import { LinesShipDto } from '@jara/dto';
import { validateForm } from '~/lib/validate.server';

export const meta: MetaFunction = () => [{ title: 'Orders | Jara' }];

type View = 'sales' | 'purchases';

/**
 * Spec 2.16 (table version, issue 10): Order ID, Date, Status, Amount, View. A vendor also sees the orders to fulfil
 * (GET /orders: their lines only, with what each order credits them) and marks them shipped.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  const url = new URL(request.url);
  const vendor = auth.role === 'vendor';
  const view: View = vendor && url.searchParams.get('view') !== 'purchases' ? 'sales' : 'purchases';
  const toShip = view === 'sales' && url.searchParams.get('status') === String(ORDER_STATUS.TO_SHIP);
  const after = readCursor(url.searchParams.get('after'));
  const page = readPageNumber(url.searchParams.get('page'));
  const list =
    view === 'sales'
      ? await loadSales(request, auth, { statuses: toShip ? [ORDER_STATUS.TO_SHIP] : [], after, page })
      : await loadMyOrders(request, auth, { after, page });
  return json({ vendor, view, toShip, paged: Boolean(after || page), list });
}

interface ShipAnswer {
  ok: boolean;
  message: string;
  toast: ToastMessage;
  /** Which form answered (the line actions: 'lines-ready', 'lines-ship'), and the ship form's field errors. */
  intent?: string;
  errors?: Partial<Record<'courier' | 'tracking_no', string>>;
  values?: { courier: string; tracking_no: string };
}

/**
 * Mark as Shipped: PATCH /orders/{id}/status {status: 2} (the API checks that the order has the vendor's lines).
 * The line actions (decision 031): 'lines-ready' (Ready for pickup) and 'lines-ship' (Ship my items, with a courier
 * and a tracking number) act on the vendor's own lines through POST /orders/{id}/lines/ready|ship.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ALL_ROLES);
  const form = await request.formData();
  const id = readOrderId(form.get('order_id'));
  const intent = text(form.get('intent'));
  const refused = () =>
    json<ShipAnswer>(
      { ok: false, message: MSG.orders.notYourMove, toast: toast('error', MSG.orders.notYourMove) },
      { status: 400 },
    );
  if (!id) return refused();
  if (intent === 'lines-ready') {
    const done = await fulfilLines(request, auth, id, 'ready', {}, FULFILMENT_MSG.readyDone);
    return json<ShipAnswer>(
      { ...done, intent, toast: toast(done.ok ? 'success' : 'error', done.message) },
      { status: done.ok ? 200 : 422 },
    );
  }
  if (intent === 'lines-ship') {
    const values = { courier: text(form.get('courier')).trim(), tracking_no: text(form.get('tracking_no')).trim() };
    // The API's own LinesShipDto (issue 23): the same lengths and messages as its 422.
    const check = validateForm(LinesShipDto, values);
    if (!check.ok) {
      const errors = check.errors;
      const message = Object.values(errors).find(Boolean) ?? FULFILMENT_MSG.failed;
      return json<ShipAnswer>(
        { ok: false, message, intent, errors, values, toast: toast('error', message) },
        { status: 422 },
      );
    }
    const done = await fulfilLines(request, auth, id, 'ship', values, FULFILMENT_MSG.shipDone);
    return json<ShipAnswer>(
      { ...done, intent, values, toast: toast(done.ok ? 'success' : 'error', done.message) },
      { status: done.ok ? 200 : 422 },
    );
  }
  if (intent !== 'ship') return refused();
  const moved = await moveOrder(request, auth, id, ORDER_STATUS.TO_RECEIVE, null, MSG.orders.shipped);
  return json<ShipAnswer>(
    { ...moved, toast: toast(moved.ok ? 'success' : 'error', moved.message) },
    { status: moved.ok ? 200 : 422 },
  );
}

function linesTotal(order: Order): number {
  return (order.items ?? []).reduce((sum, line) => sum + line.line_total_minor, 0);
}

function ShipButton({ order }: { order: Order }) {
  const fetcher = useFetcher<typeof action>();
  const data = fetcher.data as ShipAnswer | undefined;
  useActionToast(data?.toast);
  const busy = fetcher.state !== 'idle';
  const move = orderMovesFor(order.status, 'vendor').find((m) => m.to === ORDER_STATUS.TO_RECEIVE);
  if (!move) return null;
  // Another seller's goods are in the order: the vendor ships their own lines (LineActions); the whole-order move the
  // API would refuse is not offered.
  if (order.other_sellers) {
    return (
      <span className="muted small row-note" data-testid="mixed-order-note">
        {FULFILMENT_MSG.mixedHint}
      </span>
    );
  }
  return (
    <fetcher.Form method="post" className="inline-form">
      <input type="hidden" name="intent" value="ship" />
      <input type="hidden" name="order_id" value={order.id} />
      <button
        type="submit"
        className="btn btn-primary btn-small"
        disabled={busy}
        aria-label={`${move.action}: ${order.order_no}`}
      >
        {busy ? 'Saving…' : move.action}
      </button>
      {data && !data.ok ? (
        <span className="field-error block" role="alert">
          {data.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The vendor's own lines of an order at To Ship (decision 031): each line's progress, "Ready for pickup" (Jara
 * collects) while a line is still waiting, and "Ship my items" with a courier and a tracking number. Both post to
 * this route's action, so they work without JavaScript.
 */
function LineActions({ order }: { order: Order }) {
  const ready = useFetcher<typeof action>();
  const ship = useFetcher<typeof action>();
  const readyData = ready.data as ShipAnswer | undefined;
  const shipData = ship.data as ShipAnswer | undefined;
  useActionToast(readyData?.toast);
  useActionToast(shipData?.toast);
  const lines = order.items ?? [];
  if (order.status !== ORDER_STATUS.TO_SHIP || lines.length === 0) {
    return null;
  }
  const waiting = lines.some((line) => line.fulfilment === 'pending');
  const open = lines.some((line) => line.fulfilment === 'pending' || line.fulfilment === 'ready_for_pickup');
  const courierId = `courier-${order.id}`;
  const trackingId = `tracking-${order.id}`;
  const errors = shipData && !shipData.ok ? (shipData.errors ?? {}) : {};
  return (
    <div className="line-actions" data-testid="line-actions">
      {waiting ? (
        <ready.Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="lines-ready" />
          <input type="hidden" name="order_id" value={order.id} />
          <button
            type="submit"
            className="btn btn-ghost btn-small"
            disabled={ready.state !== 'idle'}
            aria-label={`${LINE_ACTIONS.ready}: ${order.order_no}`}
          >
            {ready.state !== 'idle' ? 'Saving…' : LINE_ACTIONS.ready}
          </button>
        </ready.Form>
      ) : null}
      {readyData && !readyData.ok ? (
        <span className="field-error block" role="alert">
          {readyData.message}
        </span>
      ) : null}
      {open ? (
        <details className="inline-panel" open={Boolean(shipData && !shipData.ok) || undefined}>
          <summary className="btn btn-primary btn-small" aria-label={`${LINE_ACTIONS.ship}: ${order.order_no}`}>
            {LINE_ACTIONS.ship}
          </summary>
          <ship.Form method="post" noValidate>
            <input type="hidden" name="intent" value="lines-ship" />
            <input type="hidden" name="order_id" value={order.id} />
            <div className="field">
              <label htmlFor={courierId}>{FULFILMENT_MSG.courierLabel}</label>
              <input
                id={courierId}
                name="courier"
                required
                minLength={LINE_SHIP_LIMITS.courierMin}
                maxLength={LINE_SHIP_LIMITS.courierMax}
                defaultValue={shipData?.values?.courier}
                aria-invalid={errors.courier ? true : undefined}
                aria-describedby={errors.courier ? `${courierId}-error` : undefined}
                autoComplete="off"
              />
              {errors.courier ? (
                <span id={`${courierId}-error`} className="field-error">
                  {errors.courier}
                </span>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={trackingId}>{FULFILMENT_MSG.trackingLabel}</label>
              <input
                id={trackingId}
                name="tracking_no"
                required
                minLength={LINE_SHIP_LIMITS.trackingMin}
                maxLength={LINE_SHIP_LIMITS.trackingMax}
                defaultValue={shipData?.values?.tracking_no}
                aria-invalid={errors.tracking_no ? true : undefined}
                aria-describedby={errors.tracking_no ? `${trackingId}-error` : undefined}
                autoComplete="off"
              />
              {errors.tracking_no ? (
                <span id={`${trackingId}-error`} className="field-error">
                  {errors.tracking_no}
                </span>
              ) : null}
            </div>
            {shipData && !shipData.ok && !errors.courier && !errors.tracking_no ? (
              <span className="field-error block" role="alert">
                {shipData.message}
              </span>
            ) : null}
            <button type="submit" className="btn btn-primary btn-small" disabled={ship.state !== 'idle'}>
              {ship.state !== 'idle' ? 'Saving…' : LINE_ACTIONS.ship}
            </button>
          </ship.Form>
        </details>
      ) : null}
    </div>
  );
}

/** The vendor's own lines' progress in an order (under its status), once it is paid. */
function MyLinesProgress({ order }: { order: Order }) {
  const lines = order.items ?? [];
  if (order.status !== ORDER_STATUS.TO_SHIP || lines.length === 0) return null;
  return (
    <ul className="line-actions-lines" aria-label={`Your items in ${order.order_no}`}>
      {lines.map((line) => (
        <li key={line.id} className="small">
          <span className="visually-hidden">{`${line.product_name}: `}</span>
          <LineProgress line={line} />
        </li>
      ))}
    </ul>
  );
}

function Views({ view, toShip }: { view: View; toShip: boolean }) {
  const items: Array<[string, string, boolean]> = [
    [MSG.orders.toFulfil, '/orders?view=sales', view === 'sales' && !toShip],
    ['To Ship', `/orders?view=sales&status=${ORDER_STATUS.TO_SHIP}`, view === 'sales' && toShip],
    [MSG.orders.myPurchases, '/orders?view=purchases', view === 'purchases'],
  ];
  return (
    <nav className="tabs" aria-label="Orders">
      {items.map(([label, to, active]) => (
        <Link
          key={to}
          to={to}
          className={`tab${active ? ' active' : ''}`}
          aria-current={active ? 'page' : undefined}
          preventScrollReset
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

export default function OrdersPage() {
  const { vendor, view, toShip, paged, list } = useLoaderData<typeof loader>() as {
    vendor: boolean;
    view: View;
    toShip: boolean;
    paged: boolean;
    list: ListPage<Order> | null;
  };
  const base =
    view === 'sales'
      ? `/orders?view=sales${toShip ? `&status=${ORDER_STATUS.TO_SHIP}` : ''}`
      : '/orders?view=purchases';
  const { items, more } = useLoadMore<Order>(list, (next) => `${base}&${next}`);
  const sales = view === 'sales';
  return (
    <section className="stack">
      <h1>{sales ? 'Orders' : 'My Orders'}</h1>
      {vendor ? <Views view={view} toShip={toShip} /> : null}
      {sales ? <p className="muted small">{MSG.orders.salesIntro}</p> : null}
      {!list ? (
        <p className="form-error" role="alert">
          {MSG.common.serverError}
        </p>
      ) : items.length === 0 ? (
        <p className="empty-state">{MSG.orders.none}</p>
      ) : (
        <>
          <table className="data-table" data-testid={sales ? 'sales-table' : 'orders-table'}>
            <caption className="visually-hidden">
              {sales ? 'Orders with your products, newest first' : 'Your orders, newest first'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Order ID</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Amount
                </th>
                {sales ? (
                  <th scope="col" className="num">
                    Earnings
                  </th>
                ) : null}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((order) => (
                <tr key={order.id} data-testid="order-row">
                  <td data-label="Order ID">
                    <span className="mono">{order.order_no}</span>
                  </td>
                  <td data-label="Date">{formatDate(order.created_at)}</td>
                  <td data-label="Status">
                    <div className="status-stack">
                      <OrderStatus order={order} />
                      {sales ? <MyLinesProgress order={order} /> : null}
                    </div>
                  </td>
                  <td data-label="Amount" className="num">
                    {formatNaira(sales ? linesTotal(order) : order.total_minor)}
                  </td>
                  {sales ? (
                    <td data-label="Earnings" className="num" data-testid="order-earnings">
                      {formatNaira(order.vendor_earnings_minor ?? 0)}
                    </td>
                  ) : null}
                  <td className="row-action">
                    <div className="row-buttons">
                      {sales ? <LineActions order={order} /> : null}
                      {sales ? <ShipButton order={order} /> : null}
                      <Link
                        to={`/order-summary?id=${order.id}`}
                        className="btn btn-ghost btn-small"
                        aria-label={`View ${order.order_no}`}
                      >
                        View
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {more}
        </>
      )}
      {paged ? (
        <Link to={base} className="small">
          {MSG.orders.newest}
        </Link>
      ) : null}
    </section>
  );
}
