import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { DELIVERY_STATUSES, MSG, deliveryStatusLabel, type Delivery } from '@jara/contracts';
import {
  DeliveryStatus,
  Pager,
  SkeletonRows,
  TrackerForm,
  TrackingResult,
  useTableLoading,
  type OwnProof,
} from '~/components/deliveries';
import {
  TRACKING_TABLE_PAGE_SIZE,
  measureText,
  pageCount,
  readTrackingTableQuery,
  trackingTableHref,
  type TrackingSort,
  type TrackingTableQuery,
} from '~/lib/deliveries';
import { loadTrackingTable, lookupTracking, type DeliveryPage, type LookupAnswer } from '~/lib/deliveries.server';
import { answerOffer, loadOfferedRequests, type OfferAnswer } from '~/lib/guest-requests.server';
import { ALL_ROLES } from '~/lib/navigation';
import { loadOwnProof } from '~/lib/proof-of-delivery.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Track Your Product | Jara' }];

const PATH = '/account-tracker';

/**
 * Spec 2.19: 'Track Your Product'. Customers and vendors look a number up (?no=); an admin sees the tracking table
 * (GET /trackings, 5 a page, filters by tracking number, user name and status, sortable by status, weight and size),
 * and the lookup of ?no= above it when a link brings one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  const params = new URL(request.url).searchParams;
  const no = (params.get('no') ?? '').trim();
  const answer: LookupAnswer | null = params.has('no') ? await lookupTracking(request, no) : null;
  // Issue 26: the owner's proof of delivery on their parcel's timeline.
  const proof = answer?.ok ? await loadOwnProof(request, auth, no) : null;
  const query = readTrackingTableQuery(params);
  if (auth.role !== 'admin') {
    // Issue 22: a customer or vendor also sees their own parcels (GET /trackings answers only theirs).
    const [offered, mine] = await Promise.all([
      loadOfferedRequests(request, auth),
      loadTrackingTable(request, auth, query),
    ]);
    return json({ admin: false as const, no, answer, proof, table: { query, ...mine }, offered });
  }
  const { list, error } = await loadTrackingTable(request, auth, query);
  return json({ admin: true as const, no, answer, proof, table: { query, list, error }, offered: [] as Delivery[] });
}

/** Accept or Decline a guest request made with the account's e-mail (decision 025). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ALL_ROLES);
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = form.get('intent');
  if (!Number.isSafeInteger(id) || id < 1 || (intent !== 'accept' && intent !== 'decline'))
    return json<OfferAnswer>({ ok: false, message: MSG.deliveries.notFound }, { status: 422 });
  const answer = await answerOffer(request, auth, id, intent);
  return json<OfferAnswer>(answer, { status: answer.ok ? 200 : 404 });
}

/** The guest requests offered to this account, each with Accept and Decline. */
function OfferedRequests({ offered }: { offered: Delivery[] }) {
  const result = useActionData<typeof action>() as OfferAnswer | undefined;
  const busy = useNavigation().state === 'submitting';
  if (!offered.length && !result) return null;
  return (
    <section className="stack" aria-labelledby="offered-title" data-testid="offered-requests">
      <h2 id="offered-title">{MSG.deliveries.unclaimedTitle}</h2>
      <p className="muted">{MSG.deliveries.unclaimedIntro}</p>
      {result ? (
        <p className={result.ok ? 'form-success' : 'form-error'} role={result.ok ? 'status' : 'alert'}>
          {result.message}
        </p>
      ) : null}
      {offered.length ? (
        <ul className="offered-list">
          {offered.map((d) => (
            <li key={d.id} className="offered-item" data-testid="offered-request">
              <span className="mono">{d.tracking_no}</span>{' '}
              <span>
                {d.external_no}
                {d.warehouse ? ` · ${d.warehouse.name}` : ''} · {deliveryStatusLabel(d.status)}
              </span>
              <Form method="post" className="inline-actions">
                <input type="hidden" name="id" value={d.id} />
                <button
                  type="submit"
                  name="intent"
                  value="accept"
                  className="btn btn-primary btn-small"
                  disabled={busy}
                  aria-label={`${MSG.deliveries.claimAccept} ${d.tracking_no}`}
                >
                  {MSG.deliveries.claimAccept}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="decline"
                  className="btn btn-ghost btn-small"
                  disabled={busy}
                  aria-label={`${MSG.deliveries.claimDecline} ${d.tracking_no}`}
                >
                  {MSG.deliveries.claimDecline}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{MSG.deliveries.unclaimedEmpty}</p>
      )}
    </section>
  );
}

function SortHeader({
  label,
  field,
  query,
  numeric = false,
}: {
  label: string;
  field: TrackingSort;
  query: TrackingTableQuery;
  numeric?: boolean;
}) {
  const active = query.sort === field;
  const nextOrder = active && query.order === 'asc' ? 'desc' : 'asc';
  return (
    <th
      scope="col"
      className={numeric ? 'num' : undefined}
      aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link
        to={trackingTableHref(PATH, query, { sort: field, order: nextOrder, page: 1 })}
        className="sort-link"
        preventScrollReset
      >
        {label}
        <span aria-hidden="true" className="sort-mark">
          {active ? (query.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
        </span>
        <span className="visually-hidden">{`, sort ${nextOrder === 'asc' ? 'ascending' : 'descending'}`}</span>
      </Link>
    </th>
  );
}

function TrackingTable({
  query,
  list,
  error,
  mine = false,
}: {
  query: TrackingTableQuery;
  list: DeliveryPage | null;
  error: string | null;
  /** A customer's or vendor's own parcels: no user column or user filter. */
  mine?: boolean;
}) {
  const loading = useTableLoading(PATH, ['tracking_no_like', 'name_like', 'status', 'sort', 'order', 'page']);
  const pages = list ? pageCount(list.total, TRACKING_TABLE_PAGE_SIZE) : 1;
  const filtered = Boolean(query.tracking_no_like || query.name_like || query.status);
  return (
    <section className="stack" aria-labelledby="tracking-table-title">
      <h2 id="tracking-table-title">{mine ? 'My parcels' : 'All trackings'}</h2>
      <Form
        method="get"
        action={PATH}
        className="filters tracking-filters"
        aria-label="Filter trackings"
        key={trackingTableHref(PATH, query)}
      >
        {query.sort ? (
          <>
            <input type="hidden" name="sort" value={query.sort} />
            <input type="hidden" name="order" value={query.order} />
          </>
        ) : null}
        <div className="field">
          <label htmlFor="filter-tracking-no">Tracking number</label>
          <input
            id="filter-tracking-no"
            name="tracking_no_like"
            defaultValue={query.tracking_no_like}
            maxLength={100}
            autoComplete="off"
          />
        </div>
        {mine ? null : (
          <div className="field">
            <label htmlFor="filter-name">User name</label>
            <input
              id="filter-name"
              name="name_like"
              defaultValue={query.name_like}
              maxLength={100}
              autoComplete="off"
            />
          </div>
        )}
        <div className="field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" name="status" defaultValue={query.status}>
            <option value="">All statuses</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary btn-small">
            Apply
          </button>
          {filtered || query.sort ? (
            <Link to={PATH} className="btn btn-ghost btn-small">
              Reset
            </Link>
          ) : null}
        </div>
      </Form>
      {error ? (
        <p className="form-error" role="alert" data-testid="tracking-table-error">
          {error}
        </p>
      ) : !list || (list.items.length === 0 && !loading) ? (
        <p className="empty-state" data-testid="tracking-table-empty">
          {mine && !filtered ? 'You have no parcels yet.' : MSG.tracking.empty}
        </p>
      ) : (
        <>
          <table className="data-table tracking-table" data-testid="tracking-table" aria-busy={loading || undefined}>
            <caption className="visually-hidden">Trackings, 5 a page</caption>
            <thead>
              <tr>
                <th scope="col">Tracking No</th>
                {mine ? null : <th scope="col">User</th>}
                <th scope="col">Warehouse</th>
                <th scope="col">Shipping location</th>
                <SortHeader label="Weight" field="weight" query={query} numeric />
                <SortHeader label="Size" field="size" query={query} numeric />
                <SortHeader label="Status" field="status" query={query} />
              </tr>
            </thead>
            <tbody>
              {loading ? (
                <SkeletonRows
                  columns={mine ? 6 : 7}
                  rows={Math.max(1, Math.min(TRACKING_TABLE_PAGE_SIZE, list.items.length))}
                />
              ) : (
                list.items.map((row: Delivery) => (
                  <tr key={row.id}>
                    <td data-label="Tracking No">
                      <Link to={`${PATH}?no=${encodeURIComponent(row.tracking_no)}`} className="mono tracking-link">
                        {row.tracking_no}
                      </Link>
                    </td>
                    {mine ? null : <td data-label="User">{row.user?.name || row.name || '—'}</td>}
                    <td data-label="Warehouse">
                      {row.warehouse
                        ? `${row.warehouse.name}${row.warehouse.location ? ` (${row.warehouse.location.name})` : ''}`
                        : '—'}
                    </td>
                    <td data-label="Shipping location">{row.shipping?.location?.name ?? '—'}</td>
                    <td data-label="Weight" className="num" data-testid="cell-weight">
                      {measureText(row.weight, 'kg')}
                    </td>
                    <td data-label="Size" className="num" data-testid="cell-size">
                      {measureText(row.size, 'cm³')}
                    </td>
                    <td data-label="Status">
                      <DeliveryStatus status={row.status} label={deliveryStatusLabel(row.status)} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          <Pager
            page={Math.min(query.page, pages)}
            pages={pages}
            href={(page) => trackingTableHref(PATH, query, { page })}
            label="Tracking pages"
          />
        </>
      )}
    </section>
  );
}

export default function AccountTrackerPage() {
  const data = useLoaderData<typeof loader>() as {
    admin: boolean;
    no: string;
    answer: LookupAnswer | null;
    proof: OwnProof | null;
    table: { query: TrackingTableQuery; list: DeliveryPage | null; error: string | null } | null;
    offered: Delivery[];
  };
  const { admin, no, answer, table, offered } = data;
  return (
    <section className="stack">
      <h1>{MSG.tracking.title}</h1>
      {admin ? null : <OfferedRequests offered={offered} />}
      {admin ? null : (
        <>
          <p className="muted">Enter a tracking number to see where the parcel is and every step so far.</p>
          <TrackerForm action={PATH} initial={no} />
        </>
      )}
      {answer && !answer.ok ? (
        <p className="form-error" role="alert" data-testid="tracking-error">
          {answer.message}
        </p>
      ) : null}
      {answer?.ok ? (
        <>
          <TrackingResult tracking={answer.tracking} proof={data.proof} />
          {admin ? (
            <Link to={PATH} className="small">
              Back to all trackings
            </Link>
          ) : null}
        </>
      ) : null}
      {table ? <TrackingTable query={table.query} list={table.list} error={table.error} mine={!admin} /> : null}
    </section>
  );
}
