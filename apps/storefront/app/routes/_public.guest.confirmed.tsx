import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { GUEST_FEE_MSG, normalizeTrackingNo } from '@jara/contracts';
import { GUEST_PAGE_HEADERS } from '~/lib/guest-fee.server';

/** After a guest confirmed their request (decision 032): thanks, and what happens next. ?no= is the tracking number. */
export const meta: MetaFunction = () => [
  { title: `${GUEST_FEE_MSG.confirmed} | Jara` },
  { name: 'robots', content: 'noindex' },
];
export const headers: HeadersFunction = () => GUEST_PAGE_HEADERS;

export function loader({ request }: LoaderFunctionArgs) {
  const no = normalizeTrackingNo(new URL(request.url).searchParams.get('no') ?? '');
  return json({ trackingNo: /^[A-Z0-9-]{4,20}$/.test(no) ? no : null }, { headers: GUEST_PAGE_HEADERS });
}

export default function GuestConfirmed() {
  const { trackingNo } = useLoaderData<typeof loader>();
  return (
    <main className="container page narrow stack guest-page" aria-labelledby="guest-confirmed-title">
      <section className="card guest-card stack">
        <h1 id="guest-confirmed-title">{GUEST_FEE_MSG.confirmed}</h1>
        <p data-testid="guest-confirmed-text">{GUEST_FEE_MSG.confirmedText}</p>
        {trackingNo ? (
          <>
            <dl className="details-list">
              <dt>Tracking number</dt>
              <dd className="mono" data-testid="guest-tracking-no">
                {trackingNo}
              </dd>
            </dl>
            <p>
              <Link to={`/tracker?no=${encodeURIComponent(trackingNo)}`} className="btn btn-ghost">
                Follow my parcel
              </Link>
            </p>
          </>
        ) : null}
      </section>
    </main>
  );
}
