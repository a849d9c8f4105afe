import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { MSG, formatDate, formatNaira, type Order, type StatementLine } from '@jara/contracts';
import { TransactionStatus, useLoadMore } from '~/components/orders';
import { VendorStatement } from '~/components/vendor-statement';
import { ALL_ROLES } from '~/lib/navigation';
import { readPageNumber, transactionRows, type ListPage } from '~/lib/orders';
import { loadMyOrders } from '~/lib/orders.server';
import { requireUser } from '~/lib/session.server';
import { loadStatement } from '~/lib/vendor.server';
import { readCursor } from '~/lib/wallet.server';

export const meta: MetaFunction = () => [{ title: 'My Transactions | Jara' }];

/** Spec 2.16 My Transactions (real data, issue 10): one row per line of the buyer's orders, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  const url = new URL(request.url);
  const after = readCursor(url.searchParams.get('after'));
  const page = readPageNumber(url.searchParams.get('page'));
  // A vendor's Transactions opens on their statement of sales (issue 22); My purchases is a tab away.
  if (auth.role === 'vendor' && url.searchParams.get('view') !== 'purchases') {
    return json({ view: 'statement' as const, paged: Boolean(page), list: await loadStatement(request, auth, page) });
  }
  const list = await loadMyOrders(request, auth, { after, page });
  return json({ view: auth.role === 'vendor' ? ('purchases' as const) : null, paged: Boolean(after || page), list });
}

function VendorTabs({ statement }: { statement: boolean }) {
  const items: Array<[string, string, boolean]> = [
    [MSG.vendor.statement, '/transactions', statement],
    [MSG.vendor.myPurchases, '/transactions?view=purchases', !statement],
  ];
  return (
    <nav className="tabs" aria-label="Transactions">
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

export default function TransactionsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.view === 'statement') {
    return (
      <section className="stack">
        <h1>My Transactions</h1>
        <VendorTabs statement />
        <VendorStatement list={data.list as ListPage<StatementLine> | null} />
        {data.paged ? (
          <Link to="/transactions" className="small">
            {MSG.orders.newest}
          </Link>
        ) : null}
      </section>
    );
  }
  return <Purchases vendor={data.view === 'purchases'} />;
}

function Purchases({ vendor }: { vendor: boolean }) {
  const { paged, list } = useLoaderData<typeof loader>() as { paged: boolean; list: ListPage<Order> | null };
  const { items, more } = useLoadMore<Order>(list, (next) => `/transactions?${vendor ? 'view=purchases&' : ''}${next}`);
  const rows = transactionRows(items);
  return (
    <section className="stack">
      <h1>My Transactions</h1>
      {vendor ? <VendorTabs statement={false} /> : null}
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
                      {row.quantity > 1 ? (
                        <span className="muted small block">{`${row.quantity} × ${formatNaira(row.unitMinor)}`}</span>
                      ) : null}
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
        <Link to={vendor ? '/transactions?view=purchases' : '/transactions'} className="small">
          Back to the newest purchases
        </Link>
      ) : null}
    </section>
  );
}
