import type { Role } from '@jara/contracts';
import { mustGuestToken } from '../support/guest-fee';
import { bearer } from '../support/money';
import { uniqueEmail } from '../support/test-app';
import { createDelivery, photo, type Account, type World } from './world';
import type { Call, RouteRule } from './route-table';

/**
 * Issue 26's routes in the route table (receipts, the customer's answer to a measure, consolidations): spread into
 * ROUTE_TABLE. Records are made through the API: a parcel received by the admin with a photo, with a declared weight
 * it is measured far from when the customer must answer.
 */

const P = (path: string) => `/api/v1${path}`;
const row = (table: string, id: number): [string, unknown[]] => [`SELECT * FROM ${table} WHERE id = ?`, [id]];
const ALL: readonly Role[] = ['customer', 'vendor', 'admin'];
const ADMIN: readonly Role[] = ['admin'];
const BUYERS: readonly Role[] = ['customer', 'vendor'];
const owner = (w: World, role: Role | 'anonymous') =>
  role === 'admin' || role === 'anonymous' ? w.customer : w.as(role);

async function receiptCall(trackingNo: string, weight = '1.00'): Promise<Call> {
  return {
    path: P('/receipts'),
    fields: { scanned_no: trackingNo, weight, length: '20', width: '20', height: '10', pieces: '1', condition: 'good' },
    files: { photos: { buffer: await photo(), name: 'parcel.jpg', type: 'image/jpeg' } },
  };
}

/** A parcel of `who` received by the admin; `ask`: declared 1 kg, measured 3 kg (the customer must answer). */
async function received(w: World, who: Account, ask = false): Promise<{ id: number; tracking_no: string }> {
  const d = ask
    ? (
        await w.t
          .http()
          .post(P('/trackings'))
          .set(bearer(who.token))
          .send({
            external_no: 'YT1234567890',
            warehouse_id: w.warehouse,
            type: 'foreign',
            shipping_type: 'air_cargo',
            declared_weight: '1.00',
          })
          .expect(201)
      ).body.data
    : await createDelivery(w, who);
  const call = await receiptCall(d.tracking_no, ask ? '3.00' : '1.00');
  let req = w.t.http().post(call.path).set(bearer(w.admin.token));
  for (const [k, v] of Object.entries(call.fields ?? {})) req = req.field(k, v);
  req = req.attach('photos', call.files?.photos.buffer ?? Buffer.alloc(0), {
    filename: 'parcel.jpg',
    contentType: 'image/jpeg',
  });
  const res = await req;
  if (res.status !== 201) throw new Error(`receipt: ${res.status} ${JSON.stringify(res.body)}`);
  return d;
}

async function photoOf(w: World, who: Account): Promise<number> {
  const d = await received(w, who);
  const [found] = await w.t.db.query(
    'SELECT p.id FROM delivery_receipt_photos p JOIN delivery_receipts r ON r.id = p.receipt_id WHERE r.delivery_id = ?',
    [d.id],
  );
  return Number(found.id);
}

async function consolidation(w: World, who: Account): Promise<number> {
  const a = await received(w, who);
  const b = await received(w, who);
  const res = await w.t
    .http()
    .post(P('/consolidations'))
    .set(bearer(who.token))
    .send({ delivery_ids: [a.id, b.id] });
  if (res.status !== 201) throw new Error(`consolidation: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/**
 * Decision 046: a confirmed guest's parcel declared 1 kg and received at 3 kg: the token of the measure link e-mailed
 * (the only authority of the guest's measure routes).
 */
async function guestMeasureToken(w: World): Promise<string> {
  const email = uniqueEmail('guestmeasure');
  const res = await w.t.http().post(P('/guest/trackings')).send({
    name: 'Guest',
    phone: '+2348012345678',
    email,
    external_no: 'YT97',
    warehouse_id: w.warehouse,
    type: 'foreign',
    shipping_type: 'air_cargo',
    declared_weight: '1.00',
  });
  if (res.status !== 201) throw new Error(`guest request: ${res.status} ${JSON.stringify(res.body)}`);
  await w.t
    .http()
    .post(P(`/guest/confirmations/${mustGuestToken(w.t, email, 'confirm')}`))
    .expect(200);
  const call = await receiptCall(res.body.data.tracking_no as string, '3.00');
  let req = w.t.http().post(call.path).set(bearer(w.admin.token));
  for (const [k, v] of Object.entries(call.fields ?? {})) req = req.field(k, v);
  req = req.attach('photos', call.files?.photos.buffer ?? Buffer.alloc(0), {
    filename: 'parcel.jpg',
    contentType: 'image/jpeg',
  });
  const received = await req;
  if (received.status !== 201) throw new Error(`receipt: ${received.status} ${JSON.stringify(received.body)}`);
  return mustGuestToken(w.t, email, 'parcel');
}

const measureFields = { weight: '2.00', length: '30', width: '20', height: '20', pieces: '2', condition: 'good' };

/** A consolidation of `who` packed by the admin (its parcel at the warehouse, its fee pending): one to unpack. */
async function packedConsolidation(w: World, who: Account): Promise<number> {
  const id = await consolidation(w, who);
  let req = w.t
    .http()
    .post(P(`/consolidations/${id}/pack`))
    .set(bearer(w.admin.token));
  for (const [k, v] of Object.entries(measureFields)) req = req.field(k, v);
  const res = await req.attach('photos', await photo(), { filename: 'packed.jpg', contentType: 'image/jpeg' });
  if (res.status !== 201) throw new Error(`pack: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

export const RECEIPT_ROUTES: Record<string, RouteRule> = {
  'GET /api/v1/receipts/find': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/receipts/find?no=${(await createDelivery(w, w.customer)).tracking_no}`) }),
  },
  'POST /api/v1/receipts': {
    who: ADMIN,
    status: 201,
    call: async (w) => receiptCall((await createDelivery(w, w.customer)).tracking_no),
  },
  'GET /api/v1/receipt-settings': { who: ADMIN, status: 200 },
  'PUT /api/v1/receipt-settings': {
    who: ADMIN,
    status: 200,
    call: () => ({
      path: P('/receipt-settings'),
      body: { air_divisor: 6000, sea_divisor: 1000, variance_percent: 10 },
    }),
  },
  'GET /api/v1/receipt-photos/:id': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/receipt-photos/${await photoOf(w, owner(w, role))}`) }),
    intrusions: async (w) => {
      const id = await photoOf(w, w.customer);
      return [
        {
          label: "customer B opens customer A's receipt photo",
          as: w.customer2,
          call: { path: P(`/receipt-photos/${id}`) },
          watch: [],
        },
        {
          label: "vendor B opens customer A's receipt photo",
          as: w.vendor2,
          call: { path: P(`/receipt-photos/${id}`) },
          watch: [],
        },
      ];
    },
  },
  'GET /api/v1/trackings/:id/measure': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/trackings/${(await received(w, owner(w, role))).id}/measure`) }),
    intrusions: async (w) => {
      const d = await received(w, w.customer);
      return [
        {
          label: "customer B reads customer A's parcel measure",
          as: w.customer2,
          call: { path: P(`/trackings/${d.id}/measure`) },
          watch: [],
        },
      ];
    },
  },
  'POST /api/v1/trackings/:id/measure/accept': {
    who: BUYERS,
    status: 200,
    call: async (w, role) => ({ path: P(`/trackings/${(await received(w, owner(w, role), true)).id}/measure/accept`) }),
    intrusions: async (w) => {
      const d = await received(w, w.customer, true);
      return [
        {
          label: "customer B accepts customer A's measure",
          as: w.customer2,
          call: { path: P(`/trackings/${d.id}/measure/accept`) },
          watch: [row('deliveries', d.id)],
        },
      ];
    },
  },
  'POST /api/v1/trackings/:id/measure/dispute': {
    who: BUYERS,
    status: 200,
    call: async (w, role) => ({
      path: P(`/trackings/${(await received(w, owner(w, role), true)).id}/measure/dispute`),
      body: { reason: 'It weighed 1 kg when I sent it' },
    }),
    intrusions: async (w) => {
      const d = await received(w, w.customer, true);
      return [
        {
          label: "vendor B disputes customer A's measure",
          as: w.vendor2,
          call: { path: P(`/trackings/${d.id}/measure/dispute`), body: { reason: 'no' } },
          watch: [row('deliveries', d.id)],
        },
      ];
    },
  },
  // A guest's answer by the e-mailed link (decision 046; guest-measure.e2e-spec.ts): the token is the only authority.
  'GET /api/v1/guest/measures/:token': {
    who: 'public',
    status: 200,
    call: async (w) => ({ path: P(`/guest/measures/${await guestMeasureToken(w)}`) }),
  },
  'POST /api/v1/guest/measures/:token/accept': {
    who: 'public',
    status: 200,
    call: async (w) => ({ path: P(`/guest/measures/${await guestMeasureToken(w)}/accept`) }),
  },
  'POST /api/v1/guest/measures/:token/dispute': {
    who: 'public',
    status: 200,
    call: async (w) => ({
      path: P(`/guest/measures/${await guestMeasureToken(w)}/dispute`),
      body: { reason: 'It weighed 1 kg when I sent it' },
    }),
  },
  'GET /api/v1/consolidations': { who: ALL, status: 200 },
  'GET /api/v1/consolidations/:id': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/consolidations/${await consolidation(w, owner(w, role))}`) }),
    intrusions: async (w) => {
      const id = await consolidation(w, w.customer);
      return [
        {
          label: "customer B reads customer A's consolidation",
          as: w.customer2,
          call: { path: P(`/consolidations/${id}`) },
          watch: [],
        },
      ];
    },
  },
  'POST /api/v1/consolidations': {
    who: BUYERS,
    status: 201,
    call: async (w, role) => {
      const who = owner(w, role);
      const a = await received(w, who);
      const b = await received(w, who);
      return { path: P('/consolidations'), body: { delivery_ids: [a.id, b.id] } };
    },
  },
  'DELETE /api/v1/consolidations/:id': {
    who: BUYERS,
    status: 200,
    call: async (w, role) => ({ path: P(`/consolidations/${await consolidation(w, owner(w, role))}`) }),
    intrusions: async (w) => {
      const id = await consolidation(w, w.customer);
      return [
        {
          label: "customer B cancels customer A's consolidation",
          as: w.customer2,
          call: { path: P(`/consolidations/${id}`) },
          watch: [row('consolidations', id)],
        },
      ];
    },
  },
  'POST /api/v1/consolidations/:id/pack': {
    who: ADMIN,
    status: 201,
    call: async (w) => ({
      path: P(`/consolidations/${await consolidation(w, w.customer)}/pack`),
      fields: measureFields,
      files: { photos: { buffer: await photo(), name: 'packed.jpg', type: 'image/jpeg' } },
    }),
  },
  // Decision 047: staff only (a customer, even the owner, a vendor and a rider are refused by role).
  'POST /api/v1/consolidations/:id/unpack': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/consolidations/${await packedConsolidation(w, w.customer)}/unpack`) }),
  },
};
