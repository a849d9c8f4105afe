import { REFUND_DESTINATIONS, type Order, type PayoutAccount, type RefundDestination } from '@jara/contracts';

/** Money out on the storefront (issue 24): pure helpers of the Payouts page, the Fund page and the order screens. */

/** Statement rows per page of the Payouts page; Load More continues with the API's cursor. */
export const STATEMENT_PAGE_SIZE = 20;
/** Withdrawals shown on the Payouts page (the newest; the statement holds every one). */
export const WITHDRAWALS_SHOWN = 10;

/** The moment an account that was just changed may receive payouts, or null when it already may. */
export function payableLater(
  account: Pick<PayoutAccount, 'payable_after'> | null | undefined,
  now: Date = new Date(),
): string | null {
  if (!account?.payable_after) return null;
  const at = Date.parse(account.payable_after);
  return Number.isFinite(at) && at > now.getTime() ? account.payable_after : null;
}

/** The refund destinations a buyer may choose for an order: the card only for an order paid by card. */
export function refundChoices(order: Pick<Order, 'payment_method'>): RefundDestination[] {
  return order.payment_method === 'card' ? ['wallet', 'card'] : ['wallet'];
}

/** refund_to of a return request as the form sent it: one of REFUND_DESTINATIONS, else none (the API's default). */
export function readRefundTo(value: unknown): RefundDestination | undefined {
  return REFUND_DESTINATIONS.find((d) => d.code === value)?.code;
}

/** The statement's API query: page size and the cursor of the page after the last one shown. */
export function statementQuery(after: string | null, perPage = STATEMENT_PAGE_SIZE): string {
  const params = new URLSearchParams({ per_page: String(perPage) });
  if (after) params.set('after', after);
  return params.toString();
}

/** The statement download's file name, dated (UTC) so several downloads do not overwrite each other. */
export function statementFileName(now: Date = new Date()): string {
  return `jara-statement-${now.toISOString().slice(0, 10)}.csv`;
}
