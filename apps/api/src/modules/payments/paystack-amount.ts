/**
 * What the customer was asked to pay: with "pass charges to customer" on, Paystack's `amount` includes its fees and
 * `requested_amount` is the amount we initialised the transaction with, so that is the one to compare.
 */
export function requestedAmount(data: Record<string, unknown>): number | null {
  const pick = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
  return pick(data.requested_amount) ?? pick(data.amount);
}
