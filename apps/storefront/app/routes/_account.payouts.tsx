import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  MSG,
  PAYOUT_STATUSES,
  STATEMENT_STATUSES,
  statementAmountText,
  formatDate,
  formatLongDateTime,
  formatNaira,
  maskAccountNumber,
  payoutStatusLabel,
  type Bank,
  type Payout,
  type PayoutAccount,
  type ResolvedAccount,
  type StatementEntry,
  type VendorBalance,
} from '@jara/contracts';
import { ResolveAccountDto, VendorPayoutAccountDto, WithdrawDto } from '@jara/dto';
import { Field, SelectField } from '~/components/field';
import { StatusPill } from '~/components/money';
import { useLoadMore } from '~/components/orders';
import { useActionToast } from '~/components/toasts';
import { text, useFieldErrors, type Errors } from '~/lib/form';
import { VENDOR_ONLY } from '~/lib/navigation';
import type { ListPage } from '~/lib/orders';
import { IDEMPOTENCY_FIELD } from '~/lib/payments';
import { newIdempotencyKey, readIdempotencyKey } from '~/lib/payments.server';
import { payableLater } from '~/lib/payouts';
import {
  loadBanks,
  loadPayoutBalance,
  loadPayoutStatement,
  loadWithdrawals,
  requestWithdrawal,
  resolveAccount,
  saveAccount,
} from '~/lib/payouts.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, type SignedIn } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { validateForm } from '~/lib/validate.server';
import { readCursor } from '~/lib/wallet.server';

export const meta: MetaFunction = () => [{ title: `${MSG.payouts.title} | Jara` }];

const P = MSG.payouts;

/**
 * Issue 24, the vendor's money out: balances (pending, available, held, paid out), the payout account (bank chosen
 * from Paystack's list, the NUBAN resolved to its name and confirmed with the password), withdrawals and the
 * statement (Load More by cursor, CSV download). Vendors only; every form works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, VENDOR_ONLY);
  const url = new URL(request.url);
  const after = readCursor(url.searchParams.get('after'));
  const [balance, banks, withdrawals, list] = await Promise.all([
    loadPayoutBalance(request, auth),
    loadBanks(request, auth),
    loadWithdrawals(request, auth),
    loadPayoutStatement(request, auth, after),
  ]);
  return json({ balance, banks, withdrawals, list, paged: Boolean(after), key: newIdempotencyKey() });
}

interface AccountValues {
  bank_code: string;
  account_number: string;
}

type ActionData =
  | {
      intent: 'account';
      /** enter: the bank and number (again); confirm: the resolved name and the password. */
      step: 'enter' | 'confirm';
      values: AccountValues;
      resolved: ResolvedAccount | null;
      errors: Errors;
      message: string | null;
      toast?: ToastMessage;
    }
  | { intent: 'withdraw'; values: { amount: string }; errors: Errors; message: string | null; toast: ToastMessage };

async function done(request: Request, auth: SignedIn, message: string) {
  flashToast(auth.session, { kind: 'success', message });
  return redirect('/payouts', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
}

function accountAnswer(data: Omit<Extract<ActionData, { intent: 'account' }>, 'intent'>, status: number) {
  return json<ActionData>(
    { intent: 'account', ...data, toast: data.message ? toast('error', data.message) : undefined },
    { status },
  );
}

/** What the confirm step's hidden fields carry back (only shown; the API resolves the number again to save it). */
function resolvedFrom(form: FormData, values: AccountValues): ResolvedAccount | null {
  const accountName = text(form.get('account_name')).trim().slice(0, 200);
  if (!accountName) return null;
  return { ...values, bank_name: text(form.get('bank_name')).trim().slice(0, 200), account_name: accountName };
}

/** intent=resolve (step 1: bank and number -> the name), save (step 2: with the password), withdraw. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, VENDOR_ONLY);
  const form = await request.formData();
  const intent = text(form.get('intent'));
  if (intent === 'resolve' || intent === 'save') {
    const values = { bank_code: text(form.get('bank_code')), account_number: text(form.get('account_number')) };
    if (intent === 'resolve') {
      const check = validateForm(ResolveAccountDto, form);
      if (!check.ok)
        return accountAnswer({ step: 'enter', values, resolved: null, errors: check.errors, message: null }, 422);
      const resolved = await resolveAccount(request, auth, check.value);
      if (!resolved.ok) return accountAnswer({ step: 'enter', values, resolved: null, ...resolved }, 422);
      return json<ActionData>({
        intent: 'account',
        step: 'confirm',
        values: { bank_code: check.value.bank_code, account_number: check.value.account_number },
        resolved: resolved.account,
        errors: {},
        message: null,
      });
    }
    const resolved = resolvedFrom(form, values);
    const check = validateForm(VendorPayoutAccountDto, form);
    if (!check.ok) {
      const back = check.errors.bank_code || check.errors.account_number || !resolved;
      return accountAnswer(
        { step: back ? 'enter' : 'confirm', values, resolved, errors: check.errors, message: null },
        422,
      );
    }
    const saved = await saveAccount(request, auth, check.value);
    if (saved.ok) return done(request, auth, saved.message ?? P.accountSaved);
    // A wrong password is asked again beside the same account; a number the bank no longer resolves starts over.
    const again = !saved.errors.bank_code && !saved.errors.account_number && resolved;
    return accountAnswer(
      { step: again ? 'confirm' : 'enter', values, resolved, errors: saved.errors, message: saved.message },
      422,
    );
  }
  if (intent === 'withdraw') {
    const values = { amount: text(form.get('amount')) };
    const refuse = (errors: Errors, message: string | null, status = 422) =>
      json<ActionData>(
        { intent: 'withdraw', values, errors, message, toast: toast('error', message ?? P.withdrawFailed) },
        { status },
      );
    const key = readIdempotencyKey(form.get(IDEMPOTENCY_FIELD));
    if (!key) return refuse({}, P.withdrawFailed, 400);
    const check = validateForm(WithdrawDto, form);
    if (!check.ok) return refuse(check.errors, null);
    const result = await requestWithdrawal(request, auth, check.value.amount, key);
    if (result.ok) return done(request, auth, P.withdrawn(formatNaira(check.value.amount)));
    return refuse(result.errors, result.errors.amount ? null : result.message);
  }
  return json({ error: 'Unknown action.' }, { status: 400 });
}

function usePosting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

function Balances({ balance }: { balance: VendorBalance | null }) {
  if (!balance) {
    return (
      <p className="form-error" role="alert">
        {P.balanceLoadFailed}
      </p>
    );
  }
  const figures: Array<[string, number, string, string]> = [
    [P.available, balance.available_minor, P.availableHint, 'payout-available'],
    [P.pending, balance.pending_minor, P.pendingHint, 'payout-pending'],
    [P.held, balance.held_minor, P.heldHint, 'payout-held'],
    [P.paidOut, balance.paid_out_minor, P.paidOutHint, 'payout-paid-out'],
  ];
  return (
    <ul className="vendor-figures" aria-label="Balances">
      {figures.map(([label, minor, hint, testId]) => (
        <li key={testId} className="vendor-figure panel">
          <span className="vendor-figure-label">{label}</span>
          <strong className="vendor-figure-value" data-testid={testId}>
            {formatNaira(minor)}
          </strong>
          <span className="vendor-figure-hint">{hint}</span>
        </li>
      ))}
    </ul>
  );
}

function CurrentAccount({ account }: { account: PayoutAccount }) {
  const later = payableLater(account);
  return (
    <div className="stack" data-testid="payout-account">
      <dl className="details-list">
        <dt>Bank</dt>
        <dd>{account.bank_name}</dd>
        <dt>Account number</dt>
        <dd className="mono">{maskAccountNumber(account.account_number)}</dd>
        <dt>Account name</dt>
        <dd data-testid="payout-account-name">{account.account_name}</dd>
      </dl>
      {later ? (
        <p className="notice-inline small" data-testid="payable-after">
          {P.payableFrom(formatLongDateTime(later))}
        </p>
      ) : null}
    </div>
  );
}

function EnterAccount({ banks, data }: { banks: Bank[]; data: Extract<ActionData, { intent: 'account' }> | null }) {
  const busy = usePosting('resolve');
  const { errors, clear } = useFieldErrors(data?.step === 'enter' ? data.errors : undefined);
  return (
    <Form method="post" noValidate className="stack" data-testid="resolve-form">
      <input type="hidden" name="intent" value="resolve" />
      <fieldset disabled={busy} className="form-grid">
        <SelectField
          name="bank_code"
          label="Bank"
          defaultValue={data?.values.bank_code ?? ''}
          error={errors.bank_code}
          onChange={() => clear('bank_code')}
        >
          <option value="">Choose your bank</option>
          {banks.map((bank) => (
            <option key={bank.code} value={bank.code}>
              {bank.name}
            </option>
          ))}
        </SelectField>
        <Field
          name="account_number"
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={13}
          placeholder="10 digits"
          defaultValue={data?.values.account_number ?? ''}
          error={errors.account_number}
          onChange={() => clear('account_number')}
        />
      </fieldset>
      {data?.step === 'enter' && data.message ? (
        <p className="form-error" role="alert">
          {data.message}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Verifying…' : P.verifyAccount}
        </button>
      </div>
    </Form>
  );
}

function ConfirmAccount({
  data,
}: {
  data: Extract<ActionData, { intent: 'account' }> & { resolved: ResolvedAccount };
}) {
  const busy = usePosting('save');
  const { errors, clear } = useFieldErrors(data.errors);
  const { resolved } = data;
  return (
    <Form method="post" noValidate className="stack" data-testid="confirm-account-form">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="bank_code" value={resolved.bank_code} />
      <input type="hidden" name="account_number" value={resolved.account_number} />
      <input type="hidden" name="bank_name" value={resolved.bank_name} />
      <input type="hidden" name="account_name" value={resolved.account_name} />
      <p>{P.confirmIntro}</p>
      <dl className="details-list bank-transfer">
        <dt>Bank</dt>
        <dd>{resolved.bank_name}</dd>
        <dt>Account number</dt>
        <dd className="mono">{resolved.account_number}</dd>
        <dt>Account name</dt>
        <dd data-testid="resolved-name">
          <strong>{resolved.account_name}</strong>
        </dd>
      </dl>
      <fieldset disabled={busy} className="stack">
        <Field
          name="password"
          type="password"
          label={P.confirmPassword}
          autoComplete="current-password"
          error={errors.password}
          onChange={() => clear('password')}
        />
      </fieldset>
      {data.message ? (
        <p className="form-error" role="alert">
          {data.message}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : P.saveAccount}
        </button>
        <Link to="/payouts" className="btn btn-ghost">
          {P.startAgain}
        </Link>
      </div>
    </Form>
  );
}

function AccountSection({ account, banks }: { account: PayoutAccount | null | undefined; banks: Bank[] | null }) {
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const data = actionData?.intent === 'account' ? actionData : null;
  const confirming = data?.step === 'confirm' && data.resolved ? { ...data, resolved: data.resolved } : null;
  const form = confirming ? (
    <ConfirmAccount data={confirming} />
  ) : banks ? (
    <EnterAccount banks={banks} data={data} />
  ) : (
    <p className="form-error" role="alert">
      {P.banksLoadFailed}
    </p>
  );
  return (
    <section className="card stack" aria-labelledby="payout-account-title">
      <h2 id="payout-account-title">{P.accountTitle}</h2>
      {account ? (
        <CurrentAccount account={account} />
      ) : account === null ? (
        <p className="muted">{P.noAccount}</p>
      ) : null}
      {account && !data ? (
        <details className="inline-panel">
          <summary className="btn btn-ghost btn-small">{P.changeAccount}</summary>
          {form}
        </details>
      ) : (
        <>
          {account ? <h3>{P.changeAccount}</h3> : <h3>{P.addAccount}</h3>}
          {form}
        </>
      )}
    </section>
  );
}

function WithdrawSection({ balance, idempotencyKey }: { balance: VendorBalance | null; idempotencyKey: string }) {
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const data = actionData?.intent === 'withdraw' ? actionData : null;
  const busy = usePosting('withdraw');
  const { errors, clear } = useFieldErrors(data?.errors);
  if (!balance) return null;
  return (
    <section className="card stack" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">{P.withdrawTitle}</h2>
      <p className="muted small" data-testid="withdraw-rules">
        {P.withdrawRules(
          formatNaira(balance.min_withdrawal_minor),
          formatNaira(balance.fee_minor),
          formatNaira(balance.auto_approve_max_minor),
        )}
      </p>
      <p className="small">
        {`${P.available}: `}
        <strong data-testid="withdraw-available">{formatNaira(balance.available_minor)}</strong>
      </p>
      {!balance.can_withdraw ? (
        <p className="notice-inline" role="status" data-testid="blocked-reason">
          {balance.blocked_reason ?? P.withdrawFailed}
        </p>
      ) : (
        <Form method="post" noValidate className="inline-form" data-testid="withdraw-form">
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
          <Field
            name="amount"
            label="Amount (₦)"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            defaultValue={data?.values.amount}
            error={errors.amount}
            onChange={() => clear('amount')}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Requesting…' : P.withdraw}
          </button>
        </Form>
      )}
      {data?.message ? (
        <p className="form-error" role="alert">
          {data.message}
        </p>
      ) : null}
    </section>
  );
}

function Withdrawals({ withdrawals }: { withdrawals: Payout[] | null }) {
  return (
    <section className="stack" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title">{P.withdrawalsTitle}</h2>
      {!withdrawals ? (
        <p className="form-error" role="alert">
          {P.withdrawalsLoadFailed}
        </p>
      ) : withdrawals.length === 0 ? (
        <p className="empty-state">{P.withdrawalsEmpty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="withdrawals">
            <caption className="visually-hidden">Your withdrawals, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col" className="num">
                  Fee
                </th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {withdrawals.map((payout) => (
                <tr key={payout.id} data-testid="withdrawal-row" data-status={payout.status}>
                  <td data-label="Requested">{formatDate(payout.requested_at)}</td>
                  <td data-label="Amount" className="num">
                    {formatNaira(payout.amount_minor)}
                  </td>
                  <td data-label="Fee" className="num">
                    {formatNaira(payout.fee_minor)}
                  </td>
                  <td data-label="To">
                    <div>
                      {payout.bank_name}
                      <span className="muted small block mono">{maskAccountNumber(payout.account_number)}</span>
                    </div>
                  </td>
                  <td data-label="Status">
                    <div>
                      <StatusPill
                        label={payout.status_label || payoutStatusLabel(payout.status)}
                        tone={PAYOUT_STATUSES.find((s) => s.code === payout.status)?.tone ?? 'default'}
                      />
                      {payout.reason ? <span className="muted small block">{payout.reason}</span> : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Statement({ list, paged }: { list: ListPage<StatementEntry> | null; paged: boolean }) {
  const { items, more } = useLoadMore<StatementEntry>(list, (next) => `/payouts?${next}`);
  return (
    <section className="stack" aria-labelledby="statement-title">
      <div className="section-head">
        <h2 id="statement-title">{P.statementTitle}</h2>
        <a href="/resources/payouts-statement" className="btn btn-ghost btn-small" download>
          {P.downloadCsv}
        </a>
      </div>
      {!list ? (
        <p className="form-error" role="alert">
          {P.statementLoadFailed}
        </p>
      ) : items.length === 0 ? (
        <p className="empty-state">{P.statementEmpty}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="data-table" data-testid="payout-statement">
              <caption className="visually-hidden">{P.statementCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Description</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {items.map((entry) => {
                  const status = STATEMENT_STATUSES.find((s) => s.code === entry.status);
                  return (
                    <tr key={entry.id} data-testid="statement-entry" data-kind={entry.kind}>
                      <td data-label="Date">{formatDate(entry.created_at)}</td>
                      <td data-label="Description">
                        <div>
                          {entry.description}
                          <span className="muted small block mono">{entry.reference}</span>
                        </div>
                      </td>
                      <td data-label="Amount" className={`num amount-${entry.direction}`}>
                        {statementAmountText(entry)}
                      </td>
                      <td data-label="Status">
                        <StatusPill label={status?.label ?? entry.status} tone={status?.tone ?? 'default'} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {more}
        </>
      )}
      {paged ? (
        <Link to="/payouts" className="small">
          Back to the newest entries
        </Link>
      ) : null}
    </section>
  );
}

export default function PayoutsPage() {
  const { balance, banks, withdrawals, list, paged, key } = useLoaderData<typeof loader>() as {
    balance: VendorBalance | null;
    banks: Bank[] | null;
    withdrawals: Payout[] | null;
    list: ListPage<StatementEntry> | null;
    paged: boolean;
    key: string;
  };
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  useActionToast(actionData && 'toast' in actionData ? actionData.toast : undefined);
  return (
    <section className="stack">
      <div>
        <h1>{P.title}</h1>
        <p className="muted">{P.intro}</p>
      </div>
      <Balances balance={balance} />
      <div className="summary-grid">
        <AccountSection account={balance ? balance.account : undefined} banks={banks} />
        <WithdrawSection balance={balance} idempotencyKey={key} />
      </div>
      <Withdrawals withdrawals={withdrawals} />
      <Statement list={list} paged={paged} />
    </section>
  );
}
