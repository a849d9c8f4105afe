import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { formatDollars, MSG, PARCEL_CONDITION_LABELS, type ParcelMeasure } from '@jara/contracts';
import { ALL_ROLES } from '~/lib/navigation';
import { answerMeasure, loadMeasure, type MeasureAnswer } from '~/lib/receipts.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Parcel measure | Jara' }];

function idOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw new Response(MSG.deliveries.notFound, { status: 404 });
  return Number(raw);
}

/** Issue 26: a parcel's declared and measured measure, the receipt photos, and (when asked) Accept or Dispute. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  const measure = await loadMeasure(request, auth, idOf(params.id));
  if (!measure) throw new Response(MSG.deliveries.notFound, { status: 404 });
  return json({ measure });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ALL_ROLES);
  return answerMeasure(request, auth, idOf(params.id), await request.formData());
}

function declaredText(m: ParcelMeasure): string {
  const parts: string[] = [];
  if (m.declared.weight) parts.push(`${m.declared.weight} kg`);
  if (m.declared.length_cm) parts.push(`${m.declared.length_cm} x ${m.declared.width_cm} x ${m.declared.height_cm} cm`);
  return parts.length ? parts.join(', ') : 'Nothing declared';
}

export default function ParcelMeasurePage() {
  const { measure: m } = useLoaderData<typeof loader>() as { measure: ParcelMeasure };
  const answer = useActionData<typeof action>() as MeasureAnswer | undefined;
  const busy = useNavigation().state === 'submitting';
  const r = m.receipt;
  return (
    <section className="stack" data-testid="parcel-measure">
      <h1>
        Parcel <span className="mono">{m.tracking_no}</span>
      </h1>
      <p>
        <Link to={`/account-tracker?no=${encodeURIComponent(m.tracking_no)}`}>See its timeline</Link>
      </p>
      {answer ? (
        <p className={answer.ok ? 'form-success' : 'form-error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.message}
        </p>
      ) : null}
      {m.parent ? (
        <p data-testid="parcel-parent">
          Travels in consolidated parcel <span className="mono">{m.parent.tracking_no}</span>: its fee is charged on
          that parcel.
        </p>
      ) : null}
      <dl className="details">
        <dt>You declared</dt>
        <dd data-testid="declared">{declaredText(m)}</dd>
        <dt>Measured at the warehouse</dt>
        <dd data-testid="measured">
          {r
            ? `${r.weight} kg, ${r.length_cm} x ${r.width_cm} x ${r.height_cm} cm (volumetric ${r.volumetric_weight} kg), ${r.pieces} piece(s), ${PARCEL_CONDITION_LABELS[r.condition]}`
            : 'Not received yet'}
        </dd>
        <dt>Measure</dt>
        <dd data-testid="measure-status">{m.measure_status_label}</dd>
        {m.fee_minor !== null ? (
          <>
            <dt>Cargo fee</dt>
            <dd data-testid="measure-fee">{formatDollars(m.fee_minor)}</dd>
          </>
        ) : null}
        {m.dispute_reason ? (
          <>
            <dt>Your dispute</dt>
            <dd>{m.dispute_reason}</dd>
          </>
        ) : null}
      </dl>
      {m.members.length ? (
        <section aria-labelledby="members-title">
          <h2 id="members-title">Parcels inside</h2>
          <ul data-testid="members">
            {m.members.map((x) => (
              <li key={x.id} className="mono">
                {x.tracking_no} ({x.external_no})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {r?.photos.length ? (
        <section aria-labelledby="photos-title">
          <h2 id="photos-title">Photos</h2>
          <div className="receipt-photos" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {r.photos.map((p, i) => (
              <a key={p.id} href={`/resources/receipt-photos/${p.id}`} target="_blank" rel="noreferrer">
                <img
                  src={`/resources/receipt-photos/${p.id}`}
                  alt={`Parcel photo ${i + 1} of ${r.photos.length}`}
                  width={120}
                  height={90}
                  loading="lazy"
                  style={{ objectFit: 'cover', borderRadius: 4 }}
                />
              </a>
            ))}
          </div>
        </section>
      ) : null}
      {m.measure_status === 'pending_acceptance' && !answer?.ok ? (
        <section className="stack" aria-labelledby="answer-title" data-testid="measure-question">
          <h2 id="answer-title">Please confirm the new measure</h2>
          <p>
            The measure differs from what you declared. Accept it and the cargo fee is invoiced; dispute it and our
            staff will look into it.
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="accept" className="btn btn-primary" disabled={busy}>
              Accept new measure
            </button>
          </Form>
          <Form method="post" className="stack">
            <div className="field">
              <label htmlFor="dispute-reason">What is wrong with the measure?</label>
              <textarea
                id="dispute-reason"
                name="reason"
                maxLength={500}
                rows={3}
                aria-invalid={answer?.errors?.reason ? true : undefined}
                aria-describedby={answer?.errors?.reason ? 'dispute-reason-error' : undefined}
              />
              {answer?.errors?.reason ? (
                <p id="dispute-reason-error" className="field-error">
                  {answer.errors.reason}
                </p>
              ) : null}
            </div>
            <button type="submit" name="intent" value="dispute" className="btn btn-ghost" disabled={busy}>
              Dispute measure
            </button>
          </Form>
        </section>
      ) : null}
    </section>
  );
}
