import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { MSG, formatDate, formatNaira, type Order } from '@jara/contracts';
import { TransactionStatus, useLoadMore } from '~/components/orders';
import { ALL_ROLES } from '~/lib/navigation';
import { readPageNumber, transactionRows, type ListPage } from '~/lib/orders';
import { loadMyOrders } from '~/lib/orders.server';
import { requireUser } from '~/lib/session.server';
import { readCursor } from '~/lib/wallet.server';

export const meta: MetaFunction = () => [{ title: 'My Transactions | Jara' }];

/** Spec 2.16 My Transactions (real data, issue 10): one row per line of the buyer's orders, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  const url = new URL(request.url);
  const after = readCursor(url.searchParams.get('after'));
  const page = readPageNumber(url.searchParams.get('page'));
  const list = await loadMyOrders(request, auth, { after, page });
  return json({ paged: Boolean(after || page), list });
}

export default function TransactionsPage() {
  const { paged, list } = useLoaderData<typeof loader>() as { paged: boolean; list: ListPage<Order> | null };
  const { items, more } = useLoadMore<Order>(list, (next) => `/transactions?${next}`);
  const rows = transactionRows(items);
  return (
    <section className="stack">
      <h1>My Transactions</h1>
      {!list ? (
        <p className="form-error" role="alert">
          {MSG.common.serverError}
        </p>
      ) : rows.length === 0 ? (
        <p className="empty-state">{MSG.orders.noPurchases}</p>
      ) : (
        <>
          <table className="data-table" data-testid="transactions">
            <caption className="visually-hidden">Your purchases, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} data-testid="transaction-row" data-state={row.state}>
                  <td data-label="Product">
                    <div>
                      <Link to={`/product/${row.productId}`}>{row.product}</Link>
                      <Link to={`/order-summary?id=${row.orderId}`} className="muted small block mono">
                        {row.orderNo}
                      </Link>
                    </div>
                  </td>
                  <td data-label="Price" className="num">
                    <div>
                      {formatNaira(row.totalMinor)}
                      {row.quantity > 1 ? <span className="muted small block">{`${row.quantity} × ${formatNaira(row.unitMinor)}`}</span> : null}
                    </div>
                  </td>
                  <td data-label="Status">
                    <TransactionStatus state={row.state} />
                  </td>
                  <td data-label="Date">{formatDate(row.date)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {more}
        </>
      )}
      {paged ? (
        <Link to="/transactions" className="small">
          Back to the newest purchases
        </Link>
      ) : null}
    </section>
  );
}
