import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { GUEST_FEE_MSG, MSG, type DeliveryType, type Warehouse } from '@jara/contracts';
import { DeliveryRequestForm } from '~/components/deliveries';
import { RouteDialog } from '~/components/dialog';
import { useActionToast } from '~/components/toasts';
import type { LandingActionData } from '~/lib/logistics-landing.server';

interface Copy {
  title: string;
  eyebrow: string;
  lead: string;
  points: string[];
  reasons: Array<{ title: string; text: string }>;
  steps: string[];
}

const COPY: Record<DeliveryType, Copy> = {
  foreign: {
    title: 'Foreign Logistics',
    eyebrow: 'China to Nigeria',
    lead: 'Buy from any store abroad, send it to our warehouse in China and we ship it to Nigeria by sea or by air, with a tracking number from the first day.',
    points: ['Sea cargo from Guangzhou and Yiwu', 'Air cargo for urgent parcels', 'Track every status change'],
    reasons: [
      {
        title: 'Sea or air, your choice',
        text: 'Sea cargo priced by size for bulky goods, air cargo priced by weight when time matters. You pick per parcel.',
      },
      {
        title: 'Clear prices',
        text: 'Your fee is computed from the published rates once we weigh or measure your parcel. No surprises at the warehouse.',
      },
      {
        title: 'Tracked end to end',
        text: 'From our warehouse to the container, the voyage and the arrival in Nigeria: every step shows on the tracker.',
      },
      {
        title: 'Pay in your wallet',
        text: 'Pay the cargo fee from your Jara wallet or by card. Your invoice stays in your account.',
      },
    ],
    steps: [
      'Buy from your favourite store and have it delivered to a Jara warehouse (see Ready to Ship for the addresses).',
      "Create a shipping request with the courier's tracking ID, the shipping type and the warehouse.",
      'We confirm when your goods reach the warehouse, weigh or measure them and send you the fee.',
      'Pay the fee; we load your goods, ship them and you follow them on the tracker until they arrive.',
    ],
  },
  local: {
    title: 'Local Logistics',
    eyebrow: 'Across Nigeria',
    lead: 'Send parcels through our Lagos hub to customers anywhere in Nigeria, and follow each one with its own tracking number.',
    points: ['Drop-off at the Lagos hub', 'Delivery across Nigeria', 'A tracking number for every parcel'],
    reasons: [
      { title: 'One hub, many cities', text: 'Bring your parcel to our hub and we take it the rest of the way.' },
      {
        title: 'Honest updates',
        text: 'Each status change is recorded with its time and place, and shown on the tracker.',
      },
      {
        title: 'Made for sellers',
        text: 'Mall vendors and shoppers use the same simple request: one form, one tracking number.',
      },
    ],
    steps: [
      "Create a delivery request with the parcel's tracking ID and the hub you will use.",
      'Drop the parcel at the hub; we confirm its arrival.',
      'Follow it on the tracker until it is delivered.',
    ],
  },
};

export function LogisticsLanding() {
  const { type, open, signedIn, name, warehouses, limits } = useLoaderData<{
    type: DeliveryType;
    open: boolean;
    signedIn: boolean;
    name: string;
    warehouses: Warehouse[] | null;
    limits: Record<string, number>;
  }>();
  const actionData = useActionData<LandingActionData>();
  useActionToast(actionData?.toast);
  const copy = COPY[type];
  const path = `/${type}-logistics`;
  const accountPath = `/account-${type}-logistics`;
  return (
    <main>
      <section className="hero logistics-hero" aria-labelledby="logistics-title">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">{copy.eyebrow}</p>
            <h1 id="logistics-title">{copy.title}</h1>
            <p className="hero-lead">{copy.lead}</p>
            <div className="hero-actions">
              <Link to={`${path}?request=1`} className="btn btn-accent" preventScrollReset>
                {MSG.deliveries.createRequest}
              </Link>
              <Link to="/tracker" className="btn btn-outline-light">
                Track a parcel
              </Link>
            </div>
          </div>
          <ul className="hero-card" aria-label="At a glance">
            {copy.points.map((point) => (
              <li key={point} className="hero-card-row">
                <span className="hero-dot" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container section" aria-labelledby="why-title">
        <h2 className="section-title" id="why-title">
          {MSG.deliveries.whyChooseUs}
        </h2>
        <div className="card-grid why-grid">
          {copy.reasons.map((reason) => (
            <article key={reason.title} className="info-card">
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="container section logistics-steps" aria-labelledby="how-title">
        <h2 className="section-title" id="how-title">
          How it works
        </h2>
        <ol className="steps">
          {copy.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="form-actions">
          <Link to={`${path}?request=1`} className="btn btn-primary" preventScrollReset>
            {MSG.deliveries.createRequest}
          </Link>
          {type === 'foreign' ? (
            <Link to="/ready-to-ship" className="btn btn-ghost">
              Warehouse addresses
            </Link>
          ) : null}
        </p>
      </section>

      {open ? (
        <RouteDialog id="request-dialog" title={MSG.deliveries.createRequest} closeTo={path}>
          {actionData?.ok && actionData.trackingNo ? (
            <div className="stack request-done" role="status" data-testid="request-success">
              <p className="form-success">{actionData.message}</p>
              <p>
                Your tracking number is{' '}
                <strong className="mono tracking-no-inline" data-testid="request-tracking-no">
                  {actionData.trackingNo}
                </strong>
              </p>
              <p className="muted small">Keep this number: it is how you follow your parcel.</p>
              {actionData.emailed ? (
                <p className="small" data-testid="request-emailed">
                  {GUEST_FEE_MSG.requestEmailed}
                </p>
              ) : null}
              <div className="form-actions">
                <Link to={`/tracker?no=${encodeURIComponent(actionData.trackingNo)}`} className="btn btn-primary">
                  Track this parcel
                </Link>
                <Link to={path} className="btn btn-ghost" preventScrollReset>
                  Close
                </Link>
              </div>
            </div>
          ) : (
            <>
              {signedIn ? (
                <p className="notice-inline small">
                  {`Signed in${name ? ` as ${name}` : ''}: this request is added to your `}
                  <Link to={accountPath}>{type === 'foreign' ? 'foreign' : 'local'} deliveries</Link>.
                </p>
              ) : (
                <p className="muted small">
                  {type === 'foreign'
                    ? 'Name, phone, tracking ID, shipping type and warehouse are required; the e-mail is optional.'
                    : 'Name, phone, tracking ID and warehouse are required; the e-mail is optional.'}{' '}
                  We only use them about this parcel.
                </p>
              )}
              <DeliveryRequestForm
                type={type}
                guest={!signedIn}
                warehouses={warehouses}
                limits={limits}
                serverErrors={actionData?.errors}
                message={actionData && !actionData.ok ? actionData.message : null}
                values={actionData?.values}
                submitLabel="Submit request"
                intent="request"
                showFromJara={false}
              />
            </>
          )}
        </RouteDialog>
      ) : null}
    </main>
  );
}
