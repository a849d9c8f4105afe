import { Form } from '@remix-run/react';
import {
  declaredMeasureText,
  formatDollars,
  PARCEL_CONDITION_LABELS,
  RECEIPT_MSG,
  type ParcelMeasure,
} from '@jara/contracts';
import type { MeasureAnswer } from '~/lib/receipts.server';

/**
 * Issue 26: a parcel's declared and measured measure, the fee it makes and (while asked) Accept or Dispute. The
 * signed-in /parcels/{id} page and a guest's /guest/parcel/{token} page (decision 046) show this one view; each page's
 * action answers through its own API route, both ruled by the receipts service's one method.
 * `photoSrc` gives a receipt photo's address (the signed-in page proxies them; a guest's page shows none).
 */
export function ParcelMeasureView({
  measure: m,
  answer,
  busy,
  photoSrc,
}: {
  measure: ParcelMeasure;
  answer?: MeasureAnswer;
  busy: boolean;
  photoSrc?: (photoId: number) => string;
}) {
  const r = m.receipt;
  const photos = photoSrc && r ? r.photos : [];
  return (
    <>
      {answer ? (
        <p className={answer.ok ? 'form-success' : 'form-error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.message}
        </p>
      ) : null}
      {m.parent ? (
        <p data-testid="parcel-parent">
          {RECEIPT_MSG.memberFollows(m.parent.tracking_no)}: {RECEIPT_MSG.memberNoFee}
        </p>
      ) : null}
      <dl className="details-list measure-details">
        <dt>{RECEIPT_MSG.declaredLabel}</dt>
        <dd data-testid="declared">{declaredMeasureText(m.declared)}</dd>
        <dt>{RECEIPT_MSG.measuredLabel}</dt>
        <dd data-testid="measured">
          {r
            ? `${r.weight} kg, ${r.length_cm} x ${r.width_cm} x ${r.height_cm} cm (volumetric ${r.volumetric_weight} kg), ${r.pieces} piece(s), ${PARCEL_CONDITION_LABELS[r.condition]}`
            : RECEIPT_MSG.notReceivedYet}
        </dd>
        <dt>{RECEIPT_MSG.measureLabel}</dt>
        <dd data-testid="measure-status">{m.measure_status_label}</dd>
        {m.fee_minor !== null ? (
          <>
            <dt>{RECEIPT_MSG.feeLabel}</dt>
            <dd data-testid="measure-fee">{formatDollars(m.fee_minor)}</dd>
          </>
        ) : null}
        {m.dispute_reason ? (
          <>
            <dt>{RECEIPT_MSG.disputeLabel}</dt>
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
      {photoSrc && r && photos.length ? (
        <section aria-labelledby="photos-title">
          <h2 id="photos-title">Photos</h2>
          <div className="receipt-photos" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {photos.map((p, i) => (
              <a key={p.id} href={photoSrc(p.id)} target="_blank" rel="noreferrer">
                <img
                  src={photoSrc(p.id)}
                  alt={`Parcel photo ${i + 1} of ${photos.length}`}
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
          <h2 id="answer-title">{RECEIPT_MSG.questionTitle}</h2>
          <p>{RECEIPT_MSG.questionText}</p>
          <Form method="post">
            <button type="submit" name="intent" value="accept" className="btn btn-primary" disabled={busy}>
              {RECEIPT_MSG.acceptButton}
            </button>
          </Form>
          <Form method="post" className="stack">
            <div className="field">
              <label htmlFor="dispute-reason">{RECEIPT_MSG.disputeReasonLabel}</label>
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
              {RECEIPT_MSG.disputeButton}
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
