import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { MSG, type ParcelMeasure } from '@jara/contracts';
import { ParcelMeasureView } from '~/components/measure';
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

export default function ParcelMeasurePage() {
  const { measure: m } = useLoaderData<typeof loader>() as { measure: ParcelMeasure };
  const answer = useActionData<typeof action>() as MeasureAnswer | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="stack" data-testid="parcel-measure">
      <h1>
        Parcel <span className="mono">{m.tracking_no}</span>
      </h1>
      <p>
        <Link to={`/account-tracker?no=${encodeURIComponent(m.tracking_no)}`}>See its timeline</Link>
      </p>
      <ParcelMeasureView
        measure={m}
        answer={answer}
        busy={busy}
        photoSrc={(photoId) => `/resources/receipt-photos/${photoId}`}
      />
    </section>
  );
}
