import { formatDollars, formatNaira, MSG, type WalletCurrency } from '@jara/contracts';
import { fieldError } from '../../common/http/validation';

export function formatMoney(minor: number, currency: WalletCurrency): string {
  return currency === 'NGN' ? formatNaira(minor) : formatDollars(minor);
}

/** 422 on `amount` when it is outside [min, max] for its currency. */
export function assertAmountWithin(
  minor: number,
  currency: WalletCurrency,
  limits: { min?: number; max: number },
): void {
  if (limits.min !== undefined && minor < limits.min)
    throw fieldError('amount', MSG.money.amountMin(formatMoney(limits.min, currency)));
  if (minor > limits.max) throw fieldError('amount', MSG.money.amountMax(formatMoney(limits.max, currency)));
}
