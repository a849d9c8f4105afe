/**
 * The reconciliation's findings (issue 21, decision 026): one code per invariant a finance team checks, with what is
 * wrong and what to do. Shared by the API (GET /admin/reconciliation), the CLI (`reconcile`) and the back office.
 */
export const RECONCILIATION_CODES = [
  'wallet_balance_mismatch',
  'paid_invoice_without_payment',
  'paid_invoice_paid_twice',
  'payment_for_unpaid_invoice',
  'refund_missing',
  'refund_unexpected',
  'order_shipped_unpaid',
  'order_settlement_stuck',
  'cancelled_order_invoice_pending',
  'cancelled_order_not_refunded',
  'returned_order_not_refunded',
  'vendor_credit_mismatch',
  'vendor_credit_missing',
  'vendor_credit_unexpected',
  'return_credit_not_reversed',
  'cancelled_delivery_invoice_pending',
  'cancelled_delivery_not_refunded',
  'payment_mismatch',
  'payment_refunded_to_wallet',
  'payment_refund_missing',
  'payment_pending_too_long',
  'funding_mismatch',
  'funding_pending_too_long',
  'payment_exception_open',
  'refund_exceeds_paid',
  'refund_ledger_missing',
  'card_refund_pending_too_long',
  'card_refund_failed',
  'payout_debit_missing',
  'payout_return_missing',
  'payout_return_unexpected',
  'payout_processing_too_long',
] as const;
export type ReconciliationCode = (typeof RECONCILIATION_CODES)[number];

/** error: the books disagree (the CLI exits 1); info: listed for a person, nothing is owed. */
export type ReconciliationSeverity = 'error' | 'info';

export type ReconciliationEntity =
  | 'wallet'
  | 'invoice'
  | 'order'
  | 'order_item'
  | 'delivery'
  | 'invoice_payment'
  | 'ledger_entry'
  | 'payment_exception'
  | 'order_refund'
  | 'payout';

export interface ReconciliationFinding {
  code: ReconciliationCode;
  severity: ReconciliationSeverity;
  entity: ReconciliationEntity;
  id: number;
  /** A human label: an invoice reference, an order number, a payment reference. */
  label: string | null;
  problem: string;
  action: string;
  currency: string | null;
  expected_minor: number | null;
  actual_minor: number | null;
}

export interface ReconciliationReport {
  findings: ReconciliationFinding[];
  /** How many rows each check read. */
  checked: Record<string, number>;
  ran_at: string;
}

/** What each code means and what to do (admin-facing text; the problem line adds the amounts). */
export const RECONCILIATION_TEXT: Record<ReconciliationCode, { problem: string; action: string }> = {
  wallet_balance_mismatch: {
    problem: 'The wallet balance differs from the sum of its completed ledger entries.',
    action:
      'Find the balance change without a ledger entry (or the entry without a balance change) and post an adjustment.',
  },
  paid_invoice_without_payment: {
    problem: 'A paid invoice has no completed card payment or wallet debit of its amount and currency.',
    action: 'Check the gateway and the wallet: record the payment that arrived, or reopen the invoice.',
  },
  paid_invoice_paid_twice: {
    problem: 'A paid invoice has more than one completed payment (card and/or wallet), or one of another amount.',
    action: "Refund the extra payment to the payer's wallet.",
  },
  payment_for_unpaid_invoice: {
    problem: 'An invoice that is not paid has a completed card payment or wallet debit.',
    action: "Mark the invoice paid or refund the payment to the payer's wallet.",
  },
  refund_missing: {
    problem: 'A refunded invoice has no completed refund entry of its amount in the ledger.',
    action: "Credit the payer's wallet with the invoice amount (refund-inv-<id>).",
  },
  refund_unexpected: {
    problem: 'The ledger holds a refund for this invoice that it was not marked refunded for, or more than one.',
    action: 'Check whether the payer was refunded twice; reverse the extra credit by an adjustment.',
  },
  order_shipped_unpaid: {
    problem: 'The order is at To Ship or later without a paid invoice.',
    action: 'Stop the shipment or collect payment; check how the order left To Pay.',
  },
  order_settlement_stuck: {
    problem: 'The order is still at To Pay although its invoice was paid a while ago.',
    action: 'Move the order to To Ship (the paid event was lost), or refund the invoice if the order cannot be served.',
  },
  cancelled_order_invoice_pending: {
    problem: 'A cancelled order still has a payable invoice.',
    action: 'Cancel the invoice so it cannot be paid.',
  },
  cancelled_order_not_refunded: {
    problem: 'A cancelled order has a paid invoice that was not refunded.',
    action: "Refund the invoice to the buyer's wallet, or restore the order if it can be served.",
  },
  returned_order_not_refunded: {
    problem: 'A returned order (return accepted) has a paid invoice that was not refunded.',
    action: "Refund the invoice to the buyer's wallet.",
  },
  vendor_credit_mismatch: {
    problem: "A vendor's sale credit differs from the line total less commission, or went to another account.",
    action: 'Correct the credit by an adjustment on the vendor wallet.',
  },
  vendor_credit_missing: {
    problem: 'A received line has no pending or completed sale credit for its vendor.',
    action: 'Credit the vendor (sale-<itemId>) with the line total less commission.',
  },
  vendor_credit_unexpected: {
    problem: 'A line of an order that was not received holds a live sale credit.',
    action: 'Reverse the credit: the buyer has not received the goods.',
  },
  return_credit_not_reversed: {
    problem: "A returned line's sale credit was neither failed nor reversed (reverse-<itemId>).",
    action: 'Fail the pending credit or debit the vendor by the credit.',
  },
  cancelled_delivery_invoice_pending: {
    problem: 'A cancelled or returned parcel still has a payable fee invoice.',
    action: 'Cancel the fee invoice so it cannot be paid.',
  },
  cancelled_delivery_not_refunded: {
    problem: 'A cancelled or returned parcel has a paid fee invoice that was not refunded.',
    action: "Refund the fee to the customer's wallet (see decision 024).",
  },
  payment_mismatch: {
    problem: 'The gateway reported another amount or currency than the card payment asked for; nothing settled.',
    action:
      'Compare with the Paystack dashboard, then refund the customer or settle the invoice by hand, and resolve the exception.',
  },
  payment_refunded_to_wallet: {
    problem:
      "A card payment the invoice could not take (re-priced, cancelled or already paid) was credited to the payer's wallet.",
    action: 'Nothing is owed; refund it to the card from the wallet if the customer asks.',
  },
  payment_refund_missing: {
    problem: 'A card payment marked refunded has no completed wallet credit of its amount (refund-<reference>).',
    action: "Credit the payer's wallet with the payment amount.",
  },
  payment_pending_too_long: {
    problem: 'A card payment has been pending for more than a day.',
    action: 'Verify it with the gateway (the customer may have paid); mark it failed if it never completed.',
  },
  funding_mismatch: {
    problem: 'A wallet funding was reported at another amount or currency; nothing was credited.',
    action: 'Compare with the Paystack dashboard, then credit or refund by hand and resolve the exception.',
  },
  funding_pending_too_long: {
    problem: 'A wallet funding has been pending for more than a day.',
    action: 'Verify it with the gateway; it is credited if it succeeded, else mark it failed.',
  },
  payment_exception_open: {
    problem: 'A gateway answer did not settle (another amount, or a reference Jara never issued).',
    action: 'Match it in the Paystack dashboard, refund or settle it by hand, then resolve the exception.',
  },
  refund_exceeds_paid: {
    problem: 'The refunds of this invoice add up to more than it was paid.',
    action: 'Find the extra refund (wallet credit or card refund) and recover it by an adjustment.',
  },
  refund_ledger_missing: {
    problem: 'A processed wallet refund of an order has no completed wallet credit of its amount (its reference).',
    action: "Credit the buyer's wallet with the refund amount under the refund's reference.",
  },
  card_refund_pending_too_long: {
    problem: 'A refund to the card has been pending at Paystack for more than a day.',
    action: 'Look the refund up on the Paystack dashboard; its refund.processed or refund.failed webhook settles it.',
  },
  card_refund_failed: {
    problem: 'A refund to the card failed and its money was not credited to the wallet instead: it is still owed.',
    action: "Refund the buyer again (to the wallet, or to the card) from the order's page.",
  },
  payout_debit_missing: {
    problem:
      "A payout has no completed debit of its amount and fee from the vendor's wallet (payout-<id>, payout-fee-<id>).",
    action: 'Do not send it: find how it was created; debit the vendor by an adjustment or reject the payout.',
  },
  payout_return_missing: {
    problem: 'A failed, reversed or rejected payout has no return credit of its amount and fee (payout-return-<id>).',
    action: "Credit the vendor's wallet with the amount and fee (the money never reached the bank).",
  },
  payout_return_unexpected: {
    problem: 'A payout that is held or paid has a return credit: the vendor got the money back and may be paid too.',
    action: 'Check the transfer on the Paystack dashboard; reverse the extra credit by an adjustment.',
  },
  payout_processing_too_long: {
    problem: 'A payout transfer has been processing at Paystack for more than a day.',
    action: 'Run `requery-payouts` or check the transfer on the Paystack dashboard.',
  },
};
