import type { EntityManager } from 'typeorm';
import { Invoice, InvoicePayment } from '#api-maintenance';

/**
 * Marks a demo invoice paid by card the way a real settlement leaves it: the invoice paid (method paystack) and one
 * completed card payment of exactly its amount and currency (gateway test, reference ipay-demo-<id>), so the seeded
 * shop reconciles (`npm run cli -- reconcile` finds nothing).
 */
export async function payDemoInvoiceByCard(m: EntityManager, invoice: Invoice, paidAt: Date): Promise<void> {
  await m.update(Invoice, { id: invoice.id }, { status: 'paid', payment_method: 'paystack', paid_at: paidAt });
  await m.insert(InvoicePayment, {
    reference: `ipay-demo-${invoice.id}`,
    invoice_id: invoice.id,
    amount_minor: invoice.amount_minor,
    currency: invoice.currency,
    status: 'completed',
    gateway: 'test',
    authorization_url: null,
    settled_at: paidAt,
    gateway_amount_minor: null,
    gateway_currency: null,
    note: null,
  });
}
