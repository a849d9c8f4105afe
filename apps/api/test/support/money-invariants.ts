import type { TestApp } from './test-app';

/**
 * The cross-module money invariants, read straight from the tables (a stand-in until the reconciliation service
 * answers the same questions): an empty list means the books agree.
 */
export async function moneyInvariantBreaches(t: TestApp): Promise<Array<Record<string, unknown>>> {
  const q = (sql: string) => t.db.query(sql) as Promise<Array<Record<string, unknown>>>;
  const tag = (problem: string) => (rows: Array<Record<string, unknown>>) => rows.map((row) => ({ problem, ...row }));
  return [
    ...tag('paid invoice without exactly one payment of its amount')(
      await q(`SELECT i.id, i.amount_minor, i.payment_method,
                 (SELECT COUNT(*) FROM invoice_payments p WHERE p.invoice_id = i.id AND p.status = 'completed'
                     AND p.amount_minor = i.amount_minor AND p.currency = i.currency) AS cards,
                 (SELECT COUNT(*) FROM wallet_ledger l WHERE l.invoice_id = i.id AND l.kind = 'invoice_payment'
                     AND l.status = 'completed' AND l.amount_minor = i.amount_minor AND l.currency = i.currency) AS debits
            FROM invoices i
           WHERE i.status = 'paid' AND i.payment_method <> 'transfer'
             AND (SELECT COUNT(*) FROM invoice_payments p WHERE p.invoice_id = i.id AND p.status = 'completed'
                     AND p.amount_minor = i.amount_minor AND p.currency = i.currency)
               + (SELECT COUNT(*) FROM wallet_ledger l WHERE l.invoice_id = i.id AND l.kind = 'invoice_payment'
                     AND l.status = 'completed' AND l.amount_minor = i.amount_minor AND l.currency = i.currency) <> 1`),
    ),
    ...tag('a debit or completed card payment for an invoice that is not paid')(
      await q(`SELECT i.id, i.status FROM invoices i
           WHERE i.status <> 'paid' AND (
             EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = i.id AND p.status = 'completed')
             OR EXISTS (SELECT 1 FROM wallet_ledger l WHERE l.invoice_id = i.id AND l.kind = 'invoice_payment' AND l.status = 'completed'))`),
    ),
    ...tag('order at To Ship or later without a paid invoice')(
      await q(`SELECT o.id, o.status FROM orders o LEFT JOIN invoices i ON i.id = o.invoice_id
           WHERE o.status IN (1, 2, 3, 4) AND (i.id IS NULL OR i.status <> 'paid')`),
    ),
    ...tag('cancelled order with a payable invoice')(
      await q(`SELECT o.id, i.status FROM orders o JOIN invoices i ON i.id = o.invoice_id
           WHERE o.status = 5 AND i.status = 'pending'`),
    ),
    ...tag('cancelled or returned parcel with a payable invoice')(
      await q(`SELECT d.id, d.status, i.status AS invoice_status FROM deliveries d JOIN invoices i ON i.id = d.invoice_id
           WHERE d.status IN (0, 8) AND i.status = 'pending'`),
    ),
    ...tag('vendor credit that does not match its line')(
      await q(`SELECT oi.id, oi.vendor_credit_minor, l.amount_minor FROM order_items oi
            JOIN wallet_ledger l ON l.reference = CONCAT('sale-', oi.id)
           WHERE l.amount_minor <> oi.vendor_credit_minor OR l.user_id <> oi.vendor_id`),
    ),
  ];
}
