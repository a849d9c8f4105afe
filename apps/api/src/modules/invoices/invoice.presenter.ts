import { fromMinorUnits, invoiceTypeLabel, type Invoice as InvoiceDto } from '@jara/contracts';
import type { Invoice } from './invoice.entity';

export function presentInvoice(i: Invoice): InvoiceDto {
  return {
    id: i.id,
    reference: i.reference,
    type: i.type,
    description: i.description,
    amount: fromMinorUnits(i.amount_minor),
    amount_minor: i.amount_minor,
    currency: i.currency,
    status: i.status,
    user:
      i.user_id === null ? null : { id: i.user?.id ?? i.user_id, name: i.user?.name ?? '', email: i.user?.email ?? '' },
    subject:
      i.type === 'manual' || i.subject_id === null
        ? null
        : { type: i.type, id: i.subject_id, label: i.subject_label ?? `${invoiceTypeLabel(i.type)} #${i.subject_id}` },
    payment_method: i.payment_method,
    paid_at: i.paid_at ? new Date(i.paid_at).toISOString() : null,
    refunded_at: i.refunded_at ? new Date(i.refunded_at).toISOString() : null,
    created_at: new Date(i.created_at).toISOString(),
  };
}
