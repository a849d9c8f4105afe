import { Link } from '@remix-run/react';
import { MSG, ORDER_STATUS, formatNaira, type VendorDashboard } from '@jara/contracts';

/** Where the vendor's dashboard leads: the orders To Ship, My Products (and one product's form), the statement. */
export const VENDOR_LINKS = {
  toFulfil: `/orders?view=sales&status=${ORDER_STATUS.TO_SHIP}`,
  myProducts: '/products?tab=mine',
  editProduct: (id: number) => `/products?tab=form&edit=${id}`,
  statement: '/transactions',
  wallet: '/fund',
} as const;

function Figure({
  label,
  value,
  hint,
  to,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  to?: string;
  testId: string;
}) {
  const body = (
    <>
      <span className="vendor-figure-label">{label}</span>
      <strong className="vendor-figure-value" data-testid={testId}>
        {value}
      </strong>
      <span className="vendor-figure-hint">{hint}</span>
    </>
  );
  return <li className="vendor-figure panel">{to ? <Link to={to}>{body}</Link> : body}</li>;
}

/** A vendor's dashboard (issue 22): their shop's sales, orders to fulfil, earnings and low stock. */
export function VendorDashboardView({ dashboard }: { dashboard: VendorDashboard | null }) {
  const V = MSG.vendor;
  return (
    <section className="stack vendor-dashboard" aria-labelledby="vendor-dashboard-title">
      <div>
        <h1 id="vendor-dashboard-title">{V.dashboardTitle}</h1>
        <p className="muted">{V.dashboardIntro}</p>
      </div>
      {!dashboard ? (
        <p className="form-error" role="alert">
          {V.loadFailed}
        </p>
      ) : (
        <>
          <ul className="vendor-figures" aria-label={V.dashboardTitle}>
            <Figure
              label={V.salesToday}
              value={formatNaira(dashboard.sales_today.amount_minor)}
              hint={V.ordersCount(dashboard.sales_today.orders)}
              testId="sales-today"
            />
            <Figure
              label={V.salesWeek}
              value={formatNaira(dashboard.sales_week.amount_minor)}
              hint={V.ordersCount(dashboard.sales_week.orders)}
              testId="sales-week"
            />
            <Figure
              label={V.toFulfil}
              value={String(dashboard.to_fulfil)}
              hint={V.toFulfilHint}
              to={VENDOR_LINKS.toFulfil}
              testId="to-fulfil"
            />
            <Figure
              label={V.pendingEarnings}
              value={formatNaira(dashboard.pending_earnings_minor)}
              hint={V.pendingHint}
              to={VENDOR_LINKS.statement}
              testId="pending-earnings"
            />
            <Figure
              label={V.availableEarnings}
              value={formatNaira(dashboard.available_minor)}
              hint={V.availableHint}
              to={VENDOR_LINKS.wallet}
              testId="available-earnings"
            />
          </ul>
          <nav className="row-buttons" aria-label={V.dashboardTitle}>
            <Link to={VENDOR_LINKS.toFulfil} className="btn btn-primary btn-small">
              {V.toFulfil}
            </Link>
            <Link to={VENDOR_LINKS.myProducts} className="btn btn-ghost btn-small">
              {V.myProducts}
            </Link>
            <Link to={VENDOR_LINKS.statement} className="btn btn-ghost btn-small">
              {V.statement}
            </Link>
            <Link to="/jara-mall" className="btn btn-ghost btn-small">
              {V.shopMall}
            </Link>
          </nav>
          <section className="panel stack" aria-labelledby="low-stock-title">
            <div>
              <h2 className="section-title" id="low-stock-title">
                {V.lowStock}
              </h2>
              <p className="muted small">{V.lowStockIntro(dashboard.low_stock_threshold)}</p>
            </div>
            {dashboard.low_stock.length === 0 ? (
              <p className="empty-state">{V.lowStockNone}</p>
            ) : (
              <table className="data-table" data-testid="low-stock">
                <caption className="visually-hidden">{V.lowStock}</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col" className="num">
                      {V.stockLeft}
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {dashboard.low_stock.map((product) => (
                    <tr key={product.id}>
                      <td data-label="Product">{product.name}</td>
                      <td data-label={V.stockLeft} className="num">
                        {product.stock_quantity}
                      </td>
                      <td className="row-action">
                        <Link
                          to={VENDOR_LINKS.editProduct(product.id)}
                          className="btn btn-ghost btn-small"
                          aria-label={`${V.restock}: ${product.name}`}
                        >
                          {V.restock}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </section>
  );
}
