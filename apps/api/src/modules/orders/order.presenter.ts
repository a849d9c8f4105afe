import {
  lineFulfilmentLabel,
  orderStatusLabel,
  type Order as OrderDto,
  type OrderHistoryEntry,
  type OrderLine,
} from '@jara/contracts';
import type { StorageService } from '../../common/storage/storage.service';
import type { Invoice } from '../invoices/invoice.entity';
import type { Order, OrderItem, OrderStatusChange } from './order.entity';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * Who reads an order (issue 21, defect 11): the buyer never sees the marketplace's commission or the vendors' shares;
 * a vendor sees only their lines, and totals computed from those lines; an admin sees everything.
 */
export type OrderAudience = 'buyer' | 'vendor' | 'admin';

export interface OrderView {
  order: Order;
  /** The lines this viewer may see (a vendor: only theirs). */
  items: OrderItem[];
  invoice: Pick<Invoice, 'id' | 'reference' | 'status'> | null;
  reviewedItemIds: ReadonlySet<number>;
  /** Set when a vendor reads the order. */
  vendorView: boolean;
  /** Who reads it; without it a vendor view is 'vendor' and anything else 'buyer' (the least). Admins must say so. */
  audience?: OrderAudience;
  history?: OrderStatusChange[];
  /** A vendor's view: the order also has lines of other sellers (or of the house). */
  otherSellers?: boolean;
  /** One order read by its buyer or an admin: its refunds (issue 24). */
  refunds?: OrderDto['refunds'];
}

export function audienceOf(view: Pick<OrderView, 'audience' | 'vendorView'>): OrderAudience {
  if (view.vendorView) return 'vendor';
  return view.audience ?? 'buyer';
}

export function presentLine(
  item: OrderItem,
  storage: StorageService,
  reviewed: boolean,
  audience: OrderAudience = 'buyer',
): OrderLine {
  const line: OrderLine = {
    id: item.id,
    product_id: item.product_id,
    product_name: item.product_name,
    product_image: storage.urlFor(storage.cardKey(item.product_image)) ?? storage.urlFor(item.product_image),
    vendor_id: item.vendor_id,
    unit_price_minor: item.unit_price_minor,
    quantity: item.quantity,
    line_total_minor: item.line_total_minor,
    commission_minor: item.commission_minor,
    vendor_credit_minor: item.vendor_credit_minor,
    settled_at: iso(item.settled_at),
    reviewed,
    fulfilment: item.fulfilment ?? 'pending',
    fulfilment_label: lineFulfilmentLabel(item.fulfilment),
    courier: item.courier ?? null,
    tracking_no: item.tracking_no ?? null,
    ready_at: iso(item.ready_at),
    shipped_at: iso(item.shipped_at),
  };
  if (audience !== 'buyer') return line;
  // The buyer's line has no commission or vendor share at all (the contract's fields are for vendors and admins).
  const { commission_minor: _commission, vendor_credit_minor: _credit, ...buyers } = line;
  return buyers as OrderLine;
}

export function presentHistory(change: OrderStatusChange): OrderHistoryEntry {
  return {
    id: change.id,
    from_status: change.from_status,
    to_status: change.to_status,
    actor: change.actor_id ? { id: change.actor_id, name: change.actor?.name ?? null, role: change.actor_role } : null,
    note: change.note,
    created_at: iso(change.created_at) as string,
  };
}

/** The one shape in which an order leaves the API. */
export function presentOrder(view: OrderView, storage: StorageService, returnWindowDays: number): OrderDto {
  const { order, items } = view;
  const audience = audienceOf(view);
  const first = items[0];
  // A vendor's totals are those of their lines (shipping is the order's, not a seller's).
  const mine = audience === 'vendor' ? items.reduce((sum, item) => sum + item.line_total_minor, 0) : null;
  const dto: OrderDto = {
    id: order.id,
    order_no: order.order_no,
    user: { id: order.user_id, name: order.user?.name ?? null, email: order.user?.email ?? null },
    status: order.status,
    status_label: orderStatusLabel(order.status),
    currency: 'NGN',
    subtotal_minor: mine ?? order.subtotal_minor,
    shipping_minor: mine === null ? order.shipping_minor : 0,
    total_minor: mine ?? order.total_minor,
    payment_method: order.payment_method,
    full_name: order.full_name,
    phone: order.phone ?? null,
    street_address: order.street_address,
    state: order.state ?? null,
    city: order.city,
    landmark: order.landmark ?? null,
    postal_code: order.postal_code ?? null,
    country: order.country,
    notes: order.notes,
    invoice: view.invoice
      ? { id: view.invoice.id, reference: view.invoice.reference, type: 'order', status: view.invoice.status }
      : null,
    expires_at: iso(order.expires_at),
    paid_at: iso(order.paid_at),
    shipped_at: iso(order.shipped_at),
    received_at: iso(order.received_at),
    return_requested_at: iso(order.return_requested_at),
    return_until: order.received_at
      ? iso(new Date(new Date(order.received_at).getTime() + returnWindowDays * 86_400_000))
      : null,
    return_reason: order.return_reason,
    created_at: iso(order.created_at) as string,
    updated_at: iso(order.updated_at) as string,
    items: items.map((item) => presentLine(item, storage, view.reviewedItemIds.has(item.id), audience)),
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    product: first ? { id: first.product_id, name: first.product_name } : null,
    product_id: first?.product_id ?? null,
    price: first ? first.unit_price_minor / 100 : 0,
    quantity: first?.quantity ?? 0,
  };
  if (audience === 'vendor') {
    dto.vendor_earnings_minor = items.reduce((sum, item) => sum + item.vendor_credit_minor, 0);
    dto.other_sellers = view.otherSellers === true;
  }
  if (view.history) dto.history = view.history.map(presentHistory);
  if (view.refunds) {
    dto.refunds = view.refunds;
    dto.refund_to = order.refund_to ?? null;
  }
  return dto;
}
