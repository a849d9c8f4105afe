import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import {
  MSG,
  WALLET_CURRENCIES,
  WALLET_FUNDING_LIMITS,
  formatAmountIn,
  formatConversion,
  formatDate,
  formatDollars,
  formatWalletMoney,
  invoiceTypeLabel,
  type Invoice,
  type DedicatedAccountAnswer,
  type ItemResponse,
  type PaymentStart,
  type WalletBalance,
  type WalletHistoryEntry,
} from '@jara/contracts';
import { DEDICATED_INTENT, DedicatedAccountCard } from '~/components/dedicated-account';
import { Field } from '~/components/field';
import { CurrencySelect, InvoiceStatus, WalletStatus } from '~/components/money';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import type { CurrencyOption } from '~/lib/converter';
import { text, useFieldErrors, type Errors } from '~/lib/form';
import { ALL_ROLES } from '~/lib/navigation';
import { checkoutRedirect, parseFundForm, paymentRedirect, readReference } from '~/lib/payments.server';
import { createDedicatedAccount, loadDedicatedAccount } from '~/lib/payouts.server';
import { assertSameOrigin, siteOriginsFor } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import {
  loadBalance,
  loadCurrencies,
  loadHistory,
  loadInvoices,
  readCursor,
  verifyFunding,
  type Page,
} from '~/lib/wallet.server';
import {
  localBalance,
  percentConversion,
  readDirection,
  readLocalCode,
  swapDirection,
  type PercentDirection,
} from '~/lib/wallet-math';

export const meta: MetaFunction = () => [{ title: 'Wallet & Invoices | Jara' }];

type Tab = 'wallet' | 'invoices';

interface WalletTabData {
  tab: 'wallet';
  balance: WalletBalance | null;
  currencies: CurrencyOption[] | null;
  history: Page<WalletHistoryEntry> | null;
  after: string | null;
  local: string;
  percent: string;
  direction: PercentDirection;
  /** Issue 24: the user's own transfer account (null: not read; configured false: manual transfers as before). */
  dedicated: DedicatedAccountAnswer | null;
  /** From the checkout's wallet shortfall (?amount=&return=checkout): the amount to fund, and the way back. */
  prefill: { amount: string; returnTo: 'checkout' | null };
}

/** ?amount= of a link from the checkout: whole naira from 1 to 100,000,000, else empty. */
function readPrefillAmount(value: string | null): string {
  return value && /^\d{1,9}$/.test(value) && Number(value) >= 1 && Number(value) <= 100_000_000
    ? String(Number(value))
    : '';
}

interface InvoicesTabData {
  tab: 'invoices';
  invoices: Page<Invoice> | null;
  after: string | null;
}

/** Spec 2.27. Back from a payment (?reference=), the funding is verified, shown as a toast, and the URL cleaned. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  const url = new URL(request.url);
  if (url.searchParams.has('reference') || url.searchParams.has('trxref')) {
    const reference = readReference(url.searchParams.get('reference') ?? url.searchParams.get('trxref'));
    const result = reference ? await verifyFunding(auth, reference) : null;
    if (result?.status === 401) return signOutAndRedirect(request, auth.session);
    const status = result?.ok ? result.data?.data?.status : null;
    // Funded from the checkout's shortfall: back to the checkout once the money is in (the cart is still there).
    const back = auth.session.get('fundReturn') === '/checkout' && status === 'completed' ? '/checkout' : '/fund';
    auth.session.unset('fundReturn');
    if (status === 'completed') flashToast(auth.session, { kind: 'success', message: MSG.walletScreen.funded });
    else if (status === 'pending') flashToast(auth.session, { kind: 'info', message: MSG.walletScreen.fundPending });
    else if (status) flashToast(auth.session, { kind: 'error', message: MSG.walletScreen.fundFailed });
    else
      flashToast(auth.session, {
        kind: 'error',
        message: serverMessage(result?.error ?? null) ?? MSG.walletScreen.verifyFailed,
      });
    throw redirect(back, { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
  }
  const tab: Tab = url.searchParams.get('tab') === 'invoices' ? 'invoices' : 'wallet';
  const after = readCursor(url.searchParams.get('after'));
  if (tab === 'invoices') {
    const invoices = await loadInvoices(request, auth, after);
    return json<WalletTabData | InvoicesTabData>({ tab, invoices, after });
  }
  const [balance, currencies, history, dedicated] = await Promise.all([
    loadBalance(request, auth),
    loadCurrencies(),
    loadHistory(request, auth, after),
    loadDedicatedAccount(request, auth),
  ]);
  return json<WalletTabData | InvoicesTabData>({
    tab,
    balance,
    currencies,
    history,
    dedicated,
    after,
    local: readLocalCode(url.searchParams.get('local'), currencies ?? []),
    percent: (url.searchParams.get('percent') ?? '').trim().slice(0, 20),
    // The no-JS swap button sends swap=1 with the current direction.
    direction:
      url.searchParams.get('swap') === '1'
        ? swapDirection(readDirection(url.searchParams.get('direction')))
        : readDirection(url.searchParams.get('direction')),
    prefill: {
      amount: readPrefillAmount(url.searchParams.get('amount')),
      returnTo: url.searchParams.get('return') === 'checkout' ? 'checkout' : null,
    },
  });
}

interface FundActionData {
  errors: Errors;
  values: { amount: string; currency: string };
  toast?: ToastMessage;
}

/** Fund Wallet: POST /wallet/fund, then the browser goes to the checkout (Paystack, or the test-mode page). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ALL_ROLES);
  const form = await request.formData();
  if (text(form.get('intent')) === DEDICATED_INTENT) {
    // Issue 24: "Get my transfer account" (created once at the provider; a second press answers the same account).
    const created = await createDedicatedAccount(request, auth);
    if (!created.ok)
      return json<FundActionData>(
        { errors: {}, values: { amount: '', currency: '' }, toast: toast('error', created.message) },
        { status: 502 },
      );
    flashToast(auth.session, { kind: 'success', message: MSG.payouts.dedicatedCreated });
    return redirect('/fund', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
  }
  const values = { amount: String(form.get('amount') ?? ''), currency: String(form.get('currency') ?? '') };
  const parsed = parseFundForm(form);
  if (!parsed.ok) return json<FundActionData>({ errors: parsed.errors, values }, { status: 422 });
  const result = await api<ItemResponse<PaymentStart>>('/wallet/fund', {
    token: auth.token,
    json: { amount: parsed.amount, currency: parsed.currency },
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (!result.ok) {
    const errors = fieldErrors(result.error, ['amount', 'currency']);
    const message = Object.keys(errors).length
      ? MSG.walletScreen.fundStartFailed
      : (serverMessage(result.error) ?? MSG.walletScreen.fundStartFailed);
    return json<FundActionData>(
      { errors, values, toast: toast('error', message) },
      { status: result.status === 422 ? 422 : 502 },
    );
  }
  const start = result.data?.data;
  const target = paymentRedirect(start?.authorization_url, siteOriginsFor(request));
  if (!start || !target)
    return json<FundActionData>(
      { errors: {}, values, toast: toast('error', MSG.walletScreen.fundStartFailed) },
      { status: 502 },
    );
  if (text(form.get('return_to')) === 'checkout' && parsed.currency === 'NGN')
    auth.session.set('fundReturn', '/checkout');
  else auth.session.unset('fundReturn');
  return checkoutRedirect(request, auth, target, start, {
    amount_minor: parsed.minor,
    currency: parsed.currency,
    description: 'Wallet funding',
  });
}

function Tabs({ tab }: { tab: Tab }) {
  const items: Array<[Tab, string, string]> = [
    ['wallet', 'Wallet', '/fund'],
    ['invoices', 'Invoices', '/fund?tab=invoices'],
  ];
  return (
    <nav className="tabs" aria-label="Wallet and invoices">
      {items.map(([key, label, to]) => (
        <Link
          key={key}
          to={to}
          className={`tab${tab === key ? ' active' : ''}`}
          aria-current={tab === key ? 'page' : undefined}
          preventScrollReset
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

function Pager({ tab, after, next, label }: { tab: Tab; after: string | null; next: string | null; label: string }) {
  if (!after && !next) return null;
  const base = tab === 'invoices' ? '/fund?tab=invoices' : '/fund?tab=wallet';
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      {after ? <Link to={base}>Newest</Link> : <span />}
      {next ? <Link to={`${base}&after=${encodeURIComponent(next)}`}>{`Older ${label.toLowerCase()}`}</Link> : null}
    </nav>
  );
}

function Balances({ data }: { data: WalletTabData }) {
  const [local, setLocal] = useState(data.local);
  const [percent, setPercent] = useState(data.percent);
  const [direction, setDirection] = useState<PercentDirection>(data.direction);
  const { balance, currencies } = data;
  if (!balance) {
    return (
      <p className="form-error" role="alert">
        {MSG.walletScreen.balanceLoadFailed}
      </p>
    );
  }
  const list = currencies ?? [];
  const localResult = currencies
    ? localBalance(balance, list, local)
    : { ok: false as const, error: MSG.currency.rateNotAvailable };
  const percentResult = percentConversion({ balance, currencies: list, local, percent, direction });
  const sourceLabel = direction === 'local-to-usd' ? `your local balance (${local})` : 'your USD balance';
  const targetCode = direction === 'local-to-usd' ? 'USD' : local;
  return (
    <Form method="get" className="wallet-tools" preventScrollReset>
      <input type="hidden" name="tab" value="wallet" />
      <div className="balance-grid">
        <section className="card balance-card" aria-labelledby="usd-balance-title">
          <h2 id="usd-balance-title" className="balance-label">
            USD balance
          </h2>
          <p className="balance-value" data-testid="usd-balance">
            {formatDollars(balance.usd_minor)}
          </p>
        </section>
        <section className="card balance-card" aria-labelledby="local-balance-title">
          <h2 id="local-balance-title" className="balance-label">
            Local balance
          </h2>
          <p className="balance-value" data-testid="local-balance">
            {localResult.ok ? (
              formatAmountIn(localResult.value, local)
            ) : (
              <span className="field-error">{localResult.error}</span>
            )}
          </p>
          {local !== 'NGN' ? (
            <p className="muted small">{`Your naira wallet: ${formatWalletMoney(balance.ngn_minor, 'NGN')}`}</p>
          ) : null}
          {list.length ? (
            <div className="inline-form">
              <CurrencySelect
                id="local-currency"
                name="local"
                label="Show in"
                value={local}
                currencies={list}
                onChange={setLocal}
              />
              <noscript>
                <button type="submit" className="btn btn-ghost btn-small">
                  Show
                </button>
              </noscript>
            </div>
          ) : (
            <p className="muted small">{MSG.walletScreen.currenciesLoadFailed}</p>
          )}
        </section>
      </div>
      <section className="card percent-card" aria-labelledby="percent-title">
        <h2 id="percent-title">Percent converter</h2>
        <p className="muted small">
          {direction === 'local-to-usd'
            ? `A percentage of your local balance, in US dollars.`
            : `A percentage of your USD balance, in ${local}.`}
        </p>
        <div className="percent-row">
          <div className="field">
            <label htmlFor="percent">Percent of {sourceLabel}</label>
            <input
              id="percent"
              name="percent"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="e.g. 10"
              value={percent}
              onChange={(event) => setPercent(event.currentTarget.value)}
            />
          </div>
          <input type="hidden" name="direction" value={direction} />
          <button
            type="submit"
            name="swap"
            value="1"
            className="btn btn-ghost swap-button"
            aria-label="Swap direction"
            title="Swap direction"
            onClick={(event) => {
              event.preventDefault();
              setDirection(swapDirection(direction));
            }}
          >
            <span aria-hidden="true">⇄</span>
          </button>
          <p className="percent-direction">{direction === 'local-to-usd' ? `${local} → USD` : `USD → ${local}`}</p>
        </div>
        <div aria-live="polite" className="converter-result" data-testid="percent-result">
          {percentResult === null ? (
            <p className="muted">{`Enter a percentage to see it in ${targetCode}.`}</p>
          ) : percentResult.ok ? (
            <p>
              <span className="muted">{`${percent}% = ${formatConversion(percentResult.part, percentResult.partCode)} =`}</span>{' '}
              <output htmlFor="percent" className="converter-value">
                {formatConversion(percentResult.value, percentResult.valueCode)}
              </output>
            </p>
          ) : (
            <p className="field-error" role="alert">
              {percentResult.error}
            </p>
          )}
        </div>
        <noscript>
          <button type="submit" className="btn btn-ghost btn-small">
            Convert
          </button>
        </noscript>
      </section>
    </Form>
  );
}

function FundWallet({
  actionData,
  prefill,
}: {
  actionData: FundActionData | undefined;
  prefill?: WalletTabData['prefill'];
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== 'idle' &&
    navigation.formMethod?.toUpperCase() === 'POST' &&
    navigation.formAction?.startsWith('/fund') &&
    !navigation.formData?.get('intent');
  const { errors, clear } = useFieldErrors(actionData?.errors);
  return (
    <section className="card" aria-labelledby="fund-title">
      <h2 id="fund-title">Fund Wallet</h2>
      <p className="muted small">
        {`You will be taken to our payment partner to pay, then brought back here. From ${formatWalletMoney(WALLET_FUNDING_LIMITS.NGN.min, 'NGN')} or ${formatWalletMoney(WALLET_FUNDING_LIMITS.USD.min, 'USD')}.`}
      </p>
      {prefill?.returnTo === 'checkout' ? (
        <p className="muted small" data-testid="fund-return-note">
          After the payment you will be taken back to your checkout.
        </p>
      ) : null}
      <Form method="post" noValidate className="fund-form">
        {prefill?.returnTo === 'checkout' ? <input type="hidden" name="return_to" value="checkout" /> : null}
        <fieldset disabled={busy} className="fund-fields">
          <Field
            name="amount"
            label="Amount"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            required
            defaultValue={actionData?.values.amount ?? prefill?.amount}
            error={errors.amount}
            onChange={() => clear('amount')}
          />
          <div className={`field${errors.currency ? ' field-invalid' : ''}`}>
            <label htmlFor="fund-currency">Currency</label>
            <select
              id="fund-currency"
              name="currency"
              defaultValue={actionData?.values.currency || 'NGN'}
              aria-invalid={errors.currency ? true : undefined}
              aria-describedby={errors.currency ? 'fund-currency-error' : undefined}
            >
              {WALLET_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
            {errors.currency ? (
              <p className="field-error" id="fund-currency-error">
                {errors.currency}
              </p>
            ) : null}
          </div>
          <div className="fund-submit">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Starting payment…' : 'Fund Wallet'}
            </button>
          </div>
        </fieldset>
      </Form>
    </section>
  );
}

function History({ data }: { data: WalletTabData }) {
  const { history } = data;
  return (
    <section className="stack" aria-labelledby="history-title">
      <h2 id="history-title">Transaction history</h2>
      {!history ? (
        <p className="form-error" role="alert">
          {MSG.walletScreen.historyLoadFailed}
        </p>
      ) : history.items.length === 0 ? (
        <p className="empty-state">{MSG.wallet.noHistory}</p>
      ) : (
        <>
          <table className="data-table" data-testid="wallet-history">
            <caption className="visually-hidden">Wallet transactions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col">Reference</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {history.items.map((entry) => (
                <tr key={entry.id} data-status={entry.status}>
                  <td data-label="Date">{formatDate(entry.created_at)}</td>
                  <td data-label="Description">{entry.description}</td>
                  <td data-label="Reference" className="mono">
                    {entry.reference}
                  </td>
                  <td data-label="Amount" className={`num amount-${entry.direction}`}>
                    {`${entry.direction === 'debit' ? '−' : '+'}${formatWalletMoney(entry.amount_minor, entry.currency)}`}
                  </td>
                  <td data-label="Status">
                    <WalletStatus status={entry.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager tab="wallet" after={data.after} next={history.nextCursor} label="Transactions" />
        </>
      )}
    </section>
  );
}

function InvoicesTab({ data }: { data: InvoicesTabData }) {
  const { invoices } = data;
  if (!invoices) {
    return (
      <p className="form-error" role="alert">
        {MSG.lists.loadInvoicesFailed}
      </p>
    );
  }
  if (invoices.items.length === 0) return <p className="empty-state">{MSG.wallet.noInvoices}</p>;
  return (
    <div className="stack">
      <table className="data-table" data-testid="invoices">
        <caption className="visually-hidden">Your invoices, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Type</th>
            <th scope="col">User e-mail</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.items.map((invoice) => (
            <tr key={invoice.id} data-status={invoice.status}>
              <td data-label="Invoice">
                <div>
                  <Link to={`/invoices/${invoice.id}`} className="mono">
                    {invoice.reference || `#${invoice.id}`}
                  </Link>
                  <span className="muted small block">{invoice.subject?.label ?? invoice.description}</span>
                </div>
              </td>
              <td data-label="Type">{invoiceTypeLabel(invoice.type)}</td>
              <td data-label="User e-mail" className="break">
                {invoice.user?.email}
              </td>
              <td data-label="Amount" className="num">
                {formatWalletMoney(invoice.amount_minor, invoice.currency)}
              </td>
              <td data-label="Status">
                <InvoiceStatus status={invoice.status} />
              </td>
              <td className="row-action">
                {invoice.status === 'pending' ? (
                  <Link
                    to={`/invoices/${invoice.id}`}
                    className="btn btn-primary btn-small"
                    aria-label={`Make Payment for ${invoice.reference || `invoice ${invoice.id}`}`}
                  >
                    Make Payment
                  </Link>
                ) : (
                  <Link
                    to={`/invoices/${invoice.id}`}
                    className="btn btn-ghost btn-small"
                    aria-label={`View ${invoice.reference || `invoice ${invoice.id}`}`}
                  >
                    View
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager tab="invoices" after={data.after} next={invoices.nextCursor} label="Invoices" />
    </div>
  );
}

export default function FundPage() {
  const data = useLoaderData<typeof loader>() as WalletTabData | InvoicesTabData;
  const actionData = useActionData<typeof action>() as FundActionData | undefined;
  useActionToast(actionData?.toast);
  const location = useLocation();
  return (
    <section className="stack">
      <h1>Wallet &amp; Invoices</h1>
      <Tabs tab={data.tab} />
      {data.tab === 'wallet' ? (
        <div className="stack" key={location.search}>
          <Balances data={data} />
          <FundWallet actionData={actionData} prefill={data.prefill} />
          <DedicatedAccountCard answer={data.dedicated} intro={MSG.payouts.dedicatedText} action="/fund" />
          <History data={data} />
        </div>
      ) : (
        <InvoicesTab data={data} />
      )}
    </section>
  );
}
