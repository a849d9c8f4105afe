import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Form,
  Link,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from '@remix-run/react';
import type { MouseEvent } from 'react';
import {
  MSG,
  formatLongDateTime,
  formatWalletMoney,
  invoiceSubjectText,
  invoiceTypeLabel,
  type DedicatedAccountAnswer,
  type Invoice,
  type ItemResponse,
  type Order,
  type PaymentMethod,
  type PaymentStart,
} from '@jara/contracts';
import { DEDICATED_INTENT, DedicatedAccountCard } from '~/components/dedicated-account';
import { InvoiceStatus } from '~/components/money';
import { useActionToast } from '~/components/toasts';
import { api, serverMessage } from '~/lib/api.server';
import { ALL_ROLES } from '~/lib/navigation';
import { IDEMPOTENCY_FIELD } from '~/lib/payments';
import {
  checkoutRedirect,
  isTestCheckout,
  newIdempotencyKey,
  paymentRedirect,
  readIdempotencyKey,
  readReference,
} from '~/lib/payments.server';
import { createDedicatedAccount, loadDedicatedAccount } from '~/lib/payouts.server';
import { assertSameOrigin, siteOriginsFor } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect, type SignedIn } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { loadBalance } from '~/lib/wallet.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.invoice ? `Invoice ${data.invoice.reference || data.invoice.id} | Jara` : 'Invoice | Jara' },
];

function invoiceId(param: string | undefined): number {
  const id = /^\d{1,12}$/.test(param ?? '') ? Number(param) : 0;
  if (!id) throw json({ message: MSG.walletScreen.invoiceNotFound }, { status: 404 });
  return id;
}

async function flashAndReturn(
  request: Request,
  auth: SignedIn,
  id: number,
  kind: ToastMessage['kind'],
  message: string,
): Promise<never> {
  flashToast(auth.session, { kind, message });
  throw redirect(`/invoices/${id}`, { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
}

/**
 * The invoice (GET /invoices/{id}; another user's is the API's 404) with the wallet balance and one fresh
 * Idempotency-Key per payment form. Back from Paystack (?reference=), the payment is verified and shown as a toast.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  const id = invoiceId(params.id);
  const url = new URL(request.url);
  if (url.searchParams.has('reference') || url.searchParams.has('trxref')) {
    const reference = readReference(url.searchParams.get('reference') ?? url.searchParams.get('trxref'));
    const result = reference
      ? await api<ItemResponse<Invoice>>(`/invoices/${id}/verify?reference=${encodeURIComponent(reference)}`, {
          token: auth.token,
        })
      : null;
    if (result?.status === 401) return signOutAndRedirect(request, auth.session);
    // The answer is the invoice: paid, or still pending (the card payment failed, was cancelled or is in progress).
    const status = result?.ok ? result.data?.data?.status : null;
    if (result?.ok && result.data?.data?.payment?.status === 'refunded')
      return flashAndReturn(request, auth, id, 'info', MSG.walletScreen.paymentToWallet);
    if (status === 'paid') return flashAndReturn(request, auth, id, 'success', MSG.walletScreen.invoicePaid);
    if (status === 'pending') return flashAndReturn(request, auth, id, 'info', MSG.walletScreen.invoiceNotPaid);
    if (status) return flashAndReturn(request, auth, id, 'info', MSG.money.invoiceCancelled);
    return flashAndReturn(
      request,
      auth,
      id,
      'error',
      serverMessage(result?.error ?? null) ?? MSG.walletScreen.verifyFailed,
    );
  }
  const [result, balance] = await Promise.all([
    api<ItemResponse<Invoice>>(`/invoices/${id}`, { token: auth.token, signal: request.signal }),
    loadBalance(request, auth),
  ]);
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (result.status === 404 || result.status === 403)
    throw json({ message: MSG.walletScreen.invoiceNotFound }, { status: 404 });
  const invoice = result.ok ? result.data?.data : null;
  if (!invoice) throw json({ message: MSG.walletScreen.invoiceLoadFailed }, { status: 502 });
  return json({
    invoice,
    balance,
    dedicated: await transferAccountFor(request, auth, invoice),
    print: url.searchParams.get('print') === '1',
    // A double submit of one rendered form sends the same key, so the API pays once.
    keys: { wallet: newIdempotencyKey(), paystack: newIdempotencyKey() },
  });
}

/**
 * Issue 24: a pending invoice of an order to be paid by bank transfer shows the user's own transfer account (a
 * transfer into it credits the wallet, and the waiting order is paid from it). Null for any other invoice.
 */
async function transferAccountFor(
  request: Request,
  auth: SignedIn,
  invoice: Invoice,
): Promise<DedicatedAccountAnswer | null> {
  if (invoice.status !== 'pending' || invoice.currency !== 'NGN' || invoice.subject?.type !== 'order') return null;
  const order = await api<ItemResponse<Order>>(`/orders/${invoice.subject.id}`, {
    token: auth.token,
    signal: request.signal,
  });
  if (order.data?.data?.payment_method !== 'bank_transfer') return null;
  return loadDedicatedAccount(request, auth);
}

interface PayActionData {
  ok: false;
  message: string;
  insufficient?: boolean;
  toast: ToastMessage;
}

function failed(message: string, status: number, insufficient = false) {
  return json<PayActionData>({ ok: false, message, insufficient, toast: toast('error', message) }, { status });
}

/** POST /invoices/{id}/pay {method} with the form's Idempotency-Key: from the wallet, or off to Paystack. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ALL_ROLES);
  const id = invoiceId(params.id);
  const form = await request.formData();
  if (form.get('intent') === DEDICATED_INTENT) {
    const created = await createDedicatedAccount(request, auth);
    if (!created.ok) return failed(created.message, 502);
    return flashAndReturn(request, auth, id, 'success', MSG.payouts.dedicatedCreated);
  }
  const method = form.get('method');
  if (method !== 'wallet' && method !== 'paystack') return failed(MSG.walletScreen.invoicePayFailed, 400);
  const key = readIdempotencyKey(form.get(IDEMPOTENCY_FIELD));
  if (!key) return failed(MSG.walletScreen.invoicePayFailed, 400);
  const result = await api<ItemResponse<Invoice | PaymentStart>>(`/invoices/${id}/pay`, {
    token: auth.token,
    json: { method: method satisfies PaymentMethod },
    headers: { 'Idempotency-Key': key },
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (result.status === 404) throw json({ message: MSG.walletScreen.invoiceNotFound }, { status: 404 });
  if (result.status === 409)
    return flashAndReturn(request, auth, id, 'info', serverMessage(result.error) ?? MSG.walletScreen.alreadyPaid);
  if (result.status === 422)
    return failed(serverMessage(result.error) ?? MSG.walletScreen.insufficientBalance, 422, true);
  if (!result.ok || !result.data?.data)
    return failed(serverMessage(result.error) ?? MSG.walletScreen.invoicePayFailed, result.status || 502);
  const data = result.data.data;
  if (method === 'paystack' || 'authorization_url' in data) {
    const start = data as PaymentStart;
    const target = paymentRedirect(start.authorization_url, siteOriginsFor(request));
    if (!target) return failed(MSG.walletScreen.fundStartFailed, 502);
    // What the test-mode checkout shows (only read when the checkout is the storefront's own test page).
    const invoice = isTestCheckout(target)
      ? (await api<ItemResponse<Invoice>>(`/invoices/${id}`, { token: auth.token })).data?.data
      : null;
    return checkoutRedirect(request, auth, target, start, {
      amount_minor: invoice?.amount_minor ?? 0,
      currency: invoice?.currency ?? 'NGN',
      description: invoice
        ? `Invoice ${invoice.reference}: ${invoice.subject?.label || invoice.description}`
        : `Invoice ${id}`,
    });
  }
  return flashAndReturn(request, auth, id, 'success', MSG.walletScreen.invoicePaid);
}

function printPage(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.print();
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const paysFor = invoice.subject?.label || invoice.description || invoiceTypeLabel(invoice.type);
  return (
    <article className="card invoice-doc" aria-labelledby="invoice-title" data-testid="invoice">
      <header className="invoice-head">
        <div>
          <p className="invoice-eyebrow">Jara invoice</p>
          <h1 id="invoice-title">{paysFor}</h1>
          <p className="muted mono">{invoice.reference}</p>
        </div>
        <div className="invoice-total">
          <p className="invoice-amount" data-testid="invoice-amount">
            {formatWalletMoney(invoice.amount_minor, invoice.currency)}
          </p>
          <InvoiceStatus status={invoice.status} />
        </div>
      </header>
      <dl className="details-list invoice-details">
        <dt>Pays for</dt>
        <dd>{invoiceSubjectText(invoice)}</dd>
        {invoice.description && invoice.description !== paysFor ? (
          <>
            <dt>Description</dt>
            <dd>{invoice.description}</dd>
          </>
        ) : null}
        <dt>Billed to</dt>
        <dd className="break">
          {invoice.user ? `${invoice.user.name ? `${invoice.user.name}, ` : ''}${invoice.user.email}` : '—'}
        </dd>
        <dt>Amount</dt>
        <dd>{`${formatWalletMoney(invoice.amount_minor, invoice.currency)} (${invoice.currency})`}</dd>
        <dt>Status</dt>
        <dd>
          <InvoiceStatus status={invoice.status} />
        </dd>
        <dt>Reference</dt>
        <dd className="mono break">{invoice.reference}</dd>
        <dt>Issued</dt>
        <dd>{formatLongDateTime(invoice.created_at)}</dd>
        {invoice.paid_at ? (
          <>
            <dt>Paid</dt>
            <dd>{`${formatLongDateTime(invoice.paid_at)}${invoice.details?.payment_label ? ` (${invoice.details.payment_label})` : invoice.payment_method ? ` (${invoice.payment_method === 'wallet' ? 'wallet' : 'Paystack'})` : ''}`}</dd>
          </>
        ) : null}
      </dl>
    </article>
  );
}

function PayInvoice({ invoice }: { invoice: Invoice }) {
  const { balance, keys, dedicated } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PayActionData | undefined;
  const navigation = useNavigation();
  const paying =
    navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
      ? String(navigation.formData?.get('method') ?? '')
      : '';
  const walletMinor = balance ? (invoice.currency === 'USD' ? balance.usd_minor : balance.ngn_minor) : null;
  const short = walletMinor !== null && walletMinor < invoice.amount_minor;
  const amount = formatWalletMoney(invoice.amount_minor, invoice.currency);
  return (
    <section className="stack no-print" aria-labelledby="pay-title">
      <h2 id="pay-title">Make Payment</h2>
      {actionData?.message ? (
        <p className="form-error" role="alert">
          {actionData.message}
          {actionData.insufficient ? (
            <>
              {' '}
              <Link to="/fund">Fund your wallet</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <DedicatedAccountCard
        answer={dedicated}
        intro={MSG.payouts.dedicatedInvoiceText(amount)}
        action={`/invoices/${invoice.id}`}
      />
      <div className="pay-options">
        <Form method="post" className="card pay-option">
          <h3>Pay from wallet</h3>
          <p className="muted small">
            {walletMinor === null ? MSG.walletScreen.balanceLoadFailed : `Wallet balance: `}
            {walletMinor === null ? null : (
              <strong data-testid="wallet-balance">{formatWalletMoney(walletMinor, invoice.currency)}</strong>
            )}
          </p>
          {short ? (
            <p className="small notice-inline">
              Your balance is lower than this invoice. <Link to="/fund">Fund your wallet</Link> first.
            </p>
          ) : null}
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={keys.wallet} />
          <button type="submit" name="method" value="wallet" className="btn btn-primary" disabled={Boolean(paying)}>
            {paying === 'wallet' ? 'Paying…' : `Pay ${amount} from wallet`}
          </button>
        </Form>
        <Form method="post" className="card pay-option">
          <h3>Pay by card or bank</h3>
          <p className="muted small">You will be taken to Paystack to pay, then brought back here.</p>
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={keys.paystack} />
          <button type="submit" name="method" value="paystack" className="btn btn-ghost" disabled={Boolean(paying)}>
            {paying === 'paystack' ? 'Starting payment…' : 'Pay with Paystack'}
          </button>
        </Form>
      </div>
    </section>
  );
}

export default function InvoicePage() {
  const { invoice, print } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PayActionData | undefined;
  useActionToast(actionData?.toast);
  if (print) {
    return (
      <section className="stack print-view">
        <InvoiceDocument invoice={invoice} />
        <div className="form-actions no-print">
          <a href={`/invoices/${invoice.id}?print=1`} className="btn btn-primary" onClick={printPage}>
            Print
          </a>
          <Link to={`/invoices/${invoice.id}`} className="btn btn-ghost">
            Back to invoice
          </Link>
        </div>
        <p className="muted small no-print">Without the Print button, use your browser&apos;s own Print command.</p>
      </section>
    );
  }
  return (
    <section className="stack">
      <nav className="breadcrumbs no-print" aria-label="Breadcrumb">
        <Link to="/fund?tab=invoices">Invoices</Link> /{' '}
        <span aria-current="page">{invoice.reference || `#${invoice.id}`}</span>
      </nav>
      <InvoiceDocument invoice={invoice} />
      <div className="form-actions no-print">
        <a href={`/invoices/${invoice.id}?print=1`} className="btn btn-ghost" onClick={printPage}>
          Print
        </a>
        <Link to="/fund?tab=invoices" className="btn btn-ghost">
          Back to invoices
        </Link>
      </div>
      {invoice.status === 'pending' ? <PayInvoice invoice={invoice} /> : null}
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (!missing) console.error(error);
  return (
    <section className="status-block" role="alert">
      <h1>{missing ? MSG.walletScreen.invoiceNotFound : MSG.walletScreen.invoiceLoadFailed}</h1>
      <p className="muted">{missing ? MSG.walletScreen.invoiceNotFoundText : MSG.common.serverError}</p>
      <Link to="/fund?tab=invoices" className="btn btn-primary">
        Back to invoices
      </Link>
    </section>
  );
}
