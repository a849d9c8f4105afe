import { json, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { GUEST_FEE_MSG, guestPayPath, type GuestFee, type ItemResponse } from '@jara/contracts';
import { api } from '~/lib/api.server';
import { GUEST_PAGE_HEADERS } from '~/lib/guest-fee.server';
import { readReference } from '~/lib/payments.server';
import { commitSession, flashToast, getSession } from '~/lib/session.server';

/**
 * Where the card gateway sends a guest back (decision 032): ?reference= only, no token. The session remembers which
 * pay link started this payment; the payment is verified and settled with it, and the guest is back on the pay page
 * with what happened. Without that session (another browser), the page says where to look.
 */
export const meta: MetaFunction = () => [
  { title: `${GUEST_FEE_MSG.feeTitle} | Jara` },
  { name: 'robots', content: 'noindex' },
];
export const headers: HeadersFunction = () => GUEST_PAGE_HEADERS;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const reference = readReference(url.searchParams.get('reference') ?? url.searchParams.get('trxref'));
  const session = await getSession(request);
  const started = session.get('guestPay');
  if (!reference || !started || started.reference !== reference)
    return json({ known: false }, { headers: GUEST_PAGE_HEADERS });
  const result = await api<ItemResponse<GuestFee & { payment: { status: string } }>>(
    `/guest/fees/${started.token}/verify`,
    {
      json: { reference },
    },
  );
  const status = result.ok ? result.data?.data?.fee.status : null;
  if (status === 'paid') {
    session.unset('guestPay');
    flashToast(session, { kind: 'success', message: GUEST_FEE_MSG.paidText });
  } else flashToast(session, { kind: 'info', message: GUEST_FEE_MSG.notPaid });
  throw redirect(guestPayPath(started.token), {
    headers: { 'Set-Cookie': await commitSession(request, session), ...GUEST_PAGE_HEADERS },
  });
}

export default function GuestPaid() {
  return (
    <main className="container page narrow stack guest-page" aria-labelledby="guest-paid-title">
      <section className="card guest-card stack">
        <h1 id="guest-paid-title">{GUEST_FEE_MSG.feeTitle}</h1>
        <p>
          Open the link in the e-mail &ldquo;{GUEST_FEE_MSG.feeSubject}&rdquo; again to see whether your payment went
          through.
        </p>
        <p>
          <Link to="/tracker" className="btn btn-ghost">
            Track a parcel
          </Link>
        </p>
      </section>
    </main>
  );
}
