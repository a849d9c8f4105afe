import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import {
  CONTENT_CATEGORIES,
  LAST_MILE_KINDS,
  type ProofOfDelivery,
  MSG,
  RECEIPT_MSG,
  SHIPPING_TYPES,
  TRACKING_NO_EXAMPLE,
  deliveryStatusDetailLabel,
  formatLongDateTime,
  type DeliveryType,
  type TrackingLookup,
  type Warehouse,
} from '@jara/contracts';
import { Field } from '~/components/field';
import { StatusPill } from '~/components/money';
import {
  deliveryStatusTone,
  deliveryTypeLabel,
  measureText,
  measured,
  shippingTypeLabel,
  warehouseTypeLabel,
  warehousesFor,
  type RequestErrors,
} from '~/lib/deliveries';

/** Pieces shared by the delivery and tracking screens (issue 11). */

/** A delivery's status as a coloured pill; the label defaults to the detail label ('Pending' for an unknown code). */
export function DeliveryStatus({ status, label }: { status: number; label?: string }) {
  return (
    <StatusPill
      label={label || deliveryStatusDetailLabel(status)}
      tone={deliveryStatusTone(status)}
      testId="delivery-status"
    />
  );
}

/** Posted values of a request form, to fill it again after a refusal (without JavaScript the page is re-rendered). */
export interface RequestValues {
  name?: string;
  phone?: string;
  email?: string;
  external_no?: string;
  warehouse_id?: number;
  shipping_type?: string;
  from_jara?: boolean;
  contents?: Array<Record<string, string>>;
  last_mile?: string;
  declared_weight?: string;
  declared_length?: string;
  declared_width?: string;
  declared_height?: string;
}

/**
 * Issue 26 (decision 046): what the customer expects the parcel to weigh and measure, optional. A warehouse receipt
 * far from it asks the customer before the fee is charged. The DTO's rules: kg with at most 2 decimals; whole cm,
 * the three dimensions together.
 */
function DeclaredFieldset({
  values,
  errors,
  onChange,
}: {
  values?: RequestValues;
  errors: RequestErrors;
  onChange: (name: keyof RequestErrors) => void;
}) {
  const dims = [
    ['declared_length', RECEIPT_MSG.declaredLengthLabel],
    ['declared_width', RECEIPT_MSG.declaredWidthLabel],
    ['declared_height', RECEIPT_MSG.declaredHeightLabel],
  ] as const;
  return (
    <fieldset className="contents-fieldset declared-fieldset" data-testid="declared-fieldset">
      <legend>{RECEIPT_MSG.declaredLegend}</legend>
      <p className="muted" id="declared-help">
        {RECEIPT_MSG.declaredHelp}
      </p>
      <div className="declared-row">
        <Field
          name="declared_weight"
          label={RECEIPT_MSG.declaredWeightLabel}
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          aria-describedby="declared-help"
          defaultValue={values?.declared_weight}
          error={errors.declared_weight}
          onChange={() => onChange('declared_weight')}
        />
        {dims.map(([name, label]) => (
          <Field
            key={name}
            name={name}
            label={label}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            defaultValue={values?.[name]}
            error={errors[name]}
            onChange={() => onChange(name)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Issue 26: what the parcel holds (customs), a few rows that work without JavaScript (empty rows are not sent), and
 * how its last mile goes.
 */
function ContentsFieldset({ values, error }: { values?: RequestValues; error?: string }) {
  const rows = Array.from({ length: 4 }, (_, i) => values?.contents?.[i] ?? {});
  return (
    <fieldset className="contents-fieldset" aria-describedby={error ? 'contents-error' : undefined}>
      <legend>What is in the parcel (for customs)</legend>
      <p className="muted">Describe each kind of item, how many, and its value in US dollars.</p>
      {error ? (
        <p className="field-error" id="contents-error" role="alert" data-testid="contents-error">
          {error}
        </p>
      ) : null}
      {rows.map((row, i) => (
        <div className="contents-row" key={i} data-testid="contents-row">
          <div className="field">
            <label htmlFor={`contents-${i}-description`}>Item {i + 1}</label>
            <input
              id={`contents-${i}-description`}
              name={`contents[${i}][description]`}
              maxLength={200}
              defaultValue={row.description}
              placeholder={i === 0 ? 'e.g. Cotton T-shirts' : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor={`contents-${i}-quantity`}>Quantity</label>
            <input
              id={`contents-${i}-quantity`}
              name={`contents[${i}][quantity]`}
              inputMode="numeric"
              defaultValue={row.quantity}
            />
          </div>
          <div className="field">
            <label htmlFor={`contents-${i}-value`}>Value (USD)</label>
            <input
              id={`contents-${i}-value`}
              name={`contents[${i}][value]`}
              inputMode="decimal"
              defaultValue={row.value}
            />
          </div>
          <div className="field">
            <label htmlFor={`contents-${i}-category`}>Category</label>
            <select
              id={`contents-${i}-category`}
              name={`contents[${i}][category]`}
              defaultValue={row.category || 'other'}
            >
              {CONTENT_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      ))}
    </fieldset>
  );
}

function SelectField({
  name,
  label,
  error,
  children,
  value,
  onChange,
  required,
}: {
  name: string;
  label: string;
  error?: string;
  children: ReactNode;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  const id = `field-${name}`;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A warehouse as an option: its name, with its location when the name does not say it. */
function warehouseOption(w: Warehouse): string {
  return w.location && !w.name.toLowerCase().includes(w.location.name.toLowerCase())
    ? `${w.name} (${w.location.name})`
    : w.name;
}

/**
 * The delivery request form: the public shipping request (guest: name, phone, optional e-mail) and the signed-in
 * Create Warehouse Delivery (with 'Bought from Jara Mall'). Tracking ID and warehouse always; the shipping type only
 * for foreign requests, and the warehouses offered are those of the request's (and the shipping type's) type. The
 * action checks it with the API's DTO (delivery-requests.server.ts): a missing field comes back marked 'Required.'
 * with the DTO's sentence as the form's message; `limits` are the DTO's lengths.
 */
export function DeliveryRequestForm({
  type,
  guest,
  warehouses,
  limits,
  serverErrors,
  message,
  values,
  submitLabel,
  intent,
  showFromJara,
}: {
  type: DeliveryType;
  guest: boolean;
  warehouses: Warehouse[] | null;
  limits: Record<string, number>;
  serverErrors?: RequestErrors;
  message?: string | null;
  values?: RequestValues;
  submitLabel: string;
  intent: string;
  showFromJara: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const [errors, setErrors] = useState<RequestErrors>(serverErrors ?? {});
  const [shippingType, setShippingType] = useState<string>(values?.shipping_type ?? '');
  const [warehouseId, setWarehouseId] = useState<string>(values?.warehouse_id ? String(values.warehouse_id) : '');
  useEffect(() => setErrors(serverErrors ?? {}), [serverErrors]);

  const shown = (name: keyof RequestErrors) => errors[name];
  const all = warehouses ?? [];
  const offered = warehousesFor(all, type, shippingType || null);
  const clear = (name: keyof RequestErrors) =>
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));

  function onShippingType(value: string) {
    setShippingType(value);
    clear('shipping_type');
    // A warehouse of the other type no longer fits.
    const chosen = all.find((w) => String(w.id) === warehouseId);
    if (chosen && value && chosen.type !== value) setWarehouseId('');
  }

  function onWarehouse(value: string) {
    setWarehouseId(value);
    clear('warehouse_id');
    const chosen = all.find((w) => String(w.id) === value);
    if (type === 'foreign' && chosen && !shippingType && (chosen.type === 'sea_cargo' || chosen.type === 'air_cargo'))
      setShippingType(chosen.type);
  }

  // Foreign: group the options by type so the list reads well even before a shipping type is chosen.
  const groups = type === 'foreign' && !shippingType ? (['sea_cargo', 'air_cargo'] as const) : null;

  return (
    <Form method="post" noValidate className="stack delivery-request-form">
      <input type="hidden" name="intent" value={intent} />
      {message ? (
        <p className="form-error" role="alert" data-testid="request-error">
          {message}
        </p>
      ) : null}
      {warehouses === null ? (
        <p className="form-error" role="alert">
          {MSG.lists.loadShippingFailed}
        </p>
      ) : null}
      <fieldset disabled={busy} className="form-grid">
        {guest ? (
          <>
            <Field
              name="name"
              label="Full name"
              autoComplete="name"
              required
              maxLength={limits.name}
              defaultValue={values?.name}
              error={shown('name')}
              onChange={() => clear('name')}
            />
            <Field
              name="phone"
              label="Phone"
              type="tel"
              autoComplete="tel"
              required
              maxLength={limits.phone}
              defaultValue={values?.phone}
              error={shown('phone')}
              onChange={() => clear('phone')}
            />
            <Field
              name="email"
              label="E-mail (optional)"
              type="email"
              autoComplete="email"
              maxLength={limits.email}
              defaultValue={values?.email}
              error={shown('email')}
              onChange={() => clear('email')}
            />
          </>
        ) : null}
        <Field
          name="external_no"
          label="Tracking ID"
          required
          maxLength={limits.external_no}
          placeholder="Courier tracking number"
          defaultValue={values?.external_no}
          error={shown('external_no')}
          onChange={() => clear('external_no')}
        />
        {type === 'foreign' ? (
          <SelectField
            name="shipping_type"
            label="Shipping type"
            required
            value={shippingType}
            onChange={onShippingType}
            error={shown('shipping_type')}
          >
            <option value="">Choose sea or air cargo</option>
            {SHIPPING_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectField>
        ) : null}
        <SelectField
          name="warehouse_id"
          label="Warehouse"
          required
          value={warehouseId}
          onChange={onWarehouse}
          error={shown('warehouse_id')}
        >
          <option value="">Choose a warehouse</option>
          {groups
            ? groups.map((group) => {
                const rows = offered.filter((w) => w.type === group);
                return rows.length ? (
                  <optgroup key={group} label={warehouseTypeLabel(group)}>
                    {rows.map((w) => (
                      <option key={w.id} value={w.id}>
                        {warehouseOption(w)}
                      </option>
                    ))}
                  </optgroup>
                ) : null;
              })
            : offered.map((w) => (
                <option key={w.id} value={w.id}>
                  {warehouseOption(w)}
                </option>
              ))}
        </SelectField>
        <div className="field">
          <label htmlFor="field-last_mile">Last mile</label>
          <select id="field-last_mile" name="last_mile" defaultValue={values?.last_mile || 'address'}>
            {LAST_MILE_KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        <DeclaredFieldset values={values} errors={errors} onChange={clear} />
        <ContentsFieldset values={values} error={shown('contents')} />
        {showFromJara ? (
          <label className="checkbox-row">
            <input type="checkbox" name="from_jara" value="on" defaultChecked={values?.from_jara} /> Bought from Jara
            Mall
          </label>
        ) : null}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** 'Track Your Product': a GET form (?no=); the number is trimmed, the button disabled while empty, Enter submits. */
export function TrackerForm({ action, initial }: { action: string; initial: string }) {
  const [value, setValue] = useState(initial);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setValue(initial), [initial]);
  const navigation = useNavigation();
  const searching =
    navigation.state === 'loading' &&
    navigation.location?.pathname === action &&
    navigation.location.search.includes('no=');
  // Without JavaScript the button stays enabled (the server refuses an empty number); with it, it waits for a number.
  const empty = !value.trim();
  return (
    <Form method="get" action={action} className="tracker-form" role="search" aria-label="Track a parcel">
      <div className="field tracker-field">
        <label htmlFor="tracking-no">Tracking number</label>
        <div className="tracker-row">
          <input
            id="tracking-no"
            name="no"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onBlur={() => setValue((current) => current.trim())}
            placeholder={`e.g. ${TRACKING_NO_EXAMPLE}`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
          />
          <button type="submit" className="btn btn-primary" disabled={(hydrated && empty) || searching}>
            {searching ? 'Searching…' : MSG.tracking.search}
          </button>
        </div>
      </div>
    </Form>
  );
}

/** Proof of delivery on the customer's timeline (issue 26): their own parcel's attempts, with proxied image paths. */
export interface OwnProof {
  deliveryId: number;
  attempts: Array<ProofOfDelivery & { photo_src: string | null; signature_src: string | null }>;
}

/** Issue 26: the owner's proof of delivery (who received it, when, the photo and the signature), newest first. */
function ProofOfDeliverySection({ proof }: { proof: OwnProof }) {
  return (
    <section aria-labelledby="pod-title" data-testid="proof-of-delivery">
      <h3 id="pod-title">Proof of delivery</h3>
      <ul className="pod-list">
        {proof.attempts.map((a, i) => (
          <li key={`${a.at}-${i}`} className="pod-entry">
            <strong>
              {a.outcome === 'delivered'
                ? `Delivered to ${a.recipient_name ?? 'the recipient'}`
                : `Delivery attempt failed: ${a.reason_label ?? 'Other'}`}
            </strong>
            <time className="block small muted" dateTime={a.at}>
              {formatLongDateTime(a.at)}
              {a.rider?.name ? ` · ${a.rider.name}` : ''}
            </time>
            {a.photo_src || a.signature_src ? (
              <div className="pod-images">
                {a.photo_src ? (
                  <img src={a.photo_src} alt="Photo of the delivered parcel" loading="lazy" width={160} height={120} />
                ) : null}
                {a.signature_src ? (
                  <img src={a.signature_src} alt="The recipient's signature" loading="lazy" width={160} height={60} />
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The lookup result: status, number, type, shipping type, warehouse and the timeline (oldest first). */
export function TrackingResult({ tracking, proof }: { tracking: TrackingLookup; proof?: OwnProof | null }) {
  return (
    <article className="card tracking-result" aria-labelledby="tracking-result-title" data-testid="tracking-result">
      <header className="tracking-head">
        <div>
          <p className="muted small">Tracking number</p>
          <h2 id="tracking-result-title" className="mono tracking-no">
            {tracking.tracking_no}
          </h2>
        </div>
        <DeliveryStatus status={tracking.status} label={tracking.status_label} />
      </header>
      <dl className="details-list tracking-details">
        <dt>Type</dt>
        <dd>{deliveryTypeLabel(tracking.type) || '—'}</dd>
        <dt>Shipping type</dt>
        <dd>{shippingTypeLabel(tracking.shipping_type) || '—'}</dd>
        <dt>Warehouse</dt>
        <dd>
          {tracking.warehouse
            ? `${tracking.warehouse.name}${tracking.warehouse.location ? ` (${tracking.warehouse.location})` : ''}`
            : '—'}
        </dd>
        {tracking.shipping ? (
          <>
            <dt>Shipment</dt>
            <dd>{`${tracking.shipping.name}${tracking.shipping.location ? ` (${tracking.shipping.location})` : ''}`}</dd>
          </>
        ) : null}
        {measured(tracking.weight) ? (
          <>
            <dt>Weight</dt>
            <dd>{measureText(tracking.weight, 'kg')}</dd>
          </>
        ) : null}
        {measured(tracking.size) ? (
          <>
            <dt>Size</dt>
            <dd>{measureText(tracking.size, 'cm³')}</dd>
          </>
        ) : null}
        <dt>Requested</dt>
        <dd>{formatLongDateTime(tracking.created_at)}</dd>
      </dl>
      <section aria-labelledby="timeline-title">
        <h3 id="timeline-title">Timeline</h3>
        {tracking.timeline.length ? (
          <ol className="timeline" data-testid="timeline">
            {tracking.timeline.map((entry, index) => (
              <li
                key={`${entry.at}-${index}`}
                className={`timeline-entry${index === tracking.timeline.length - 1 ? ' is-current' : ''}`}
              >
                <span className="timeline-dot" aria-hidden="true" />
                <div>
                  <strong>{entry.label || deliveryStatusDetailLabel(entry.status)}</strong>
                  {entry.location ? <span className="block small">{entry.location}</span> : null}
                  <time className="block small muted" dateTime={entry.at}>
                    {formatLongDateTime(entry.at)}
                  </time>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted">No status changes yet.</p>
        )}
      </section>
      {proof ? <ProofOfDeliverySection proof={proof} /> : null}
    </article>
  );
}

/** Prev / 'Page x of y' / Next, as links (work without JavaScript). */
export function Pager({
  page,
  pages,
  href,
  label,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
}) {
  return (
    <nav className="pager table-pager" aria-label={label}>
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn btn-ghost btn-small" rel="prev" preventScrollReset>
          {MSG.common.prev}
        </Link>
      ) : (
        <span className="btn btn-ghost btn-small is-disabled" aria-disabled="true">
          {MSG.common.prev}
        </span>
      )}
      <span className="pager-status" data-testid="page-of">
        {MSG.common.pageOf(page, pages)}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="btn btn-ghost btn-small" rel="next" preventScrollReset>
          {MSG.common.next}
        </Link>
      ) : (
        <span className="btn btn-ghost btn-small is-disabled" aria-disabled="true">
          {MSG.common.next}
        </span>
      )}
    </nav>
  );
}

/** Placeholder rows while the table's next page loads. */
export function SkeletonRows({ columns, rows }: { columns: number; rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} className="skeleton-row" aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column}>
              <span className="skeleton-bar" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

function listKey(search: string, keys: readonly string[]): string {
  const params = new URLSearchParams(search);
  return keys.map((key) => `${key}=${params.getAll(key).join(',')}`).join('&');
}

/**
 * Is the table's next state loading: a navigation to this page that changes one of the table's query `keys`
 * (page, search, filters, sort)? Opening a dialog of the same page does not count.
 */
export function useTableLoading(pathname: string, keys: readonly string[]): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== 'loading' || !navigation.location || navigation.location.pathname !== pathname) return false;
  if (navigation.formMethod?.toUpperCase() === 'POST') return false;
  return listKey(navigation.location.search, keys) !== listKey(location.search, keys);
}
