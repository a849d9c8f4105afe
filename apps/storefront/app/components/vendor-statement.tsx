import { Link } from '@remix-run/react';
import {
  MSG,
  formatDate,
  formatNaira,
  type StatementCreditStatus,
  type StatementLine,
  type StatusTone,
} from '@jara/contracts';
import type { ListPage } from '~/lib/orders';
import { StatusPill } from './money';
import { useLoadMore } from './orders';

const TONES: Record<StatementCreditStatus, StatusTone> = {
  awaiting: 'info',
  pending: 'warning',
  available: 'success',
  reversed: 'danger',
};

/** A vendor's statement (issue 22): each line sold, its gross, Jara's commission, their credit and where it stands. */
export function VendorStatement({ list }: { list: ListPage<StatementLine> | null }) {
  const { items, more } = useLoadMore<StatementLine>(list, (next) => `/transactions?view=statement&${next}`);
  if (!list) {
    return (
      <p className="form-error" role="alert">
        {MSG.common.serverError}
      </p>
    );
  }
  if (items.length === 0) return <p className="empty-state">{MSG.vendor.statementEmpty}</p>;
  return (
    <>
      <p className="muted small">{MSG.vendor.statementIntro}</p>
      <div className="table-scroll">
        <table className="data-table statement-table" data-testid="statement">
          <caption className="visually-hidden">{MSG.vendor.statementCaption}</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Product</th>
              <th scope="col" className="num">
                Gross
              </th>
              <th scope="col" className="num">
                Commission
              </th>
              <th scope="col" className="num">
                Credit
              </th>
              <th scope="col">Credit status</th>
            </tr>
          </thead>
          <tbody>
            {items.map((line) => (
              <tr key={line.id} data-testid="statement-row" data-status={line.credit_status}>
                <td data-label="Order">
                  <div>
                    <Link to={`/order-summary?id=${line.order_id}`} className="mono">
                      {line.order_no}
                    </Link>
                    <span className="muted small block">{formatDate(line.created_at)}</span>
                  </div>
                </td>
                <td data-label="Product">
                  {line.quantity > 1 ? `${line.quantity} × ${line.product_name}` : line.product_name}
                </td>
                <td data-label="Gross" className="num">
                  {formatNaira(line.gross_minor)}
                </td>
                <td data-label="Commission" className="num">
                  {formatNaira(line.commission_minor)}
                </td>
                <td data-label="Credit" className="num">
                  {formatNaira(line.credit_minor)}
                </td>
                <td data-label="Credit status">
                  <div>
                    <StatusPill label={line.credit_status_label} tone={TONES[line.credit_status]} />
                    {line.available_from ? (
                      <span className="muted small block">
                        {MSG.vendor.availableFrom(formatDate(line.available_from))}
                      </span>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more}
    </>
  );
}
