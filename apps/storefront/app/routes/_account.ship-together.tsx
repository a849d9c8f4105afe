import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { deliveryStatusLabel, formatDollars, type Consolidation, type Delivery } from '@jara/contracts';
import { ALL_ROLES } from '~/lib/navigation';
import { loadConsolidation, requestConsolidation, type MeasureAnswer } from '~/lib/receipts.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Ship together | Jara' }];

/**
 * Issue 26: a customer chooses parcels received at one warehouse to ship together; staff pack them into one
 * consolidated parcel with its own tracking number and one fee. Works without JavaScript (checkboxes, a form post).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  return json(await loadConsolidation(request, auth));
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ALL_ROLES);
  return requestConsolidation(request, auth, await request.formData());
}

export default function ShipTogetherPage() {
  const { parcels, consolidations, error } = useLoaderData<typeof loader>() as {
    parcels: Delivery[];
    consolidations: Consolidation[];
    error: string | null;
  };
  const answer = useActionData<typeof action>() as MeasureAnswer | undefined;
  const busy = useNavigation().state === 'submitting';
  // Parcels already chosen for a consolidation (requested or packed) cannot be chosen again.
  const grouped = new Set(
    consolidations.filter((c) => c.status !== 'cancelled').flatMap((c) => c.members.map((m) => m.id)),
  );
  const free = parcels.filter((p) => !grouped.has(p.id));
  const byWarehouse = new Map<string, Delivery[]>();
  for (const p of free) {
    const key = p.warehouse?.name ?? 'Warehouse';
    byWarehouse.set(key, [...(byWarehouse.get(key) ?? []), p]);
  }
  return (
    <section className="stack">
      <h1>Ship together</h1>
      <p className="muted">
        Choose parcels at the same warehouse to pack into one consolidated parcel: you pay one cargo fee, on the packed
        parcel&apos;s measure.
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {answer ? (
        <p
          className={answer.ok ? 'form-success' : 'form-error'}
          role={answer.ok ? 'status' : 'alert'}
          data-testid="consolidate-answer"
        >
          {answer.message}
        </p>
      ) : null}
      {byWarehouse.size === 0 ? (
        <p className="empty-state">You have no parcels at a warehouse to ship together.</p>
      ) : (
        [...byWarehouse.entries()].map(([warehouse, rows]) => (
          <Form method="post" key={warehouse} className="stack" aria-label={`Ship together from ${warehouse}`}>
            <fieldset>
              <legend>{warehouse}</legend>
              {rows.map((p) => (
                <div key={p.id} className="checkbox-row">
                  <input type="checkbox" id={`parcel-${p.id}`} name="delivery_ids" value={p.id} />{' '}
                  <label htmlFor={`parcel-${p.id}`}>
                    <span className="mono">{p.tracking_no}</span> · {p.external_no} · {deliveryStatusLabel(p.status)}
                  </label>
                </div>
              ))}
            </fieldset>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Ship selected together
            </button>
          </Form>
        ))
      )}
      <section className="stack" aria-labelledby="consolidations-title">
        <h2 id="consolidations-title">Your consolidations</h2>
        {consolidations.length === 0 ? (
          <p className="empty-state">None yet.</p>
        ) : (
          <table className="data-table" data-testid="consolidations">
            <caption className="visually-hidden">Your consolidations</caption>
            <thead>
              <tr>
                <th scope="col">Parcels</th>
                <th scope="col">Status</th>
                <th scope="col">Consolidated parcel</th>
                <th scope="col">Fee</th>
              </tr>
            </thead>
            <tbody>
              {consolidations.map((c) => (
                <tr key={c.id}>
                  <td data-label="Parcels">{c.members.map((m) => m.tracking_no).join(', ')}</td>
                  <td data-label="Status">{c.status_label}</td>
                  <td data-label="Consolidated parcel">
                    {c.parent ? (
                      <Link to={`/parcels/${c.parent.id}`} className="mono">
                        {c.parent.tracking_no}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label="Fee" data-testid="consolidation-fee">
                    {/* An unpacked consolidation's parcel is cancelled with its fee (decision 047). */}
                    {c.status !== 'unpacked' && c.parent?.amount_minor ? formatDollars(c.parent.amount_minor) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}
