import { Link, useFetcher } from '@remix-run/react';
import { useEffect, useState, type MouseEvent } from 'react';
import {
  MSG,
  ORDER_STATUS,
  formatNaira,
  lineProgressText,
  type Order,
  type OrderLine,
  type TransactionState,
} from '@jara/contracts';
import {
  appendPage,
  nextPageQuery,
  orderStatusText,
  orderStatusTone,
  transactionTone,
  type ListPage,
} from '~/lib/orders';
import type { CartRefreshNotice as Notice } from '~/lib/use-cart-refresh';
import { StatusPill } from './money';

/** Pieces shared by the order screens (cart, checkout, order summary, my orders, orders, transactions). */

export function OrderStatus({ order }: { order: Pick<Order, 'status' | 'status_label'> }) {
  return <StatusPill label={orderStatusText(order)} tone={orderStatusTone(order.status)} testId="order-status" />;
}

export function TransactionStatus({ state }: { state: TransactionState }) {
  return <StatusPill label={state} tone={transactionTone(state)} />;
}

/** What the cart refresh changed (MSG.checkout.cartChanged / cartItemGone), announced politely. */
export function CartRefreshNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <div className="notice-inline cart-notice" role="status" data-testid="cart-notice">
      {notice.changed ? <p>{MSG.checkout.cartChanged}</p> : null}
      {notice.gone.map((name, index) => (
        <p key={`${index}-${name}`}>{MSG.checkout.cartItemGone(name)}</p>
      ))}
    </div>
  );
}

/** Whether an order's lines have a progress to show: paid and not cancelled or returned (decision 031). */
function showsProgress(status: unknown): boolean {
  return status === ORDER_STATUS.TO_SHIP || status === ORDER_STATUS.TO_RECEIVE || status === ORDER_STATUS.TO_REVIEW;
}

/** A line's own progress: "Ready for pickup", "Shipped by GIG Logistics · GIG-123", "Delivered" ... */
export function LineProgress({ line }: { line: Pick<OrderLine, 'fulfilment' | 'courier' | 'tracking_no'> }) {
  const status = line.fulfilment ?? 'pending';
  return (
    <span className={`line-progress line-progress-${status}`} data-testid="line-progress" data-status={status}>
      {lineProgressText(line)}
    </span>
  );
}

/** The lines of an order: product, quantity × unit price, the line's total and, once paid, each line's progress. */
export function OrderLines({ order }: { order: Pick<Order, 'items'> & { status?: Order['status'] } }) {
  const progress = showsProgress(order.status);
  return (
    <ul className="order-lines">
      {order.items.map((line) => (
        <li key={line.id} className="order-line" data-testid="order-line">
          <span className="order-line-name">
            <Link to={`/product/${line.product_id}`}>{line.product_name}</Link>
            <span className="muted small block">{`${line.quantity} × ${formatNaira(line.unit_price_minor)}`}</span>
            {progress ? <LineProgress line={line} /> : null}
          </span>
          <strong className="num">{formatNaira(line.line_total_minor)}</strong>
        </li>
      ))}
    </ul>
  );
}

/**
 * A list whose first page comes from the loader and whose 'Load More' fetches the route's loader again for the next
 * page (the API's cursor `after`, or the next page number where the list has none) and appends the rows. Without
 * JavaScript the button is a link to that page.
 */
export function useLoadMore<T extends { id: number }>(first: ListPage<T> | null, href: (next: string) => string) {
  const fetcher = useFetcher();
  const [items, setItems] = useState<T[]>(first?.items ?? []);
  const [last, setLast] = useState<ListPage<T> | null>(first);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setItems(first?.items ?? []);
    setLast(first);
    setFailed(false);
  }, [first]);

  useEffect(() => {
    const data = fetcher.data as { list: ListPage<T> | null } | undefined;
    if (fetcher.state !== 'idle' || !data) return;
    if (!data.list) {
      setFailed(true);
      return;
    }
    const next = data.list;
    setFailed(false);
    setItems((current) => appendPage(current, next.items));
    setLast(next);
  }, [fetcher.state, fetcher.data]);

  const loading = fetcher.state !== 'idle';
  const query = last ? nextPageQuery(last, items.length) : null;
  const more = query ? (
    <div className="load-more">
      <Link
        to={href(query)}
        className="btn btn-ghost"
        aria-disabled={loading || undefined}
        preventScrollReset
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          if (!loading) fetcher.load(href(query));
        }}
      >
        {loading ? 'Loading…' : 'Load More'}
      </Link>
      {last ? (
        <p className="muted small">{`Showing ${items.length} of ${Math.max(last.total, items.length)}`}</p>
      ) : null}
      {failed ? (
        <p className="field-error" role="alert">
          {MSG.common.serverError}
        </p>
      ) : null}
    </div>
  ) : null;
  return { items, more };
}
