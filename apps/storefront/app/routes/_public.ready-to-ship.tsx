import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import {
  MSG,
  SHIPPING_TITLE_STATUSES,
  SHIPPING_TYPES,
  WAREHOUSE_TYPES,
  shippingTitleStatusLabel,
  type ListResponse,
  type ShippingTitle,
  type Warehouse,
} from '@jara/contracts';
import { StatusPill } from '~/components/money';
import { api } from '~/lib/api.server';

export const meta: MetaFunction = () => [
  { title: 'Ready to Ship | Jara' },
  {
    name: 'description',
    content: 'Jara warehouse addresses in China and Nigeria, and the sea and air shipments open for your goods.',
  },
];

const TABS = [{ value: 'all', label: 'All' }, ...SHIPPING_TYPES] as const;
type Tab = (typeof TABS)[number]['value'];
const COPIED_MS = 2000;

/** Spec 2.29: warehouse addresses with a copy-all button, type tabs and the shipping options (shipping titles). */
export async function loader({ request }: LoaderFunctionArgs) {
  const requested = new URL(request.url).searchParams.get('type');
  const tab: Tab = TABS.some((t) => t.value === requested) ? (requested as Tab) : 'all';
  const filter = tab === 'all' ? '' : `&type=${tab}`;
  const [warehouses, shippings] = await Promise.all([
    api<ListResponse<Warehouse>>('/warehouses?per_page=100', { signal: request.signal }),
    api<ListResponse<ShippingTitle>>(`/shippings?per_page=100${filter}`, { signal: request.signal }),
  ]);
  return json({
    tab,
    warehouses: warehouses.ok ? (warehouses.data?.data ?? []) : null,
    shippings: shippings.ok ? (shippings.data?.data ?? []) : null,
  });
}

function typeLabel(type: string): string {
  return WAREHOUSE_TYPES.find((t) => t.value === type)?.label ?? type;
}

function addressText(w: Warehouse): string {
  return [w.name, w.address, w.location?.name, w.contact].filter(Boolean).join('\n');
}

function CopyAll({ warehouses }: { warehouses: Warehouse[] }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small"
      onClick={() => {
        void navigator.clipboard?.writeText(warehouses.map(addressText).join('\n\n')).then(() => setCopied(true));
      }}
    >
      {copied ? 'Copied' : 'Copy all addresses'}
    </button>
  );
}

export default function ReadyToShip() {
  const { tab, warehouses, shippings } = useLoaderData<typeof loader>();
  return (
    <main className="container page">
      <h1>Ready to Ship</h1>
      <p className="muted">
        Send your goods to a Jara warehouse, then pick a shipment. See{' '}
        <Link to="/foreign-logistics">foreign logistics</Link> for how it works.
      </p>

      <section aria-labelledby="warehouses-title" className="stack">
        <div className="section-head">
          <h2 id="warehouses-title">Warehouse addresses</h2>
          {warehouses && warehouses.length ? <CopyAll warehouses={warehouses} /> : null}
        </div>
        {warehouses === null ? (
          <p className="form-error" role="alert">
            {MSG.lists.loadShippingFailed} <Link to={`/ready-to-ship?type=${tab}`}>{MSG.common.tryAgain}</Link>
          </p>
        ) : (
          <ul className="warehouse-list" data-testid="warehouses">
            {warehouses.map((w) => (
              <li key={w.id} className="card warehouse">
                <h3>{w.name}</h3>
                <p className="small muted">
                  {typeLabel(w.type)}
                  {w.location ? ` · ${w.location.name}` : ''}
                </p>
                {w.address ? <address>{w.address}</address> : null}
                {w.contact ? <p className="small">{w.contact}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="options-title" className="stack">
        <h2 id="options-title">Shipping options</h2>
        <nav className="tabs" aria-label="Shipping type">
          {TABS.map((t) => (
            <Link
              key={t.value}
              to={`/ready-to-ship?type=${t.value}`}
              className={`tab${t.value === tab ? ' active' : ''}`}
              aria-current={t.value === tab ? 'page' : undefined}
              preventScrollReset
            >
              {t.label}
            </Link>
          ))}
        </nav>
        {shippings === null ? (
          <p className="form-error" role="alert">
            {MSG.lists.loadShippingFailed} <Link to={`/ready-to-ship?type=${tab}`}>{MSG.common.tryAgain}</Link>
          </p>
        ) : shippings.length === 0 ? (
          <p className="empty-state">No shipping options found</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table" data-testid="shipping-options">
              <caption className="visually-hidden">Shipping options</caption>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Name</th>
                  <th scope="col">Location</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {shippings.map((s) => (
                  <tr key={s.id}>
                    <td>{s.id}</td>
                    <td>{s.name}</td>
                    <td>{s.location?.name ?? ''}</td>
                    <td>{typeLabel(s.type)}</td>
                    <td>
                      <StatusPill
                        label={shippingTitleStatusLabel(s.status)}
                        tone={SHIPPING_TITLE_STATUSES.find((row) => row.code === s.status)?.tone ?? 'default'}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
