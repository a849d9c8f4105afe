import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Form,
  Link,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from '@remix-run/react';
import { GUEST_FEE_MSG, type GuestConfirmation, type ItemResponse } from '@jara/contracts';
import { api, serverMessage } from '~/lib/api.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { GUEST_PAGE_HEADERS, guestToken } from '~/lib/guest-fee.server';

/**
 * A guest confirms the e-mail they gave with a shipping request (decision 032). The page (a GET, which mail scanners
 * also follow) only shows the request; its button POSTs the confirmation, then /guest/confirmed thanks the guest.
 * A wrong, expired or used link is a 404.
 */
export const meta: MetaFunction = () => [
  { title: `${GUEST_FEE_MSG.confirmTitle} | Jara` },
  { name: 'robots', content: 'noindex' },
];
export const headers: HeadersFunction = () => GUEST_PAGE_HEADERS;

export async function loader({ params }: LoaderFunctionArgs) {
  const token = guestToken(params.token);
  const result = await api<ItemResponse<GuestConfirmation>>(`/guest/confirmations/${token}`);
  if (result.status === 404)
    throw json({ message: GUEST_FEE_MSG.linkInvalidTitle }, { status: 404, headers: GUEST_PAGE_HEADERS });
  if (result.status === 429)
    throw json({ message: GUEST_FEE_MSG.linkTooMany }, { status: 429, headers: GUEST_PAGE_HEADERS });
  const data = result.ok ? result.data?.data : null;
  if (!data)
    throw json(
      { message: serverMessage(result.error) ?? 'Failed to load your request.' },
      { status: 502, headers: GUEST_PAGE_HEADERS },
    );
  return json({ trackingNo: data.tracking_no }, { headers: GUEST_PAGE_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = guestToken(params.token);
  const result = await api<ItemResponse<GuestConfirmation>>(`/guest/confirmations/${token}`, { method: 'POST' });
  if (result.status === 404)
    throw json({ message: GUEST_FEE_MSG.linkInvalidTitle }, { status: 404, headers: GUEST_PAGE_HEADERS });
  if (!result.ok || !result.data?.data) {
    const message =
      result.status === 429
        ? GUEST_FEE_MSG.linkTooMany
        : (serverMessage(result.error) ?? 'The request could not be confirmed. Please try again.');
    return json({ message }, { status: result.status || 502, headers: GUEST_PAGE_HEADERS });
  }
  // The link is used now (its page would be a 404): the thank-you page, reloadable, with the tracking number only.
  throw redirect(`/guest/confirmed?no=${encodeURIComponent(result.data.data.tracking_no)}`, {
    headers: GUEST_PAGE_HEADERS,
  });
}

export default function GuestConfirm() {
  const { trackingNo } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <main className="container page narrow stack guest-page" aria-labelledby="guest-confirm-title">
      <section className="card guest-card stack">
        <h1 id="guest-confirm-title">{GUEST_FEE_MSG.confirmTitle}</h1>
        <p>{GUEST_FEE_MSG.confirmIntro(trackingNo)}</p>
        <dl className="details-list">
          <dt>Tracking number</dt>
          <dd className="mono" data-testid="guest-tracking-no">
            {trackingNo}
          </dd>
        </dl>
        {failed ? (
          <p className="form-error" role="alert">
            {failed.message}
          </p>
        ) : null}
        <Form method="post">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? GUEST_FEE_MSG.confirming : GUEST_FEE_MSG.confirmButton}
          </button>
        </Form>
        <p className="muted small">
          If you did not ask Jara to ship a parcel, close this page: nothing more will be sent to you.
        </p>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GuestLinkError />;
}

/** A wrong, expired, used or replaced link: a clear page (the API's 404), with where to go instead. */
export function GuestLinkError() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const busy = isRouteErrorResponse(error) && error.status === 429;
  if (!missing && !busy) console.error(error);
  return (
    <main className="container page narrow stack guest-page" aria-labelledby="guest-error-title">
      <section className="card guest-card stack" role="alert">
        <h1 id="guest-error-title">
          {missing ? GUEST_FEE_MSG.linkInvalidTitle : busy ? GUEST_FEE_MSG.linkTooMany : 'Something went wrong'}
        </h1>
        <p className="muted">{missing ? GUEST_FEE_MSG.linkInvalidText : 'Please try again in a moment.'}</p>
        <div className="status-actions">
          <Link to="/tracker" className="btn btn-primary">
            Track a parcel
          </Link>
          <Link to="/contact" className="btn btn-ghost">
            Contact us
          </Link>
        </div>
      </section>
    </main>
  );
}
