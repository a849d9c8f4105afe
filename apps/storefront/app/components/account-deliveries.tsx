import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  MSG,
  RECEIPT_MSG,
  formatDollars,
  formatLongDateTime,
  type Delivery,
  type DeliveryType,
  type Warehouse,
} from '@jara/contracts';
import { DeliveryRequestForm, DeliveryStatus, Pager, SkeletonRows, useTableLoading } from '~/components/deliveries';
import { RouteDialog } from '~/components/dialog';
import { InvoiceStatus, StatusPill } from '~/components/money';
import { useActionToast } from '~/components/toasts';
import type { CreateDeliveryAnswer } from '~/lib/account-deliveries.server';
import {
  DELIVERIES_PAGE_SIZE,
  adminAction,
  deliveryListHref,
  measureText,
  measured,
  pageCount,
  paymentCell,
  shippingTypeLabel,
} from '~/lib/deliveries';
import type { DeliveryPage } from '~/lib/deliveries.server';

interface LoaderData {
  type: DeliveryType;
  /** The request form's maxLength: the API's limits. */
  limits: Record<string, number>;
  q: string;
  page: number;
  create: boolean;
  list: DeliveryPage | null;
  warehouses: Warehouse[] | null;
  pay: { id: number; delivery: Delivery | null } | null;
  admin: boolean;
  adminUrl: string | null;
}

const TITLES: Record<DeliveryType, { title: string; intro: string }> = {
  foreign: {
    title: 'Foreign Logistics',
    intro: 'Goods you send to our warehouses abroad and ship to Nigeria by sea or air.',
  },
  local: {
    title: 'Local Logistics',
    intro: 'Parcels you send through our hub for delivery within Nigeria.',
  },
};

function PaymentCellView({ delivery, payHref }: { delivery: Delivery; payHref: string }) {
  const cell = paymentCell(delivery);
  if (cell === 'paid') return <StatusPill label={MSG.deliveries.paid} tone="success" testId="payment-paid" />;
  if (cell === 'process')
    return (
      <Link
        to={payHref}
        className="btn btn-primary btn-small"
        preventScrollReset
        aria-label={`${MSG.deliveries.processPayment} for ${delivery.tracking_no}`}
      >
        {MSG.deliveries.processPayment}
      </Link>
    );
  return <span className="muted">{MSG.deliveries.notAvailable}</span>;
}

function AdminActionView({ delivery, adminUrl }: { delivery: Delivery; adminUrl: string }) {
  const action = adminAction(delivery.status);
  if (action.kind === 'text') return <span className="muted">{action.label}</span>;
  return (
    <a
      href={`${adminUrl}/deliveries/${delivery.id}`}
      className="btn btn-ghost btn-small"
      aria-label={`${action.label}: ${delivery.tracking_no}`}
    >
      {action.label}
    </a>
  );
}

function PaymentDetails({ delivery }: { delivery: Delivery }) {
  const invoice = delivery.invoice;
  const fee =
    delivery.amount_minor !== null
      ? formatDollars(delivery.amount_minor)
      : invoice
        ? formatDollars(invoice.amount_minor)
        : null;
  const paid = paymentCell(delivery) === 'paid';
  return (
    <div className="stack" data-testid="payment-details">
      <dl className="details-list">
        <dt>Tracking ID</dt>
        <dd className="mono">{delivery.tracking_no}</dd>
        <dt>Status</dt>
        <dd>
          <DeliveryStatus status={delivery.status} label={delivery.status_label} />
        </dd>
        <dt>Fee</dt>
        <dd data-testid="payment-fee">{fee ?? 'Not set yet'}</dd>
        <dt>Invoice</dt>
        <dd>
          {invoice ? (
            <span className="inline-pair">
              <span className="mono">{invoice.reference}</span> <InvoiceStatus status={invoice.status} />
            </span>
          ) : (
            '—'
          )}
        </dd>
        <dt>{measured(delivery.size) && !measured(delivery.weight) ? 'Size' : 'Weight'}</dt>
        <dd>
          {measured(delivery.size) && !measured(delivery.weight)
            ? measureText(delivery.size, 'cm³')
            : measureText(delivery.weight, 'kg')}
        </dd>
        {measured(delivery.size) && measured(delivery.weight) ? (
          <>
            <dt>Size</dt>
            <dd>{measureText(delivery.size, 'cm³')}</dd>
          </>
        ) : null}
        <dt>Shipping type</dt>
        <dd>{shippingTypeLabel(delivery.shipping_type) || '—'}</dd>
        <dt>Shipping title</dt>
        <dd>{delivery.shipping?.name ?? '—'}</dd>
      </dl>
      {paid ? (
        <p className="form-success">
          {`${MSG.deliveries.paid}. `}
          {invoice ? <Link to={`/invoices/${invoice.id}`}>View invoice</Link> : null}
        </p>
      ) : invoice && invoice.status === 'pending' ? (
        <div className="form-actions">
          <Link to={`/invoices/${invoice.id}`} className="btn btn-primary">
            {MSG.deliveries.makePayment}
          </Link>
        </div>
      ) : invoice ? (
        <p className="notice-inline">{`The invoice of this fee is ${invoice.status}.`}</p>
      ) : delivery.amount_minor ? (
        // A fee set while this was a guest's request: its invoice is raised when the owner asks to pay (decision 025).
        <Form method="post" className="form-actions">
          <input type="hidden" name="intent" value="invoice" />
          <input type="hidden" name="id" value={delivery.id} />
          <button type="submit" className="btn btn-primary">
            {MSG.deliveries.makePayment}
          </button>
        </Form>
      ) : (
        <>
          <p className="notice-inline" data-testid="fee-not-set">
            {MSG.deliveries.feeNotSet}
          </p>
          <div className="form-actions">
            <button type="button" className="btn btn-primary" disabled>
              {MSG.deliveries.makePayment}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export function AccountDeliveries() {
  const { type, q, page, create, list, warehouses, limits, pay, admin, adminUrl } = useLoaderData<LoaderData>();
  const actionData = useActionData<CreateDeliveryAnswer>();
  useActionToast(actionData?.toast);
  const path = `/account-${type}-logistics`;
  const here = { q, page };
  const closeTo = deliveryListHref(path, here);
  const loading = useTableLoading(path, ['q', 'page']);
  const pages = list ? pageCount(list.total, DELIVERIES_PAGE_SIZE) : 1;
  const columns = admin ? 10 : 9;
  const copy = TITLES[type];
  return (
    <section className="stack">
      <div className="page-head">
        <div>
          <h1>{copy.title}</h1>
          <p className="muted">{copy.intro}</p>
        </div>
        <Link to={deliveryListHref(path, here, { create: '1' })} className="btn btn-primary" preventScrollReset>
          {MSG.deliveries.createDelivery}
        </Link>
      </div>

      <Form method="get" action={path} className="search-row" role="search" aria-label="Search deliveries" key={q}>
        <label htmlFor="delivery-search" className="visually-hidden">
          Search deliveries
        </label>
        <input
          id="delivery-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder="Name, phone, tracking ID, status…"
          title="Search by customer name, phone, tracking ID, external tracking ID, warehouse or status"
        />
        <button type="submit" className="btn btn-primary btn-small">
          Search
        </button>
        {q ? (
          <Link to={path} className="btn btn-ghost btn-small">
            Clear
          </Link>
        ) : null}
      </Form>

      {!list ? (
        <p className="form-error" role="alert">
          {MSG.lists.loadRecordsFailed}
        </p>
      ) : list.items.length === 0 && !loading ? (
        <>
          <p className="empty-state">{MSG.deliveries.empty}</p>
          {page > 1 ? (
            <Pager
              page={page}
              pages={Math.max(page, pages)}
              href={(p) => deliveryListHref(path, { q, page: p })}
              label="Delivery pages"
            />
          ) : null}
        </>
      ) : (
        <>
          <div className="table-scroll">
            <table className="data-table deliveries-table" data-testid="deliveries" aria-busy={loading || undefined}>
              <caption className="visually-hidden">{`${copy.title} deliveries, newest first`}</caption>
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col">Phone</th>
                  <th scope="col">tracking ID</th>
                  <th scope="col">External Tracking ID</th>
                  <th scope="col">Warehouse</th>
                  <th scope="col">Shipping Type</th>
                  <th scope="col">Status</th>
                  {admin ? <th scope="col">Action</th> : null}
                  <th scope="col">Payment</th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {loading ? (
                  <SkeletonRows
                    columns={columns}
                    rows={Math.max(3, Math.min(DELIVERIES_PAGE_SIZE, list.items.length))}
                  />
                ) : (
                  list.items.map((d) => (
                    <tr key={d.id} data-testid="delivery-row" data-tracking-no={d.tracking_no}>
                      <td data-label="Customer">{d.name || d.user?.name || '—'}</td>
                      <td data-label="Phone">{d.phone || '—'}</td>
                      <td data-label="tracking ID">
                        <Link
                          to={`/account-tracker?no=${encodeURIComponent(d.tracking_no)}`}
                          className="mono tracking-link"
                        >
                          {d.tracking_no}
                        </Link>
                        {admin ? null : (
                          <Link to={`/parcels/${d.id}`} className="block small" data-testid="parcel-measure-link">
                            {RECEIPT_MSG.reviewLink}
                          </Link>
                        )}
                      </td>
                      <td data-label="External Tracking ID" className="break">
                        <span className="mono">{d.external_no}</span>
                      </td>
                      <td data-label="Warehouse">{d.warehouse?.name ?? '—'}</td>
                      <td data-label="Shipping Type">{shippingTypeLabel(d.shipping_type) || '—'}</td>
                      <td data-label="Status">
                        <DeliveryStatus status={d.status} label={d.status_label} />
                      </td>
                      {admin && adminUrl ? (
                        <td data-label="Action">
                          <AdminActionView delivery={d} adminUrl={adminUrl} />
                        </td>
                      ) : null}
                      <td data-label="Payment" data-testid="payment-cell">
                        <PaymentCellView delivery={d} payHref={deliveryListHref(path, here, { pay: String(d.id) })} />
                      </td>
                      <td data-label="Date">{formatLongDateTime(d.created_at)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pager
            page={Math.min(page, pages)}
            pages={pages}
            href={(p) => deliveryListHref(path, { q, page: p })}
            label="Delivery pages"
          />
        </>
      )}

      {create ? (
        <RouteDialog id="create-delivery" title={MSG.deliveries.createDialogTitle} closeTo={closeTo}>
          <DeliveryRequestForm
            type={type}
            guest={false}
            warehouses={warehouses}
            limits={limits}
            serverErrors={actionData?.errors}
            message={actionData?.message}
            values={actionData?.values}
            submitLabel={MSG.deliveries.createDelivery}
            intent="create"
            showFromJara
          />
        </RouteDialog>
      ) : null}

      {pay ? (
        <RouteDialog id="payment-details" title={MSG.deliveries.paymentDetails} closeTo={closeTo}>
          {pay.delivery ? (
            <PaymentDetails delivery={pay.delivery} />
          ) : (
            <p className="form-error" role="alert">
              {MSG.deliveries.notFound}
            </p>
          )}
        </RouteDialog>
      ) : null}
    </section>
  );
}
