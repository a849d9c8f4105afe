import {
  INVOICE_STATUSES,
  WALLET_STATUSES,
  invoiceStatusTone,
  walletStatusTone,
  type StatusTone,
} from '@jara/contracts';
import type { CurrencyOption } from '~/lib/converter';

/** A coloured status (spec 4): success green, warning yellow, danger red, info blue, else grey; the text carries the meaning. */
export function StatusPill({ label, tone, testId }: { label: string; tone: StatusTone; testId?: string }) {
  return (
    <span className={`status-pill tone-${tone}`} data-testid={testId}>
      {label}
    </span>
  );
}

function labelOf(rows: ReadonlyArray<{ code: number | string; label: string }>, status: unknown): string {
  const found = rows.find((row) => String(row.code) === String(status));
  if (found) return found.label;
  const text = String(status ?? '');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Unknown';
}

/** Wallet ledger: completed green, pending yellow, other grey. */
export function WalletStatus({ status }: { status: unknown }) {
  return <StatusPill label={labelOf(WALLET_STATUSES, status)} tone={walletStatusTone(status)} />;
}

/** Invoices: paid green, pending yellow, other grey. */
export function InvoiceStatus({ status }: { status: unknown }) {
  return <StatusPill label={labelOf(INVOICE_STATUSES, status)} tone={invoiceStatusTone(status)} />;
}

/** The bundled SVG flag of a currency (decorative: the code beside it is the label), or a neutral tile. */
export function CurrencyFlag({ currency }: { currency: Pick<CurrencyOption, 'flag'> | undefined }) {
  return currency?.flag ? (
    <img className="currency-flag" src={currency.flag} alt="" width={24} height={16} />
  ) : (
    <span className="currency-flag currency-flag-none" aria-hidden="true" />
  );
}

/**
 * A labelled currency select with the chosen currency's flag beside it. A code that is not in the list (an old
 * link, a deleted currency) stays selectable so the page can say its rate is not available.
 */
export function CurrencySelect({
  id,
  name,
  label,
  value,
  currencies,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  currencies: readonly CurrencyOption[];
  onChange?: (code: string) => void;
}) {
  const selected = currencies.find((c) => c.code === value);
  return (
    <div className="field currency-field">
      <label htmlFor={id}>{label}</label>
      <div className="select-with-flag">
        <CurrencyFlag currency={selected} />
        <select id={id} name={name} value={value} onChange={(event) => onChange?.(event.currentTarget.value)}>
          {selected ? null : <option value={value}>{`${value} (no rate)`}</option>}
          {currencies.map((currency) => (
            <option key={currency.code} value={currency.code}>
              {`${currency.code} — ${currency.name}`}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
