import { Form, useNavigation } from '@remix-run/react';
import { MSG, type DedicatedAccountAnswer } from '@jara/contracts';

/** The form intent that asks for the account (POST /wallet/dedicated-account), handled by the page's own action. */
export const DEDICATED_INTENT = 'dedicated-account';

/**
 * Issue 24: the user's own account number at the payment provider (Fund page, bank-transfer invoices); transfers into
 * it credit the wallet by themselves. Nothing when the provider is not configured (the manual transfer stays), the
 * account when there is one, else "Get my transfer account" posting to `action`.
 */
export function DedicatedAccountCard({
  answer,
  intro,
  action,
}: {
  answer: DedicatedAccountAnswer | null;
  intro: string;
  action: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === DEDICATED_INTENT;
  if (!answer?.configured) return null;
  const { account } = answer;
  return (
    <section className="card stack" aria-labelledby="dedicated-title" data-testid="dedicated-account">
      <h2 id="dedicated-title">{MSG.payouts.dedicatedTitle}</h2>
      {account ? (
        <>
          <p className="muted small">{intro}</p>
          <dl className="details-list">
            <dt>Bank</dt>
            <dd>{account.bank_name}</dd>
            <dt>Account number</dt>
            <dd className="mono" data-testid="dedicated-number">
              {account.account_number}
            </dd>
            <dt>Account name</dt>
            <dd>{account.account_name}</dd>
          </dl>
        </>
      ) : (
        <Form method="post" action={action} className="stack">
          <p className="muted small">{MSG.payouts.dedicatedOffer}</p>
          <div>
            <button type="submit" name="intent" value={DEDICATED_INTENT} className="btn btn-primary" disabled={busy}>
              {busy ? 'Creating…' : MSG.payouts.dedicatedGet}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
