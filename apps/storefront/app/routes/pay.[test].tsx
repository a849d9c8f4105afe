import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { MSG, formatWalletMoney, type ItemResponse } from '@jara/contracts';
import { Logo } from '~/components/logo';
import { api, serverMessage } from '~/lib/api.server';
import { callbackRedirect, readReference } from '~/lib/payments.server';
import { assertSameOrigin, siteOriginsFor } from '~/lib/same-origin.server';
import { commitSession, getSession, signOutAndRedirect, type TestCheckout } from '~/lib/session.server';

/**
 * The test-mode checkout (no Paystack keys on the server): the API's authorization_url points here. It says plainly
 * that no money moves, shows the amount and reference, and 'Pay now' or 'Cancel' ask the API to complete or cancel
 * the transaction (public test-mode endpoints; 404 when the API has a Paystack key), then go to the transaction's
 * callback URL (or /fund?reference=).
 */

export const meta: MetaFunction = () => [{ title: 'Test checkout | Jara' }, { name: 'robots', content: 'noindex' }];

function fallback(reference: string): string {
  return `/fund?reference=${encodeURIComponent(reference)}`;
}

/** The reference comes from the API's authorization_url; the amount from what this session started (no GET exists). */
export async function loader({ request }: LoaderFunctionArgs) {
  // A guest paying their parcel's fee (decision 032) has no account: the checkout needs no sign-in.
  const session = await getSession(request);
  const reference = readReference(new URL(request.url).searchParams.get('reference'));
  if (!reference) throw json({ message: MSG.walletScreen.testPaymentNotFound }, { status: 404 });
  const started = session.get('testCheckout');
  const payment: TestCheckout | null = started && started.reference === reference ? started : null;
  return json({ reference, payment });
}

/** Pay now / Cancel: POST /payments/test/{reference}/complete|cancel, then the transaction's callback URL. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await getSession(request);
  const token = session.get('token') ?? null;
  const form = await request.formData();
  const raw = form.get('reference');
  const reference = readReference(typeof raw === 'string' ? raw : null);
  const intent = form.get('intent');
  if (!reference || (intent !== 'complete' && intent !== 'cancel')) {
    return json({ message: MSG.walletScreen.testPaymentNotFound, back: '/fund' }, { status: 400 });
  }
  const result = await api<ItemResponse<{ callback_url?: string | null }>>(
    `/payments/test/${encodeURIComponent(reference)}/${intent}`,
    {
      method: 'POST',
      token,
    },
  );
  if (result.status === 401 && token) return signOutAndRedirect(request, session);
  if (!result.ok) {
    const message =
      result.status === 404
        ? MSG.walletScreen.testPaymentNotFound
        : result.status === 409
          ? (serverMessage(result.error) ?? MSG.walletScreen.testPaymentDone)
          : (serverMessage(result.error) ?? MSG.walletScreen.testPaymentFailed);
    return json({ message, back: fallback(reference) }, { status: result.status || 502 });
  }
  if (session.get('testCheckout')?.reference === reference) session.unset('testCheckout');
  throw redirect(callbackRedirect(result.data?.data?.callback_url, siteOriginsFor(request)) ?? fallback(reference), {
    headers: { 'Set-Cookie': await commitSession(request, session) },
  });
}

export default function TestCheckout() {
  const { reference, payment } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { message: string; back?: string } | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' ? String(navigation.formData?.get('intent') ?? '') : '';
  const amount = payment && payment.amount_minor > 0 ? formatWalletMoney(payment.amount_minor, payment.currency) : null;
  return (
    <div className="bare-page checkout-page">
      <main className="card test-checkout" aria-labelledby="checkout-title">
        <Logo />
        <p className="test-banner" role="note">
          <strong>{MSG.walletScreen.testMode}</strong>
          <span>{MSG.walletScreen.testModeText}</span>
        </p>
        <h1 id="checkout-title">Confirm payment</h1>
        <dl className="details-list checkout-details">
          <dt>Amount</dt>
          <dd className="checkout-amount" data-testid="checkout-amount">
            {amount ?? <span className="muted small">Shown on the page where you started this payment</span>}
          </dd>
          {payment?.description ? (
            <>
              <dt>For</dt>
              <dd>{payment.description}</dd>
            </>
          ) : null}
          <dt>Reference</dt>
          <dd className="mono break" data-testid="checkout-reference">
            {reference}
          </dd>
        </dl>
        {actionData?.message ? (
          <p className="form-error" role="alert">
            {actionData.message}
            {actionData.back ? (
              <>
                {' '}
                <Link to={actionData.back}>Back to the shop</Link>
              </>
            ) : null}
          </p>
        ) : null}
        <Form method="post" className="checkout-actions">
          <input type="hidden" name="reference" value={reference} />
          <button type="submit" name="intent" value="complete" className="btn btn-primary" disabled={Boolean(busy)}>
            {busy === 'complete' ? 'Paying…' : 'Pay now'}
          </button>
          <button type="submit" name="intent" value="cancel" className="btn btn-ghost" disabled={Boolean(busy)}>
            {busy === 'cancel' ? 'Cancelling…' : 'Cancel'}
          </button>
        </Form>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="bare-page">
      <main className="status-page">
        <Logo />
        <h1>{MSG.walletScreen.testPaymentNotFound}</h1>
        <p className="muted">Start the payment again from your wallet or invoice.</p>
        <Link to="/fund" className="btn btn-primary">
          Back to wallet
        </Link>
      </main>
    </div>
  );
}
