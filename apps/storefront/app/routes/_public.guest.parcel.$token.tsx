import {
  json,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { GUEST_FEE_MSG, type ParcelMeasure } from '@jara/contracts';
import { ParcelMeasureView } from '~/components/measure';
import { GUEST_PAGE_HEADERS, guestToken } from '~/lib/guest-fee.server';
import { answerGuestMeasure, loadGuestMeasure, type MeasureAnswer } from '~/lib/receipts.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { GuestLinkError } from './_public.guest.confirm.$token';

/**
 * Issue 26 (decision 046): a guest's parcel measured far from what they declared. The e-mailed link opens declared vs
 * measured and the new fee, with Accept / Dispute as the signed-in /parcels/{id} page (one view, ParcelMeasureView).
 * The token is the only authority; a wrong or expired link is the guest links' 404 page.
 */
export const meta: MetaFunction = () => [
  { title: `${GUEST_FEE_MSG.measureTitle} | Jara` },
  { name: 'robots', content: 'noindex' },
];
export const headers: HeadersFunction = () => GUEST_PAGE_HEADERS;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = guestToken(params.token);
  const { measure, status, message } = await loadGuestMeasure(request, token);
  if (status === 404)
    throw json({ message: GUEST_FEE_MSG.linkInvalidTitle }, { status: 404, headers: GUEST_PAGE_HEADERS });
  if (status === 429) throw json({ message: GUEST_FEE_MSG.linkTooMany }, { status: 429, headers: GUEST_PAGE_HEADERS });
  if (!measure)
    throw json({ message: message ?? 'Failed to load your parcel.' }, { status: 502, headers: GUEST_PAGE_HEADERS });
  return json({ measure }, { headers: GUEST_PAGE_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = guestToken(params.token);
  return answerGuestMeasure(token, await request.formData());
}

export default function GuestParcelMeasure() {
  const { measure } = useLoaderData<typeof loader>() as { measure: ParcelMeasure };
  const answer = useActionData<typeof action>() as MeasureAnswer | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <main className="container page narrow stack guest-page" aria-labelledby="guest-parcel-title">
      <section className="card guest-card stack" data-testid="parcel-measure">
        <h1 id="guest-parcel-title">
          {GUEST_FEE_MSG.measureTitle} <span className="mono">{measure.tracking_no}</span>
        </h1>
        <ParcelMeasureView measure={measure} answer={answer} busy={busy} />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GuestLinkError />;
}
