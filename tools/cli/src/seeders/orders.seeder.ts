import { Like, type DataSource } from 'typeorm';
import { ORDER_STATUS, splitCommission, type OrderStatus } from '@jara/contracts';
import {
  type AppConfig,
  inTransaction,
  insertInvoiceRow,
  Invoice,
  Order,
  OrderItem,
  OrderStatusChange,
  OrderVendor,
  Product,
  User,
  WalletLedger,
} from '#api-maintenance';
import { payDemoInvoiceByCard } from './demo-payments';
import { prng } from './catalogue.seeder';

export const DEMO_ORDER_COUNT = 60;
const DAY = 86_400_000;

/** Final statuses of the demo orders, most of them delivered. */
const FINAL: OrderStatus[] = [3, 3, 3, 3, 2, 2, 1, 1, 0, 5, 4];
const place = (p: (typeof PLACES)[number]) => ({ city: p.city, state: p.state, landmark: p.landmark });

/** Delivery places: the city or LGA, its state (NIGERIAN_STATES) and a landmark, as the checkout asks for them. */
const PLACES = [
  { city: 'Ikeja', state: 'Lagos', landmark: 'Opposite Ikeja City Mall' },
  { city: 'Garki', state: 'Federal Capital Territory', landmark: 'Near Area 11 Shopping Centre' },
  { city: 'Ibadan North', state: 'Oyo', landmark: 'Beside Bodija Market' },
  { city: 'Port Harcourt', state: 'Rivers', landmark: 'Close to Garrison Junction' },
  { city: 'Kano Municipal', state: 'Kano', landmark: null },
  { city: 'Enugu East', state: 'Enugu', landmark: 'Behind Abakpa Police Station' },
  { city: 'Benin City', state: 'Edo', landmark: 'Near Ring Road' },
] as const;

/**
 * Demo order history (the last 30 days) for the catalogue's reviewer accounts, so the back office's orders and
 * charts and the vendors' order lists have something to show on a first start. Paid by card (no wallet movement for
 * buyers); received orders credit their vendors through the WalletLedger, returned ones refund and reverse, exactly
 * as the API does. Not for the demo customer, whose orders are the ones they place. Skipped when orders exist.
 */
export async function seedOrders(db: DataSource, config: AppConfig): Promise<{ orders: number; skipped: boolean }> {
  if ((await db.getRepository(Order).count()) > 0) return { orders: 0, skipped: true };
  const buyers = await db
    .getRepository(User)
    .find({ where: { email: Like('%@reviewers.jara.local') }, order: { id: 'ASC' } });
  const products = await db.getRepository(Product).find({ where: { status: 1 }, order: { id: 'ASC' }, take: 120 });
  if (!buyers.length || !products.length) return { orders: 0, skipped: true };
  const owners = await db.getRepository(User).find({ where: { role: 'vendor' }, select: ['id'] });
  const vendors = new Set(owners.map((o) => o.id));
  const random = prng(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const ledger = new WalletLedger(db);
  const now = Date.now();
  for (let n = 0; n < DEMO_ORDER_COUNT; n++) {
    const buyer = buyers[n % buyers.length];
    const final = pick(FINAL);
    const createdAt = new Date(now - Math.floor(random() * 29 * DAY) - 3_600_000);
    const chosen = [...new Set([pick(products), ...(random() < 0.4 ? [pick(products)] : [])])].filter(
      (p) => p.user_id !== buyer.id,
    );
    if (!chosen.length) continue;
    const lines = chosen.map((product) => {
      const quantity = 1 + Math.floor(random() * 3);
      const lineTotal = Number(product.price_kobo) * quantity;
      const vendorId = vendors.has(product.user_id) ? product.user_id : null;
      const split = vendorId
        ? splitCommission(lineTotal, config.orders.commissionBps)
        : { commission: lineTotal, vendor: 0 };
      return { product, quantity, lineTotal, vendorId, split };
    });
    const total = lines.reduce((sum, l) => sum + l.lineTotal, 0);
    const at = (step: number) => new Date(createdAt.getTime() + step * 9 * 3_600_000);
    const paid = final !== ORDER_STATUS.TO_PAY && final !== ORDER_STATUS.CANCELLED;
    const { orderId, invoiceId, itemIds } = await inTransaction(db, async (m) => {
      const order = m.create(Order, {
        order_no: `JR-${createdAt.toISOString().slice(2, 10).replace(/-/g, '')}-D${String(n).padStart(5, '0')}`,
        user_id: buyer.id,
        status: final,
        currency: 'NGN',
        subtotal_minor: total,
        shipping_minor: 0,
        total_minor: total,
        payment_method: final === ORDER_STATUS.TO_PAY ? 'bank_transfer' : 'card',
        full_name: buyer.name ?? 'Jara Buyer',
        phone: `+23480${String(31_000_000 + n).padStart(8, '0')}`,
        street_address: `${10 + n} Adeola Odeku Street`,
        ...place(pick(PLACES)),
        postal_code: n % 3 === 0 ? '101241' : null,
        country: 'Nigeria',
        notes: n % 4 === 0 ? 'Please call on arrival.' : null,
        invoice_id: null,
        expires_at: final === ORDER_STATUS.TO_PAY ? new Date(now + DAY) : null,
        paid_at: paid ? at(0) : null,
        shipped_at: final >= 2 && final <= 4 ? at(2) : null,
        received_at: final === 3 || final === 4 ? at(5) : null,
        return_requested_at: final === 4 ? at(7) : null,
        return_reason: final === 4 ? 'Wrong size' : null,
        stock_released_at: final === ORDER_STATUS.CANCELLED ? at(1) : null,
        created_at: createdAt,
        updated_at: createdAt,
      });
      await m.insert(Order, order);
      const items = lines.map((l) =>
        m.create(OrderItem, {
          order_id: order.id,
          product_id: l.product.id,
          vendor_id: l.vendorId,
          product_name: l.product.name,
          product_image: l.product.image,
          unit_price_minor: Number(l.product.price_kobo),
          quantity: l.quantity,
          line_total_minor: l.lineTotal,
          commission_minor: l.split.commission,
          vendor_credit_minor: l.split.vendor,
          settled_at: null,
          reversed_at: null,
          created_at: createdAt,
        }),
      );
      await m.insert(OrderItem, items);
      const vendorIds = [...new Set(lines.map((l) => l.vendorId).filter((v): v is number => v !== null))];
      if (vendorIds.length)
        await m.insert(
          OrderVendor,
          vendorIds.map((vendorId) => ({
            order_id: order.id,
            vendor_id: vendorId,
            status: final,
            created_at: createdAt,
          })),
        );
      const invoice = await insertInvoiceRow(m, {
        userId: buyer.id,
        type: 'order',
        subjectId: order.id,
        subjectLabel: `Order ${order.order_no}`,
        amountMinor: total,
        currency: 'NGN',
        description: `Order ${order.order_no}`,
      });
      await m.update(
        Invoice,
        { id: invoice.id },
        {
          status: final === ORDER_STATUS.CANCELLED ? 'cancelled' : 'pending',
          cancelled_at: final === ORDER_STATUS.CANCELLED ? at(1) : null,
          refunded_at: final === 4 ? at(8) : null,
          // Refunded in full (issue 24's refunded_minor, which reconcile sums the refunds against).
          refunded_minor: final === 4 ? invoice.amount_minor : 0,
          created_at: createdAt,
        },
      );
      if (paid) await payDemoInvoiceByCard(m, invoice, at(0));
      await m.update(Order, { id: order.id }, { invoice_id: invoice.id });
      const steps: Array<[OrderStatus | null, OrderStatus, string, string | null, number]> = [
        [null, 0, 'buyer', null, 0],
      ];
      if (final === ORDER_STATUS.CANCELLED) steps.push([0, 5, 'buyer', null, 1]);
      if (paid) steps.push([0, 1, 'system', 'Paid by card', 0]);
      if (paid && final >= 2) steps.push([1, 2, 'vendor', null, 2]);
      if (final === 3 || final === 4) steps.push([2, 3, 'buyer', null, 5]);
      if (final === 4) steps.push([3, 3, 'buyer', 'Return requested: Wrong size', 7], [3, 4, 'admin', null, 8]);
      await m.insert(
        OrderStatusChange,
        steps.map(([from, to, role, note, step]) => ({
          order_id: order.id,
          from_status: from,
          to_status: to,
          actor_id: role === 'buyer' ? buyer.id : role === 'vendor' ? (vendorIds[0] ?? null) : null,
          actor_role: role === 'vendor' && !vendorIds.length ? 'system' : role === 'admin' ? 'system' : role,
          note,
          created_at: at(step),
        })),
      );
      return { orderId: order.id, invoiceId: invoice.id, itemIds: items.map((i) => i.id) };
    });
    if (final !== 3 && final !== 4) continue;
    // Settlement and its reversal through the ledger, as the API does at receipt and on an accepted return.
    for (const [i, line] of lines.entries()) {
      if (!line.vendorId || line.split.vendor <= 0) continue;
      const sale = { userId: line.vendorId, amountMinor: line.split.vendor, currency: 'NGN' as const };
      const credit = {
        ...sale,
        direction: 'credit' as const,
        description: `Sale: ${line.quantity} x ${line.product.name} (demo order), less commission`,
        reference: `sale-${itemIds[i]}`,
        kind: 'sale' as const,
      };
      // As the API holds it (decision 023): pending until the return window after receipt has passed, then released.
      const releasedAt = new Date(at(5).getTime() + config.orders.returnWindowDays * DAY);
      const released = final === 4 || releasedAt.getTime() <= now;
      if (released) await ledger.postAlone(credit);
      else await ledger.addPending(credit);
      await db
        .getRepository(OrderItem)
        .update({ id: itemIds[i] }, { settled_at: at(5), credit_released_at: released ? releasedAt : null });
      if (final === 4) {
        await ledger.postAlone({
          ...sale,
          direction: 'debit',
          description: `Return: ${line.quantity} x ${line.product.name} (demo order)`,
          reference: `reverse-${itemIds[i]}`,
          kind: 'sale_reversal',
        });
        await db.getRepository(OrderItem).update({ id: itemIds[i] }, { reversed_at: at(8) });
      }
    }
    if (final === 4)
      await ledger.postAlone({
        userId: buyer.id,
        amountMinor: total,
        currency: 'NGN',
        direction: 'credit',
        description: 'Refund: demo order returned',
        reference: `refund-order-${orderId}`,
        kind: 'refund',
        invoiceId,
      });
  }
  return { orders: await db.getRepository(Order).count(), skipped: false };
}
