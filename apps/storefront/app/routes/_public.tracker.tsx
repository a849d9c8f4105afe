import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MSG } from '@jara/contracts';
import { TrackerForm, TrackingResult } from '~/components/deliveries';
import { lookupTracking } from '~/lib/deliveries.server';

export const meta: MetaFunction = () => [
  { title: 'Parcel Tracker | Jara' },
  { name: 'description', content: 'Track your Jara parcel by its tracking number: its status and every step so far.' },
];

/** Spec 2.19 (public tracker): ?no= (or ?id=) looks the number up (GET /tracking-number/{no}); an empty number is refused here. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // ?id= is the home page's tracking form (spec 2.8).
  const asked = params.has('no') || params.has('id');
  const no = (params.get('no') ?? params.get('id') ?? '').trim();
  const answer = asked ? await lookupTracking(request, no) : null;
  return json({ no, answer });
}

export default function TrackerPage() {
  const { no, answer } = useLoaderData<typeof loader>();
  return (
    <main className="container page narrow stack">
      <h1>{MSG.tracking.title}</h1>
      <p className="muted">Enter the tracking number from your shipping request to see where your parcel is.</p>
      <TrackerForm action="/tracker" initial={no} />
      {answer && !answer.ok ? (
        <p className="form-error" role="alert" data-testid="tracking-error">
          {answer.message}
        </p>
      ) : null}
      {answer?.ok ? <TrackingResult tracking={answer.tracking} /> : null}
    </main>
  );
}
