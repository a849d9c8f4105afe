import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { MSG, ORDER_STATUS, formatDate, formatNaira, orderMovesFor, type Order } from '@jara/contracts';
import { OrderStatus, useLoadMore } from '~/components/orders';
import { useActionToast } from '~/components/toasts';
import { text } from '~/lib/form';
import { ALL_ROLES } from '~/lib/navigation';
import { loadMyOrders, loadSales, moveOrder, readOrderId } from '~/lib/orders.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { requireUser } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { readCursor } from '~/lib/wallet.server';
import { readPageNumber, type ListPage } from '~/lib/orders';

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
}

/** Mark as Shipped: PATCH /orders/{id}/status {status: 2} (the API checks that the order has the vendor's lines). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ALL_ROLES);
  const form = await request.formData();
  const id = readOrderId(form.get('order_id'));
  if (!id || text(form.get('intent')) !== 'ship') {
    return json<ShipAnswer>({ ok: false, message: MSG.orders.notYourMove, toast: toast('error', MSG.orders.notYourMove) }, { status: 400 });
  }
  const moved = await moveOrder(request, auth, id, ORDER_STATUS.TO_RECEIVE, null, MSG.orders.shipped);
  return json<ShipAnswer>({ ...moved, toast: toast(moved.ok ? 'success' : 'error', moved.message) }, { status: moved.ok ? 200 : 422 });
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
  // Another seller's goods are in the order: Jara ships it, so the move the API would refuse is not offered.
  if (order.other_sellers) {
    return (
      <span className="muted small" data-testid="mixed-order-note">
        {MSG.orders.mixedOrder}
      </span>
    );
  }
  return (
    <fetcher.Form method="post" className="inline-form">
      <input type="hidden" name="intent" value="ship" />
      <input type="hidden" name="order_id" value={order.id} />
      <button type="submit" className="btn btn-primary btn-small" disabled={busy} aria-label={`${move.action}: ${order.order_no}`}>
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

function Views({ view, toShip }: { view: View; toShip: boolean }) {
  const items: Array<[string, string, boolean]> = [
    [MSG.orders.toFulfil, '/orders?view=sales', view === 'sales' && !toShip],
    ['To Ship', `/orders?view=sales&status=${ORDER_STATUS.TO_SHIP}`, view === 'sales' && toShip],
    [MSG.orders.myPurchases, '/orders?view=purchases', view === 'purchases'],
  ];
  return (
    <nav className="tabs" aria-label="Orders">
      {items.map(([label, to, active]) => (
        <Link key={to} to={to} className={`tab${active ? ' active' : ''}`} aria-current={active ? 'page' : undefined} preventScrollReset>
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
  const base = view === 'sales' ? `/orders?view=sales${toShip ? `&status=${ORDER_STATUS.TO_SHIP}` : ''}` : '/orders?view=purchases';
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
            <caption className="visually-hidden">{sales ? 'Orders with your products, newest first' : 'Your orders, newest first'}</caption>
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
                    <OrderStatus order={order} />
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
                      {sales ? <ShipButton order={order} /> : null}
                      <Link to={`/order-summary?id=${order.id}`} className="btn btn-ghost btn-small" aria-label={`View ${order.order_no}`}>
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
