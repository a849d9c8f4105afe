import { Like, type DataSource } from 'typeorm';
import { cargoFeeCents, DELIVERY_STATUS, phoneKey, type DeliveryStatus } from '@jara/contracts';
import {
  inTransaction,
  insertInvoiceRow,
  Invoice,
  Delivery,
  DeliveryStatusChange,
  ShippingTitle,
  Warehouse,
  newTrackingNo,
  User,
} from '#api-maintenance';
import { payDemoInvoiceByCard } from './demo-payments';
import { prng } from './catalogue.seeder';

export const DEMO_DELIVERY_COUNT = 40;
const HOUR = 3_600_000;
/** Where the demo deliveries stop, most of them on their way. */
const FINAL: DeliveryStatus[] = [1, 1, 2, 2, 2, 3, 4, 5, 5, 6, 7, 7, 8, 0];
/** The path to each status (the moves of DELIVERY_TRANSITIONS). */
const PATH: Record<DeliveryStatus, DeliveryStatus[]> = {
  0: [1, 0],
  1: [1],
  2: [1, 2],
  3: [1, 2, 3],
  4: [1, 2, 3, 4],
  5: [1, 2, 3, 4, 5],
  6: [1, 2, 3, 4, 5, 6],
  7: [1, 2, 3, 4, 5, 6, 7],
  8: [1, 2, 8],
};
const COURIERS = ['YT', 'SF', 'ZTO', 'JD', 'STO'];
const RATES = { cost_per_cmb3: '0.01', cost_per_kg: '8.50' };

/**
 * Demo deliveries for the demo customer and the reviewer accounts: foreign (sea and air) and local, at every status,
 * each with the history that led there (its last entry is its status), the fee of the proceeded ones and their USD
 * invoices (paid by card for those past the warehouse: no wallet movement), so the delivery screens, the tracker and
 * the back office have something to show. Skipped when deliveries exist.
 */
export async function seedDeliveries(db: DataSource): Promise<{ deliveries: number; skipped: boolean }> {
  if ((await db.getRepository(Delivery).count()) > 0) return { deliveries: 0, skipped: true };
  const customer = await db.getRepository(User).findOne({ where: { email: 'customer@jara.local' } });
  const admin = await db.getRepository(User).findOne({ where: { email: 'admin@jara.local' } });
  const reviewers = await db.getRepository(User).find({ where: { email: Like('%@reviewers.jara.local') }, take: 8 });
  const warehouses = await db.getRepository(Warehouse).find({ relations: { location: true }, order: { id: 'ASC' } });
  const titles = await db.getRepository(ShippingTitle).find({ relations: { location: true }, order: { id: 'ASC' } });
  const owners = [customer, customer, customer, ...reviewers].filter((u): u is User => !!u);
  if (!owners.length || !warehouses.length) return { deliveries: 0, skipped: true };
  const random = prng(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const now = Date.now();
  let made = 0;
  for (let n = 0; n < DEMO_DELIVERY_COUNT; n++) {
    const owner = owners[n % owners.length];
    const local = random() < 0.25;
    const house = pick(warehouses.filter((w) => (local ? w.type === 'local' : w.type !== 'local')));
    if (!house) continue;
    const shippingType = house.type === 'local' ? (random() < 0.5 ? 'air_cargo' : 'sea_cargo') : house.type;
    const final = pick(FINAL);
    const path = PATH[final];
    const title = pick(titles.filter((t) => t.type === shippingType));
    const proceeded = path.includes(DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE) && final !== DELIVERY_STATUS.RETURNED;
    const weight = Math.round((1 + random() * 60) * 100);
    const size = Math.round((5_000 + random() * 400_000) * 100);
    const fee = proceeded
      ? cargoFeeCents(shippingType, { weight: (weight / 100).toFixed(2), size: (size / 100).toFixed(2) }, RATES)
      : 0;
    const createdAt = new Date(now - Math.floor(random() * 40 * 24) * HOUR - HOUR);
    const at = (step: number) => new Date(createdAt.getTime() + step * 30 * HOUR);
    await inTransaction(db, async (m) => {
      const row = m.create(Delivery, {
        tracking_no: newTrackingNo(),
        external_no: `${pick(COURIERS)}${String(Math.floor(random() * 1e12)).padStart(12, '0')}`,
        user_id: owner.id,
        name: owner.name ?? owner.email,
        phone: owner.phone,
        phone_key: phoneKey(owner.phone),
        email: null,
        type: local ? 'local' : 'foreign',
        from_jara: random() < 0.3 ? 1 : 0,
        warehouse_id: house.id,
        shipping_type: local ? null : shippingType,
        shipping_id: proceeded && title ? title.id : null,
        status: final,
        weight_hundredths: proceeded ? weight : null,
        size_hundredths: proceeded ? size : null,
        amount_minor: fee > 0 ? fee : null,
        invoice_id: null,
        created_at: createdAt,
        updated_at: at(path.length - 1),
        // Issue 26: when it took its status (the problem queue finds parcels stalled there).
        status_changed_at: new Date(Math.min(at(path.length - 1).getTime(), now)),
      });
      await m.insert(Delivery, row);
      if (fee > 0) {
        const invoice = await insertInvoiceRow(m, {
          userId: owner.id,
          type: 'delivery',
          subjectId: row.id,
          subjectLabel: row.tracking_no,
          amountMinor: fee,
          currency: 'USD',
          description: `Cargo fee for ${row.tracking_no} (${shippingType === 'sea_cargo' ? 'Sea Cargo' : 'Air Cargo'})`,
        });
        const paid = final >= DELIVERY_STATUS.READY_FOR_SHIPPING && final !== DELIVERY_STATUS.RETURNED;
        // A cancelled or returned parcel's unpaid fee is cancelled with it (decision 024).
        const voided = final === DELIVERY_STATUS.CANCELLED || final === DELIVERY_STATUS.RETURNED;
        await m.update(
          Invoice,
          { id: invoice.id },
          voided
            ? { status: 'cancelled', cancelled_at: at(path.length - 1), created_at: at(1) }
            : { created_at: at(1) },
        );
        if (paid) await payDemoInvoiceByCard(m, invoice, at(2));
        await m.update(Delivery, { id: row.id }, { invoice_id: invoice.id });
      }
      for (let step = 0; step < path.length; step++) {
        const to = path[step];
        const arrived = to === DELIVERY_STATUS.ARRIVED_DESTINATION;
        await m.insert(DeliveryStatusChange, {
          delivery_id: row.id,
          from_status: step === 0 ? null : path[step - 1],
          to_status: to,
          actor_id: step === 0 ? null : (admin?.id ?? null),
          actor_role: step === 0 ? 'customer' : admin ? 'admin' : 'system',
          note: step === 0 ? 'Request received' : null,
          location:
            step === 0 ? house.name : arrived ? (title?.location?.name ?? 'Lagos') : (house.location?.name ?? null),
          created_at: at(step),
          updated_at: at(step),
        });
      }
    });
    made++;
  }
  return { deliveries: made, skipped: false };
}
