import {
  deliveryStatusDetailLabel,
  fromHundredths,
  type Delivery as DeliveryDto,
  type DeliveryHistoryEntry,
  type DeliveryPaymentStatus,
  type TrackingLookup,
} from '@jara/contracts';
import type { Invoice } from '../invoices/invoice.entity';
import type { Delivery, DeliveryStatusChange } from './delivery.entity';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A delivery read with its warehouse, title, owner and invoice (DeliveriesService.base()). */
export type DeliveryRow = Delivery & { invoiceRef?: Invoice | null };

function payment(invoice: Invoice | null | undefined): DeliveryPaymentStatus {
  return invoice ? invoice.status : 'none';
}

export function presentHistory(h: DeliveryStatusChange): DeliveryHistoryEntry {
  return {
    id: h.id,
    from_status: h.from_status,
    to_status: h.to_status,
    label: deliveryStatusDetailLabel(h.to_status),
    note: h.note,
    location: h.location,
    actor: h.actor ? { id: h.actor.id, name: h.actor.name } : null,
    created_at: iso(h.created_at),
  };
}

/**
 * Where the parcel goes: the customer's address (street, city, country as on their account), or the pickup
 * location: the shipping title's destination, else the warehouse.
 */
function destination(d: DeliveryRow): DeliveryDto['destination'] {
  const address = [d.user?.address, d.user?.city, d.user?.country]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean);
  if (d.user?.address?.trim()) return { kind: 'address', text: address.join(', ') };
  if (d.shipping?.location) return { kind: 'pickup', text: d.shipping.location.name };
  if (d.warehouse)
    return { kind: 'pickup', text: [d.warehouse.name, d.warehouse.location?.name].filter(Boolean).join(', ') };
  return null;
}

/** The delivery for its owner or an admin; a guest's e-mail only for an admin. */
export function presentDelivery(d: DeliveryRow, admin: boolean, history?: DeliveryStatusChange[]): DeliveryDto {
  const invoice = d.invoiceRef ?? null;
  return {
    id: d.id,
    tracking_no: d.tracking_no,
    external_no: d.external_no,
    user_id: d.user_id,
    user: d.user ? { id: d.user.id, name: d.user.name } : null,
    name: d.name,
    phone: d.phone,
    email: admin ? d.email : null,
    type: d.type,
    from_jara: d.from_jara === 1,
    warehouse_id: d.warehouse_id,
    warehouse: d.warehouse
      ? {
          id: d.warehouse.id,
          name: d.warehouse.name,
          type: d.warehouse.type,
          location: d.warehouse.location ? { id: d.warehouse.location.id, name: d.warehouse.location.name } : null,
        }
      : null,
    shipping_type: d.shipping_type,
    shipping_id: d.shipping_id,
    shipping: d.shipping
      ? {
          id: d.shipping.id,
          name: d.shipping.name,
          status: d.shipping.status,
          location: d.shipping.location ? { id: d.shipping.location.id, name: d.shipping.location.name } : null,
        }
      : null,
    destination: destination(d),
    last_mile: d.last_mile ?? 'address',
    rider_id: d.rider_id ?? null,
    status: d.status,
    status_label: deliveryStatusDetailLabel(d.status),
    weight: fromHundredths(d.weight_hundredths),
    size: fromHundredths(d.size_hundredths),
    amount: d.amount_minor === null ? null : (d.amount_minor / 100).toFixed(2),
    amount_minor: d.amount_minor,
    currency: 'USD',
    payment_status: payment(invoice),
    invoice: invoice
      ? {
          id: invoice.id,
          reference: invoice.reference,
          status: invoice.status,
          amount_minor: invoice.amount_minor,
          currency: invoice.currency,
        }
      : null,
    created_at: iso(d.created_at),
    updated_at: iso(d.updated_at),
    ...(history ? { history: history.map(presentHistory) } : {}),
  };
}

/** The public lookup: what the parcel is doing and where, nothing about who sent it or who moved it. */
export function presentLookup(d: DeliveryRow, history: DeliveryStatusChange[]): TrackingLookup {
  return {
    tracking_no: d.tracking_no,
    type: d.type,
    shipping_type: d.shipping_type,
    status: d.status,
    status_label: deliveryStatusDetailLabel(d.status),
    weight: fromHundredths(d.weight_hundredths),
    size: fromHundredths(d.size_hundredths),
    warehouse: d.warehouse ? { name: d.warehouse.name, location: d.warehouse.location?.name ?? null } : null,
    shipping: d.shipping ? { name: d.shipping.name, location: d.shipping.location?.name ?? null } : null,
    created_at: iso(d.created_at),
    timeline: history.map((h) => ({
      status: h.to_status,
      label: deliveryStatusDetailLabel(h.to_status),
      location: h.location,
      at: iso(h.created_at),
    })),
  };
}
