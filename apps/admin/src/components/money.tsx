import { Tag } from 'antd';
import { formatAmountIn, formatWalletMoney, fromMinorUnits, type StatusInfo, type StatusTone } from '@jara/contracts';

/** Minor units of a wallet currency through the shared formatters: NGN as ₦1,234.50, USD as $1,234.50. */
export function formatMoney(minor: number, currency: string): string {
  const code = String(currency).toUpperCase();
  if (code === 'NGN' || code === 'USD') return formatWalletMoney(minor, code);
  return formatAmountIn(fromMinorUnits(minor), code) ?? `${fromMinorUnits(minor)} ${code}`;
}

/** A decimal amount (e.g. a converter result '1500000.00') in any currency: ₦1,500,000, $2, 520.00 CNY. */
export function formatDecimalMoney(value: string, currency: string): string {
  return formatAmountIn(value, currency) ?? `${value} ${currency.toUpperCase()}`;
}

/** Ant Design tag colours of the shared status tones (spec section 4: success green, warning yellow, other grey). */
export const TONE_COLOR: Record<StatusTone, string> = {
  success: 'green',
  warning: 'gold',
  danger: 'red',
  info: 'blue',
  default: 'default',
};

/**
 * A status with its label and colour from one of the contracts' status tables (INVOICE_STATUSES, WALLET_STATUSES,
 * KYC_STATUSES...); `label` names the unknown ones as the contracts do.
 */
export function StatusTag({
  rows,
  status,
  label,
  testId,
}: {
  rows: readonly StatusInfo[];
  status: unknown;
  label?: (status: unknown) => string;
  testId?: string;
}) {
  const row = rows.find((r) => String(r.code) === String(status));
  return (
    <Tag color={TONE_COLOR[row?.tone ?? 'default']} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {label ? label(status) : (row?.label ?? String(status ?? ''))}
    </Tag>
  );
}

/** The label of a status in one of the contracts' tables (for filters). */
export function statusOptions(rows: readonly StatusInfo[]) {
  return rows.map((r) => ({ value: String(r.code), label: r.label }));
}
