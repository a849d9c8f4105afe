import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import {
  MSG,
  ORDER_STATUS,
  ORDER_TABS,
  formatLongDateTime,
  formatNaira,
  canRequestReturn,
  orderMovesFor,
  REFUND_DESTINATIONS,
  type Order,
  type OrderStatus as OrderStatusCode,
} from '@jara/contracts';
import { OrderLines, OrderStatus, useLoadMore } from '~/components/orders';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { text } from '~/lib/form';
import { ALL_ROLES } from '~/lib/navigation';
import { readOrderTab, readPageNumber, reviewableLines, type ListPage, type OrderTabKey } from '~/lib/orders';
import { loadMyOrders, moveOrder, readOrderId } from '~/lib/orders.server';
import { readRefundTo, refundChoices } from '~/lib/payouts';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { requireUser, signOutAndRedirect } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { readCursor } from '~/lib/wallet.server';

export const meta: MetaFunction = () => [{ title: 'My Orders | Jara' }];

/**
 * Spec 2.16 (tabbed version, issue 10): the buyer's orders by tab (GET /orders/user/{me}?status=..), with the moves the
 * buyer may ask for (Cancel Order, Confirm Receipt, Request Return), Leave a Review on delivered lines, View Details.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  const url = new URL(request.url);
  const tab = readOrderTab(url.searchParams.get('tab'));
  const after = readCursor(url.searchParams.get('after'));
  const page = readPageNumber(url.searchParams.get('page'));
  const list = await loadMyOrders(request, auth, { statuses: tab.statuses, after, page });
  return json({ tab: tab.key as OrderTabKey, paged: Boolean(after || page), list });
}

interface RowAnswer {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  toast: ToastMessage;
}

function answer(ok: boolean, message: string, status = ok ? 200 : 422, errors?: Record<string, string>) {
  return json<RowAnswer>({ ok, message, errors, toast: toast(ok ? 'success' : 'error', message) }, { status });
}

const BUYER_MOVES: Partial<Record<OrderStatusCode, string>> = {
  [ORDER_STATUS.CANCELLED]: MSG.orders.cancelled,
  [ORDER_STATUS.TO_REVIEW]: MSG.orders.received,
  [ORDER_STATUS.RETURNED]: MSG.orders.returnRequested,
};

/** intent=move (PATCH /orders/{id}/status) or intent=review (POST /products/{id}/reviews with the order's id). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ALL_ROLES);
  const form = await request.formData();
  const intent = text(form.get('intent'));
  const orderId = readOrderId(form.get('order_id'));
  if (!orderId) return answer(false, MSG.orders.notFound, 400);
  if (intent === 'move') {
    const to = Number(text(form.get('status'))) as OrderStatusCode;
    const success = BUYER_MOVES[to];
    if (!success) return answer(false, MSG.orders.notYourMove, 400);
    const note = text(form.get('note')).trim().slice(0, 500) || null;
    // A return may say where the refund goes (issue 24); the API refuses the card for an order not paid by card.
    const refundTo = to === ORDER_STATUS.RETURNED ? readRefundTo(form.get('refund_to')) : undefined;
    const moved = await moveOrder(request, auth, orderId, to, note, success, refundTo ? { refund_to: refundTo } : {});
    return answer(moved.ok, moved.message);
  }
  if (intent === 'review') {
    const productId = readOrderId(form.get('product_id'));
    const rating = Number(text(form.get('rating')));
    const comment = text(form.get('comment')).trim();
    if (!productId) return answer(false, MSG.orders.reviewNotAllowed, 400);
    if (!Number.isInteger(rating) || rating < 1 || rating > 5)
      return answer(false, MSG.orders.ratingRequired, 422, { rating: MSG.orders.ratingRequired });
    const result = await api(`/products/${productId}/reviews`, {
      token: auth.token,
      json: { rating, comment: comment || undefined, order_id: orderId },
    });
    if (result.status === 401) return signOutAndRedirect(request, auth.session);
    if (result.ok) return answer(true, MSG.orders.reviewThanks);
    if (result.status === 403) return answer(false, serverMessage(result.error) ?? MSG.orders.reviewNotAllowed, 403);
    if (result.status === 409) return answer(false, serverMessage(result.error) ?? MSG.orders.reviewAlreadyLeft, 409);
    const errors = fieldErrors(result.error, ['rating', 'comment']);
    return answer(false, serverMessage(result.error) ?? MSG.common.serverError, result.status || 502, errors);
  }
  return answer(false, MSG.orders.notYourMove, 400);
}

function Tabs({ active }: { active: OrderTabKey }) {
  return (
    <nav className="tabs order-tabs" aria-label="Orders by status">
      {ORDER_TABS.map((tab) => (
        <Link
          key={tab.key}
          to={`/my-orders?tab=${tab.key}`}
          className={`tab${tab.key === active ? ' active' : ''}`}
          aria-current={tab.key === active ? 'page' : undefined}
          preventScrollReset
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

function ReviewForm({ order, line }: { order: Order; line: Order['items'][number] }) {
  const fetcher = useFetcher<typeof action>();
  const data = fetcher.data as RowAnswer | undefined;
  useActionToast(data?.toast);
  const id = `review-${order.id}-${line.id}`;
  const busy = fetcher.state !== 'idle';
  return (
    <details className="inline-panel" data-testid="review-panel">
      <summary className="btn btn-ghost btn-small">{`${MSG.orders.leaveReview}: ${line.product_name}`}</summary>
      <fetcher.Form method="post" className="stack review-form-inline">
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="order_id" value={order.id} />
        <input type="hidden" name="product_id" value={line.product_id} />
        <fieldset className="rating-input">
          <legend>Your rating</legend>
          {[5, 4, 3, 2, 1].map((n) => (
            <label key={n}>
              <input type="radio" name="rating" value={n} required /> {`${n} star${n === 1 ? '' : 's'}`}
            </label>
          ))}
        </fieldset>
        {data?.errors?.rating ? <p className="field-error">{data.errors.rating}</p> : null}
        <div className="field">
          <label htmlFor={`${id}-comment`}>Comment</label>
          <textarea id={`${id}-comment`} name="comment" rows={3} maxLength={2000} />
        </div>
        {data && !data.ok && !data.errors?.rating ? (
          <p className="field-error" role="alert">
            {data.message}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
          {busy ? 'Sending…' : MSG.orders.submitReview}
        </button>
      </fetcher.Form>
    </details>
  );
}

function OrderCard({ order }: { order: Order }) {
  const fetcher = useFetcher<typeof action>();
  const data = fetcher.data as RowAnswer | undefined;
  useActionToast(data?.toast);
  const busy = fetcher.state !== 'idle';
  // Request Return only while the return window is open (the API refuses it afterwards: MSG.orders.returnWindowClosed).
  const returnable = canRequestReturn(order);
  const moves = orderMovesFor(order.status, 'buyer').filter((move) => move.to !== ORDER_STATUS.RETURNED || returnable);
  const reviewable = reviewableLines(order);
  const payInvoice = order.status === ORDER_STATUS.TO_PAY && order.invoice?.status === 'pending' ? order.invoice : null;
  return (
    <article className="card order-card" data-testid="order-card" aria-labelledby={`order-${order.id}-title`}>
      <header className="order-card-head">
        <div>
          <h2 id={`order-${order.id}-title`} className="order-no mono">
            {order.order_no}
          </h2>
          <p className="muted small">{formatLongDateTime(order.created_at)}</p>
        </div>
        <div className="order-card-total">
          <OrderStatus order={order} />
          <strong data-testid="order-total">{formatNaira(order.total_minor)}</strong>
        </div>
      </header>
      <OrderLines order={order} />
      {order.return_requested_at && order.status === ORDER_STATUS.TO_REVIEW ? (
        <p className="notice-inline small">{MSG.orders.returnRequested}</p>
      ) : null}
      {returnable && order.return_until ? (
        <p className="muted small" data-testid="return-until">
          {MSG.orders.returnUntil(formatLongDateTime(order.return_until))}
        </p>
      ) : null}
      {data && !data.ok ? (
        <p className="field-error" role="alert">
          {data.message}
        </p>
      ) : null}
      <div className="order-actions">
        {moves.map((move) =>
          move.to === ORDER_STATUS.RETURNED ? (
            <details key={move.action} className="inline-panel">
              <summary className="btn btn-ghost btn-small">{move.action}</summary>
              <fetcher.Form method="post" className="stack">
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="order_id" value={order.id} />
                <input type="hidden" name="status" value={move.to} />
                <div className="field">
                  <label htmlFor={`return-${order.id}`}>{MSG.orders.returnReason}</label>
                  <textarea id={`return-${order.id}`} name="note" rows={2} maxLength={500} />
                </div>
                {refundChoices(order).length > 1 ? (
                  <fieldset className="payment-methods" data-testid="refund-to">
                    <legend>{MSG.payouts.refundTo}</legend>
                    {REFUND_DESTINATIONS.filter((d) => refundChoices(order).includes(d.code)).map((d) => (
                      <label key={d.code} className="radio-row">
                        <input type="radio" name="refund_to" value={d.code} defaultChecked={d.code === 'wallet'} />
                        {d.label}
                      </label>
                    ))}
                  </fieldset>
                ) : null}
                <button type="submit" className="btn btn-danger btn-small" disabled={busy}>
                  {MSG.orders.sendReturn}
                </button>
              </fetcher.Form>
            </details>
          ) : (
            <fetcher.Form key={move.action} method="post">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="order_id" value={order.id} />
              <input type="hidden" name="status" value={move.to} />
              <button
                type="submit"
                className={`btn btn-small ${move.to === ORDER_STATUS.CANCELLED ? 'btn-danger' : 'btn-primary'}`}
                disabled={busy}
              >
                {move.action}
              </button>
            </fetcher.Form>
          ),
        )}
        {payInvoice ? (
          <Link to={`/invoices/${payInvoice.id}`} className="btn btn-primary btn-small">
            {MSG.orders.payNow}
          </Link>
        ) : null}
        <Link
          to={`/order-summary?id=${order.id}`}
          className="btn btn-ghost btn-small"
          aria-label={`${MSG.orders.viewDetails} of ${order.order_no}`}
        >
          {MSG.orders.viewDetails}
        </Link>
      </div>
      {reviewable.length ? (
        <div className="stack review-panels">
          {reviewable.map((line) => (
            <ReviewForm key={line.id} order={order} line={line} />
          ))}
        </div>
      ) : null}
    </article>
  );
}

export default function MyOrdersPage() {
  const { tab, paged, list } = useLoaderData<typeof loader>() as {
    tab: OrderTabKey;
    paged: boolean;
    list: ListPage<Order> | null;
  };
  const current = readOrderTab(tab);
  const { items, more } = useLoadMore<Order>(list, (next) => `/my-orders?tab=${tab}&${next}`);
  return (
    <section className="stack">
      <h1>My Orders</h1>
      <Tabs active={tab} />
      {!list ? (
        <p className="form-error" role="alert">
          {MSG.common.serverError}
        </p>
      ) : items.length === 0 ? (
        <p className="empty-state">{current.empty}</p>
      ) : (
        <>
          <div className="stack" data-testid="order-list">
            {items.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </div>
          {more}
        </>
      )}
      {paged ? (
        <Link to={`/my-orders?tab=${tab}`} className="small">
          {MSG.orders.newest}
        </Link>
      ) : null}
    </section>
  );
}
