import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  convertCurrency,
  currencyByCode,
  formatLongDateTime,
  formatNaira,
  formatWalletMoney,
  fromMinorUnits,
  GUEST_FEE_MSG,
  toMinorUnits,
  type GuestFee,
  type ItemResponse,
  type PaymentStart,
} from '@jara/contracts';
import { InvoiceStatus } from '~/components/money';
import { useActionToast } from '~/components/toasts';
import { api, serverMessage } from '~/lib/api.server';
import { GUEST_PAGE_HEADERS, guestToken } from '~/lib/guest-fee.server';
import { isTestCheckout, paymentRedirect } from '~/lib/payments.server';
import { assertSameOrigin, siteOriginsFor } from '~/lib/same-origin.server';
import { commitSession, getSession } from '~/lib/session.server';
import { toast } from '~/lib/toast';
import { loadCurrencies } from '~/lib/wallet.server';
import { GuestLinkError } from './_public.guest.confirm.$token';

/**
 * A guest's pay page (decision 032): public, the token in the path its only authority, never indexed or cached. It
 * shows that one parcel (tracking number, route, measures, status) and its fee, in US dollars with the naira at
 * today's rate (the currencies' sell prices); "Pay" starts a card payment through Paystack.
 */
export const meta: MetaFunction = () => [
  { title: `${GUEST_FEE_MSG.feeTitle} | Jara` },
  { name: 'robots', content: 'noindex' },
];
export const headers: HeadersFunction = () => GUEST_PAGE_HEADERS;

async function loadFee(token: string): Promise<GuestFee> {
  const result = await api<ItemResponse<GuestFee>>(`/guest/fees/${token}`);
  if (result.status === 404)
    throw json({ message: GUEST_FEE_MSG.linkInvalidTitle }, { status: 404, headers: GUEST_PAGE_HEADERS });
  if (result.status === 429)
    throw json({ message: GUEST_FEE_MSG.linkTooMany }, { status: 429, headers: GUEST_PAGE_HEADERS });
  const fee = result.ok ? result.data?.data : null;
  if (!fee)
    throw json(
      { message: serverMessage(result.error) ?? 'Failed to load the fee.' },
      { status: 502, headers: GUEST_PAGE_HEADERS },
    );
  return fee;
}

/** The fee in naira at today's sell prices (USD fees), or null when the rates are not there. */
function nairaOf(fee: GuestFee['fee'], currencies: Awaited<ReturnType<typeof loadCurrencies>>): string | null {
  if (fee.currency !== 'USD' || !currencies) return null;
  const converted = convertCurrency(
    fromMinorUnits(fee.amount_minor),
    currencyByCode(currencies, 'USD'),
    currencyByCode(currencies, 'NGN'),
  );
  if (!converted.ok) return null;
  try {
    return formatNaira(toMinorUnits(converted.value));
  } catch {
    return null;
  }
}

export async function loader({ params }: LoaderFunctionArgs) {
  const token = guestToken(params.token);
  const [parcel, currencies] = await Promise.all([loadFee(token), loadCurrencies()]);
  return json({ parcel, naira: nairaOf(parcel.fee, currencies) }, { headers: GUEST_PAGE_HEADERS });
}

/** Pay: POST /guest/fees/{token}/pay, then off to the checkout; the session remembers the link for the way back. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = guestToken(params.token);
  const result = await api<ItemResponse<PaymentStart>>(`/guest/fees/${token}/pay`, { method: 'POST' });
  if (result.status === 404)
    throw json({ message: GUEST_FEE_MSG.linkInvalidTitle }, { status: 404, headers: GUEST_PAGE_HEADERS });
  const failed = (message: string, status: number) =>
    json({ message, toast: toast('error', message) }, { status, headers: GUEST_PAGE_HEADERS });
  if (result.status === 429) return failed(GUEST_FEE_MSG.linkTooMany, 429);
  if (result.status === 409) return failed(serverMessage(result.error) ?? GUEST_FEE_MSG.payStartFailed, 409);
  const start = result.ok ? result.data?.data : null;
  const target = start ? paymentRedirect(start.authorization_url, siteOriginsFor(request)) : null;
  if (!start || !target)
    return failed(
      serverMessage(result.error) ?? GUEST_FEE_MSG.payStartFailed,
      result.status >= 400 ? result.status : 502,
    );
  const session = await getSession(request);
  session.set('guestPay', { token, reference: start.reference });
  if (isTestCheckout(target)) {
    const parcel = await loadFee(token);
    session.set('testCheckout', {
      reference: start.reference,
      amount_minor: parcel.fee.amount_minor,
      currency: parcel.fee.currency,
      description: `Cargo fee for ${parcel.tracking_no}`,
    });
  }
  return redirect(target, { headers: { 'Set-Cookie': await commitSession(request, session), ...GUEST_PAGE_HEADERS } });
}

export default function GuestPay() {
  const { parcel, naira } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const busy = useNavigation().state !== 'idle';
  const amount = formatWalletMoney(parcel.fee.amount_minor, parcel.fee.currency);
  const route = [parcel.route.from, parcel.route.to].filter(Boolean).join(' → ');
  return (
    <main className="container page narrow stack guest-page" aria-labelledby="guest-fee-title">
      <section className="card guest-card stack" data-testid="guest-fee">
        <header className="guest-fee-head">
          <h1 id="guest-fee-title">{GUEST_FEE_MSG.feeTitle}</h1>
          <InvoiceStatus status={parcel.fee.status} />
        </header>
        <p className="guest-fee-amount" data-testid="guest-fee-amount">
          {amount}
        </p>
        {naira && parcel.fee.status === 'pending' ? (
          <p className="muted small" data-testid="guest-fee-naira">
            {GUEST_FEE_MSG.nairaEstimate(naira)}
          </p>
        ) : null}
        <dl className="details-list">
          <dt>Tracking number</dt>
          <dd className="mono" data-testid="guest-tracking-no">
            {parcel.tracking_no}
          </dd>
          {route ? (
            <>
              <dt>Route</dt>
              <dd>{route}</dd>
            </>
          ) : null}
          {parcel.shipping_type_label ? (
            <>
              <dt>Shipping type</dt>
              <dd>{parcel.shipping_type_label}</dd>
            </>
          ) : null}
          {parcel.weight ? (
            <>
              <dt>Weight</dt>
              <dd>{`${parcel.weight} kg`}</dd>
            </>
          ) : null}
          {parcel.size ? (
            <>
              <dt>Size</dt>
              <dd>{`${parcel.size} cm³`}</dd>
            </>
          ) : null}
          <dt>Parcel status</dt>
          <dd>{parcel.status_label}</dd>
          {parcel.fee.paid_at ? (
            <>
              <dt>Paid</dt>
              <dd>{formatLongDateTime(parcel.fee.paid_at)}</dd>
            </>
          ) : null}
        </dl>
        {actionData?.message ? (
          <p className="form-error" role="alert">
            {actionData.message}
          </p>
        ) : null}
        {parcel.fee.status === 'pending' ? (
          <Form method="post" className="stack">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? GUEST_FEE_MSG.paying : GUEST_FEE_MSG.payButton(amount)}
            </button>
            <p className="muted small">
              You will be taken to Paystack to pay by card, then brought back here. No account is needed.
            </p>
          </Form>
        ) : parcel.fee.status === 'paid' ? (
          <p role="status" data-testid="guest-fee-paid">
            {GUEST_FEE_MSG.paidText}
          </p>
        ) : (
          <p role="status">{GUEST_FEE_MSG.cancelledText}</p>
        )}
        <p>
          <Link to={`/tracker?no=${encodeURIComponent(parcel.tracking_no)}`}>Follow my parcel</Link>
        </p>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GuestLinkError />;
}
