// The benchmark's data generator: a realistic Jara catalogue of N products, the money tables of issue 9
// (invoices, wallets and their ledger), the orders of issue 10 (N orders over the last 90 days with their lines,
// history and order_vendors rows, their invoices, wallet payments, vendor sales and return reversals) and the
// deliveries of issue 11 (locations, warehouses, shipping titles, the cargo rates, N deliveries over the last 90
// days with their status history and their cargo-fee invoices) and the trust and care tables of issue 12 (KYC
// submissions, at most one live per user, and size/10 support requests with their threads; version 5) and the
// audit log of issue 14 (N entries of admin writes over the last 180 days by five admins; version 6); since
// version 7 the products are copies of the seed catalogue's own names and prices; since version 8 the payouts of
// issue 24 (one payout account per vendor, N payouts over the last year, 5% of them the bench vendor's). Written straight into a
// database the API's own migrations created, in bulk (one better-sqlite3 transaction of prepared inserts on SQLite,
// multi-row INSERTs inside transactions on MySQL/MariaDB). Deterministic for a given size and
// generation hour: every date is relative to the hour the data was generated (so the last 30 days of orders are
// what GET /admin/order-stats?days=30 reads); a database older than DATA_MAX_AGE_DAYS is regenerated.
//
//   node tools/bench/generate.mjs --size 10000 [--regenerate]     (run.mjs calls ensureDatabase itself)
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, serverEntry } from '../scripts/lib.mjs';
import { BENCH_DIR, benchTarget, openDb, tableExists } from './db.mjs';
import { runChild } from './proc.mjs';

const require = createRequire(import.meta.url);

/** Bump when the generated data changes shape; bench databases of another version are regenerated. */
export const GENERATOR_VERSION = '8';

/** Days after which a bench database is regenerated: its orders must still fill the dashboard's 30-day window. */
export const DATA_MAX_AGE_DAYS = 7;

/** Accounts the harness signs in with (one per role); they share one password. */
export const BENCH_PASSWORD = 'BenchPass123!';
export const BENCH_ACCOUNTS = {
  admin: 'bench-admin@jara.local',
  vendor: 'bench-vendor@jara.local',
  customer: 'bench-customer@jara.local',
  // Issue 26: the rider whose list of parcels is benchmarked.
  rider: 'bench-rider@jara.local',
};

/** The API's JWT secret while benchmarked (the baseline verifies the same tokens). */
export const BENCH_JWT_SECRET = 'jara-benchmark-secret-not-for-production-0000';

/** Where the API keeps uploads and its mail outbox while benchmarked (git-ignored). */
export const API_DATA_DIR = join(BENCH_DIR, 'api-data');

const CUSTOMERS = 300;
const FIRST = [
  'Adaeze',
  'Bola',
  'Chinedu',
  'Damilola',
  'Efe',
  'Fatima',
  'Garba',
  'Halima',
  'Ifeanyi',
  'Jumoke',
  'Kelechi',
  'Lola',
  'Musa',
  'Ngozi',
  'Obinna',
  'Kemi',
  'Tunde',
  'Yetunde',
  'Zainab',
  'Uche',
  'Sade',
  'Emeka',
  'Aisha',
  'Segun',
];
const LAST = [
  'Nwosu',
  'Ogunleye',
  'Eze',
  'Ajayi',
  'Omoregie',
  'Bello',
  'Yusuf',
  'Sani',
  'Obi',
  'Alade',
  'Nnamdi',
  'Ogunbiyi',
  'Ibrahim',
  'Okeke',
  'Bakare',
  'Adebayo',
  'Balogun',
  'Okafor',
  'Danjuma',
  'Chukwu',
];
const SHOP = [
  'Stores',
  'Gadgets',
  'Fashion House',
  'Home Essentials',
  'Market',
  'Enterprises',
  'Ventures',
  'Mart',
  'Hub',
  'Depot',
];
const CITIES = [
  'Lagos',
  'Abuja',
  'Kano',
  'Ibadan',
  'Port Harcourt',
  'Enugu',
  'Onitsha',
  'Benin City',
  'Kaduna',
  'Owerri',
  'Abeokuta',
  'Jos',
];
const VARIANTS = [
  '',
  '',
  '',
  'Black',
  'White',
  'Blue',
  'Red',
  'Gold',
  'Silver',
  'Green',
  'Original',
  'New Edition',
  'Pro',
  'Mini',
  'Max',
  'Combo Pack',
  'Bundle',
  '2025 Model',
];
const BLURBS = [
  'Genuine item with seller warranty.',
  'Fast delivery within Lagos; 2-5 days to other states.',
  'Pay on delivery available in major cities.',
  'Sealed in the original packaging.',
  'Quality checked before dispatch.',
  'Great value for the money, loved by our customers.',
  'Imported and sold by a verified Jara vendor.',
  'Limited stock: order early to avoid disappointment.',
];
const TYPES = [
  ['new', 40],
  ['hot', 20],
  ['trending', 20],
  ['summer', 15],
  ['flash', 5],
];

/** mulberry32: small, fast, seeded. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 'YYYY-MM-DD HH:MM:SS.mmm' in UTC: what TypeORM writes on SQLite, and valid for DATETIME(6) on MySQL. */
const dt = (ms) => new Date(ms).toISOString().replace('T', ' ').slice(0, 23);

/** Builds every row in memory (fast, and keeps average_rating/review_count consistent with the reviews). */
export function buildRows(
  size,
  { adminHash, catalogue, comments, now = Math.floor(Date.now() / 3_600_000) * 3_600_000 },
) {
  const rnd = prng(size * 7919 + 17);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const weighted = (pairs) => {
    let r = rnd() * pairs.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of pairs) if ((r -= w) < 0) return value;
    return pairs[0][0];
  };
  const yearAgo = now - 365 * 86_400_000;
  const hex = () =>
    Array.from({ length: 4 }, () =>
      Math.floor(rnd() * 2 ** 32)
        .toString(16)
        .padStart(8, '0'),
    ).join('');

  const categories = catalogue.map((c, i) => ({
    id: i + 1,
    name: c.name,
    created_at: dt(yearAgo - 86_400_000 * (30 - i)),
  }));

  const users = [];
  const addUser = (u) => users.push({ id: users.length + 1, ...u });
  const person = () => `${pick(FIRST)} ${pick(LAST)}`;
  const phone = () => `+23480${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`;
  const userTime = (i, n) => dt(yearAgo - 30 * 86_400_000 + Math.floor(((i + rnd()) / n) * 395 * 86_400_000));
  const vendorCount = Math.max(5, Math.ceil(size / 200));
  const totalUsers = 1 + vendorCount + CUSTOMERS;
  addUser({
    name: 'Bench Admin',
    email: BENCH_ACCOUNTS.admin,
    password_hash: adminHash,
    phone: phone(),
    city: 'Lagos',
    role: 'admin',
    created_at: userTime(0, totalUsers),
  });
  for (let i = 0; i < vendorCount; i++) {
    addUser({
      name: `${person()} ${pick(SHOP)}`,
      email: i === 0 ? BENCH_ACCOUNTS.vendor : `vendor${i}@bench.jara.local`,
      password_hash: i === 0 ? adminHash : null,
      phone: phone(),
      city: pick(CITIES),
      role: 'vendor',
      created_at: userTime(users.length, totalUsers),
    });
  }
  const firstCustomer = users.length + 1;
  for (let i = 0; i < CUSTOMERS; i++) {
    addUser({
      name: person(),
      email: i === 0 ? BENCH_ACCOUNTS.customer : `customer${i}@bench.jara.local`,
      password_hash: i === 0 ? adminHash : null,
      phone: phone(),
      city: pick(CITIES),
      role: 'customer',
      created_at: userTime(users.length, totalUsers),
    });
  }
  // Issue 26: the bench rider, last so every other id stays as it was (and no random draw is added).
  addUser({
    name: 'Bench Rider',
    email: BENCH_ACCOUNTS.rider,
    password_hash: adminHash,
    phone: '+2348000000026',
    city: 'Lagos',
    role: 'rider',
    created_at: userTime(users.length, totalUsers),
  });

  // Creation times over the last year, increasing with the id (products are added over time).
  const times = Array.from({ length: size }, () => yearAgo + Math.floor(rnd() * 365 * 86_400_000)).sort(
    (a, b) => a - b,
  );
  const products = [];
  const reviews = [];
  for (let i = 0; i < size; i++) {
    const id = i + 1;
    const catIndex = Math.floor(rnd() * catalogue.length);
    const cat = catalogue[catIndex];
    const variant = pick(VARIANTS);
    // The seed's own products (catalogue-data.ts: name, naira price), each bench copy priced within 15% of it.
    const [baseName, basePrice] = pick(cat.products);
    const name = `${baseName}${variant ? ` - ${variant}` : ''}`;
    const naira = Math.max(50, Math.round((basePrice * (0.85 + rnd() * 0.3)) / 50) * 50);
    const type = weighted(TYPES);
    const created = times[i];
    const flashStart = type === 'flash' ? created + 86_400_000 : null;
    const flashEnd = type === 'flash' ? flashStart + Math.floor((1 + rnd() * 14) * 86_400_000) : null;
    const reviewCount = weighted([
      [0, 20],
      [1, 20],
      [2, 25],
      [3, 20],
      [4, 15],
    ]);
    let sum = 0;
    const reviewers = new Set();
    while (reviewers.size < reviewCount) reviewers.add(firstCustomer + Math.floor(rnd() * CUSTOMERS));
    for (const userId of reviewers) {
      const rating = weighted([
        [5, 45],
        [4, 30],
        [3, 15],
        [2, 6],
        [1, 4],
      ]);
      sum += rating;
      reviews.push({
        product_id: id,
        user_id: userId,
        rating,
        comment: rnd() < 0.7 ? pick(comments) : null,
        created_at: dt(created + Math.floor(rnd() * (now - created))),
      });
    }
    products.push({
      id,
      user_id: 2 + Math.floor(rnd() * vendorCount),
      name,
      category_id: catIndex + 1,
      type,
      description: `${name}. ${pick(BLURBS)} ${pick(BLURBS)} Category: ${cat.name}.`,
      price_kobo: naira * 100,
      status: rnd() < 0.95 ? 1 : 0,
      image: rnd() < 0.9 ? `products/${hex()}.webp` : null,
      average_rating: reviewCount ? Math.round((sum / reviewCount) * 100) / 100 : 0,
      review_count: reviewCount,
      stock_quantity: Math.floor(rnd() * 500),
      sku: `BN${String(id).padStart(8, '0')}`,
      weight: rnd() < 0.5 ? `${(0.1 + rnd() * 20).toFixed(1)}kg` : null,
      dimensions:
        rnd() < 0.3
          ? `${10 + Math.floor(rnd() * 90)}x${10 + Math.floor(rnd() * 90)}x${5 + Math.floor(rnd() * 40)} cm`
          : null,
      discount: rnd() < 0.2 ? `${pick([5, 10, 15, 20, 25, 30])}%` : null,
      flash_start_at: flashStart ? dt(flashStart) : null,
      flash_end_at: flashEnd ? dt(flashEnd) : null,
      created_at: dt(created),
    });
  }
  const orders = buildOrders(size, users, products, { now });
  const deliveries = buildDeliveries(size, users, { now });
  const rows = {
    categories,
    users,
    products,
    reviews,
    ...orders,
    ...deliveries,
    ...buildCare(size, users, { now }),
    ...buildMoney(size, users, { now, yearAgo, orders, deliveries }),
  };
  const counts = {
    products: products.length,
    orders: rows.orders.length,
    deliveries: rows.deliveries.length,
    supports: rows.supports.length,
    supportResponses: rows.supportResponses.length,
    kyc: rows.kycSubmissions.length,
    invoices: rows.invoices.length,
    shippingTitles: rows.shippingTitles.length,
    warehouses: rows.warehouses.length,
  };
  return { ...rows, ...buildAudit(size, users, { now, counts }), ...buildPayouts(size, users, { now }) };
}

const PAYOUT_BANKS = [
  ['058', 'Guaranty Trust Bank'],
  ['044', 'Access Bank'],
  ['057', 'Zenith Bank'],
  ['011', 'First Bank of Nigeria'],
  ['033', 'United Bank For Africa'],
  ['50211', 'Kuda Bank'],
  ['999992', 'OPay'],
];
const PAYOUT_FEE_MINOR = 5_000;
const BENCH_VENDOR_PAYOUT_SHARE = 0.05;
const PAYOUT_REASONS = {
  rejected: ['Payout details need checking', 'Unusual withdrawal pattern', 'Account name does not match the shop'],
  failed: ['Could not resolve account', 'Transfer failed at the receiving bank'],
  reversed: ['Transfer reversed by the receiving bank'],
};

/**
 * The payouts of issue 24 (version 8): one active payout account per vendor and `size` payouts over the last year,
 * increasing in time with the id; 5% of them the bench vendor's. The last three days' are still in flight (awaiting
 * approval, approved, processing); the older ones paid (most), failed, reversed or rejected. Only the payouts table
 * is filled: their ledger debits are not written (the wallets stay equal to their ledgers), so the statement's
 * entries are the sales and reversals of the orders.
 */
export function buildPayouts(size, users, { now }) {
  const rnd = prng(size * 48_271 + 11);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const weighted = (pairs) => {
    let r = rnd() * pairs.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of pairs) if ((r -= w) < 0) return value;
    return pairs[0][0];
  };
  const digits = (n) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');
  const hex = (n) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const admin = users.find((u) => u.role === 'admin');
  const vendors = users.filter((u) => u.role === 'vendor');
  const benchVendor = vendors.find((u) => u.email === BENCH_ACCOUNTS.vendor) ?? vendors[0];
  const yearAgo = now - 365 * DAY;
  const payoutAccounts = vendors.map((v, i) => {
    const [code, bank] = pick(PAYOUT_BANKS);
    const created = dt(Math.max(yearAgo - 30 * DAY, Date.parse(`${v.created_at.replace(' ', 'T')}Z`) + DAY));
    return {
      id: i + 1,
      created_at: created,
      updated_at: created,
      vendor_id: v.id,
      active_vendor_id: v.id,
      bank_code: code,
      bank_name: bank,
      account_number: digits(10),
      account_name: v.name.toUpperCase(),
      recipient_code: `RCP_${hex(12)}`,
      payable_after: created,
      replaced_at: null,
    };
  });
  const accountOf = new Map(payoutAccounts.map((a) => [a.vendor_id, a]));
  const times = Array.from({ length: size }, () => yearAgo + Math.floor(rnd() * 365 * DAY)).sort((a, b) => a - b);
  const payouts = times.map((at, i) => {
    const id = i + 1;
    const vendor = rnd() < BENCH_VENDOR_PAYOUT_SHARE ? benchVendor : pick(vendors);
    const account = accountOf.get(vendor.id);
    const amount =
      weighted([
        [5_000 + Math.floor(rnd() * 45_000), 50],
        [50_000 + Math.floor(rnd() * 450_000), 40],
        [500_000 + Math.floor(rnd() * 4_500_000), 10],
      ]) * 100;
    const age = now - at;
    const status =
      age < 3 * DAY
        ? weighted([
            ['awaiting_approval', 50],
            ['approved', 10],
            ['processing', 40],
          ])
        : weighted([
            ['paid', 85],
            ['failed', 4],
            ['reversed', 1],
            ['rejected', 5],
            ['awaiting_approval', 5],
          ]);
    const approved = status !== 'awaiting_approval' && status !== 'rejected' ? at + Math.floor(rnd() * 6 * HOUR) : null;
    const sent = approved !== null && status !== 'approved' ? approved + 60_000 : null;
    const completed = ['paid', 'failed', 'reversed'].includes(status) ? sent + Math.floor(rnd() * 2 * HOUR) : null;
    const rejected = status === 'rejected' ? at + Math.floor(rnd() * DAY) : null;
    const last = completed ?? rejected ?? sent ?? approved ?? at;
    return {
      id,
      created_at: dt(at),
      updated_at: dt(Math.min(last, now)),
      vendor_id: vendor.id,
      account_id: account.id,
      amount_minor: amount,
      fee_minor: PAYOUT_FEE_MINOR,
      status,
      reference: `payout-${id}-${hex(8)}`,
      recipient_code: account.recipient_code,
      bank_name: account.bank_name,
      account_number: account.account_number,
      account_name: account.account_name,
      reason: PAYOUT_REASONS[status] ? pick(PAYOUT_REASONS[status]) : null,
      approved_by: approved !== null && amount > 10_000_000 ? admin.id : null,
      approved_at: approved === null ? null : dt(Math.min(approved, now)),
      sent_at: sent === null ? null : dt(Math.min(sent, now)),
      completed_at: completed === null ? null : dt(Math.min(completed, now)),
    };
  });
  return { payoutAccounts, payouts };
}

const STREETS = [
  'Allen Avenue',
  'Awolowo Road',
  'Adeola Odeku',
  'Herbert Macaulay Way',
  'Ahmadu Bello Way',
  'Aminu Kano Crescent',
  'Ogui Road',
  'Ring Road',
  'Trans-Amadi Road',
  'Wetheral Road',
];
const ORDER_NOTES = [
  'Please call before delivery.',
  'Leave with the security man at the gate.',
  'Deliver after 5pm.',
  'Gift: no price tag, please.',
];
const RETURN_REASONS = ['Wrong size', 'Item arrived damaged', 'Not as described', 'Changed my mind'];
const ORDER_NO_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Orders of the bench customer (a buyer with many orders) and lines sold by the bench vendor (a vendor with many). */
const BENCH_BUYER_SHARE = 0.03;
const BENCH_VENDOR_LINE_SHARE = 0.05;
const COMMISSION_BPS = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * Orders (issue 10): `size` orders over the 90 days before `now` (ids follow time), from the customers (3% from the
 * bench customer), 1-3 lines of active products each (5% of lines the bench vendor's), vendors = the products'
 * owners. The status follows the order's age along ORDER_TRANSITIONS (0 To Pay only in the last day and never for
 * the wallet; 5 Cancelled from To Pay; 4 Returned after a requested return), with the matching times, history rows,
 * settlement of the lines at receipt (reversed on a return) and one order_vendors row per (order, vendor) carrying
 * the order's status and created_at. Invoices, wallet payments, sale credits and reversals come from buildMoney.
 */
export function buildOrders(size, users, products, { now }) {
  const rnd = prng(size * 31_337 + 5);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const weighted = (pairs) => {
    let r = rnd() * pairs.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of pairs) if ((r -= w) < 0) return value;
    return pairs[0][0];
  };
  /** A time after `from`: `lo`-`hi` ms later, but never after now - 1 minute. */
  const later = (from, lo, hi) => Math.min(now - 60_000, from + lo + Math.floor(rnd() * (hi - lo)));
  const { splitCommission } = require(join(ROOT, 'libs/contracts/dist/index.js'));
  const admin = users.find((u) => u.email === BENCH_ACCOUNTS.admin);
  const customers = users.filter((u) => u.role === 'customer');
  const benchCustomer = users.find((u) => u.email === BENCH_ACCOUNTS.customer);
  const benchVendor = users.find((u) => u.email === BENCH_ACCOUNTS.vendor);
  const active = products.filter((p) => p.status === 1);
  const benchVendorProducts = active.filter((p) => p.user_id === benchVendor.id);
  const usedNos = new Set();
  const orderNo = (at) => {
    const lagos = new Date(at + HOUR).toISOString();
    const day = `${lagos.slice(2, 4)}${lagos.slice(5, 7)}${lagos.slice(8, 10)}`;
    let no;
    do no = `JR-${day}-${Array.from({ length: 6 }, () => pick(ORDER_NO_ALPHABET.split(''))).join('')}`;
    while (usedNos.has(no));
    usedNos.add(no);
    return no;
  };

  const times = Array.from({ length: size }, () => now - 90 * DAY + Math.floor(rnd() * (90 * DAY - 120_000))).sort(
    (a, b) => a - b,
  );
  const orders = [];
  const orderItems = [];
  const orderChanges = [];
  const orderVendors = [];
  for (let n = 0; n < size; n++) {
    const id = n + 1;
    const created = times[n];
    const buyer = rnd() < BENCH_BUYER_SHARE ? benchCustomer : pick(customers);
    const ageDays = (now - created) / DAY;
    let method = weighted([
      ['wallet', 35],
      ['card', 45],
      ['bank_transfer', 20],
    ]);
    const status =
      ageDays < 1
        ? weighted([
            [0, 30],
            [1, 40],
            [2, 20],
            [5, 10],
          ])
        : ageDays < 7
          ? weighted([
              [1, 20],
              [2, 35],
              [3, 35],
              [4, 3],
              [5, 7],
            ])
          : weighted([
              [1, 3],
              [2, 7],
              [3, 78],
              [4, 4],
              [5, 8],
            ]);
    // A wallet order is paid when placed: it is never To Pay, and only an unpaid order is cancelled.
    if (method === 'wallet' && (status === 0 || status === 5)) method = 'card';

    // Lines: 1-3 distinct active products.
    const lineCount = weighted([
      [1, 50],
      [2, 30],
      [3, 20],
    ]);
    const chosen = new Map();
    while (chosen.size < lineCount) {
      const product =
        benchVendorProducts.length && rnd() < BENCH_VENDOR_LINE_SHARE ? pick(benchVendorProducts) : pick(active);
      if (!chosen.has(product.id)) chosen.set(product.id, product);
    }
    // Times along the order's path.
    const paidAt =
      status >= 1 && status <= 4
        ? method === 'bank_transfer'
          ? later(created, 30 * 60_000, 20 * HOUR)
          : later(created, 5_000, 10 * 60_000)
        : null;
    const shippedAt = status >= 2 && status <= 4 ? later(paidAt, HOUR, 48 * HOUR) : null;
    const receivedAt = status >= 3 && status <= 4 ? later(shippedAt, DAY, 5 * DAY) : null;
    const returnAsked = status === 4 || (status === 3 && rnd() < 0.01);
    const returnAskedAt = returnAsked ? later(receivedAt, HOUR, 3 * DAY) : null;
    const returnedAt = status === 4 ? later(returnAskedAt, HOUR, 2 * DAY) : null;
    const expired = status === 5 && ageDays > 1.01 && rnd() < 0.6;
    const cancelledAt =
      status === 5 ? later(created, expired ? DAY : 60_000, expired ? DAY + 120_000 : 20 * HOUR) : null;

    const orderNoValue = orderNo(created);
    const lines = [...chosen.values()]
      .sort((a, b) => a.id - b.id)
      .map((product) => {
        const quantity = weighted([
          [1, 70],
          [2, 20],
          [3, 6],
          [4, 2],
          [5, 2],
        ]);
        const lineTotal = product.price_kobo * quantity;
        const split = splitCommission(lineTotal, COMMISSION_BPS);
        return {
          id: 0, // set below, in line order
          created_at: dt(created),
          updated_at: dt(returnedAt ?? receivedAt ?? created),
          order_id: id,
          product_id: product.id,
          vendor_id: product.user_id,
          product_name: product.name,
          product_image: product.image,
          unit_price_minor: product.price_kobo,
          quantity,
          line_total_minor: lineTotal,
          commission_minor: split.commission,
          vendor_credit_minor: split.vendor,
          settled_at: receivedAt === null ? null : dt(receivedAt),
          reversed_at: returnedAt === null ? null : dt(returnedAt),
          // For buildMoney (not columns).
          at: { settled: receivedAt, reversed: returnedAt },
        };
      })
      .map((line) => {
        line.id = orderItems.length + 1;
        orderItems.push(line);
        return line;
      });
    const total = lines.reduce((sum, line) => sum + line.line_total_minor, 0);
    const last = Math.max(
      created,
      paidAt ?? 0,
      shippedAt ?? 0,
      receivedAt ?? 0,
      returnAskedAt ?? 0,
      returnedAt ?? 0,
      cancelledAt ?? 0,
    );
    const order = {
      id,
      created_at: dt(created),
      updated_at: dt(last),
      order_no: orderNoValue,
      user_id: buyer.id,
      status,
      currency: 'NGN',
      subtotal_minor: total,
      shipping_minor: 0,
      total_minor: total,
      payment_method: method,
      full_name: buyer.name,
      street_address: `${1 + Math.floor(rnd() * 200)} ${pick(STREETS)}`,
      city: buyer.city,
      postal_code: String(100_000 + Math.floor(rnd() * 900_000)),
      country: rnd() < 0.95 ? 'Nigeria' : pick(['Ghana', 'Kenya', 'United Kingdom']),
      notes: rnd() < 0.1 ? pick(ORDER_NOTES) : null,
      invoice_id: null, // set by buildMoney
      expires_at: status === 0 && method !== 'wallet' ? dt(created + 1440 * 60_000) : null,
      paid_at: paidAt === null ? null : dt(paidAt),
      shipped_at: shippedAt === null ? null : dt(shippedAt),
      received_at: receivedAt === null ? null : dt(receivedAt),
      return_requested_at: returnAskedAt === null ? null : dt(returnAskedAt),
      return_reason: returnAsked ? pick(RETURN_REASONS) : null,
      stock_released_at: cancelledAt === null ? null : dt(cancelledAt),
      // For buildMoney (not columns).
      at: { created, paid: paidAt, returned: returnedAt, cancelled: cancelledAt },
      lines,
    };
    orders.push(order);
    const vendorIds = [...new Set(lines.map((l) => l.vendor_id))].sort((a, b) => a - b);
    for (const vendorId of vendorIds)
      orderVendors.push({ order_id: id, vendor_id: vendorId, status, created_at: order.created_at });

    // History, as OrdersService.record writes it.
    const change = (at, from, to, actor, role, note = null) =>
      orderChanges.push({
        created_at: dt(at),
        updated_at: dt(at),
        order_id: id,
        from_status: from,
        to_status: to,
        actor_id: actor,
        actor_role: role,
        note,
      });
    change(created, null, 0, buyer.id, 'buyer');
    if (paidAt !== null) {
      if (method === 'wallet') change(paidAt, 0, 1, buyer.id, 'buyer', 'Paid from wallet');
      else if (method === 'card') change(paidAt, 0, 1, null, 'system', 'Paid by card');
      else change(paidAt, 0, 1, admin.id, 'admin', 'Bank transfer received');
    }
    if (shippedAt !== null) change(shippedAt, 1, 2, vendorIds[0], 'vendor');
    if (receivedAt !== null) change(receivedAt, 2, 3, buyer.id, 'buyer');
    if (returnAskedAt !== null)
      change(returnAskedAt, 3, 3, buyer.id, 'buyer', `Return requested: ${order.return_reason}`);
    if (returnedAt !== null) change(returnedAt, 3, 4, admin.id, 'admin');
    if (cancelledAt !== null) {
      if (expired) change(cancelledAt, 0, 5, null, 'system', 'Not paid in time: stock released');
      else change(cancelledAt, 0, 5, buyer.id, 'buyer');
    }
  }
  return { orders, orderItems, orderChanges, orderVendors };
}

// ------------------------------------------------------------------------------------------------ deliveries

const LOGISTICS_LOCATIONS = [
  'Guangzhou',
  'Yiwu',
  'Shenzhen',
  'Dubai',
  'London',
  'Lagos',
  'Abuja',
  'Kano',
  'Port Harcourt',
];
/** [name, location, type, address, share of the deliveries of its kind]. */
const BENCH_WAREHOUSES = [
  ['Guangzhou Sea Cargo Warehouse', 'Guangzhou', 'sea_cargo', 'No. 18 Huangshi West Road, Baiyun District', 45],
  ['Yiwu Consolidation Centre', 'Yiwu', 'sea_cargo', '88 Futian Road, Yiwu, Zhejiang', 30],
  ['Shenzhen Sea Freight Yard', 'Shenzhen', 'sea_cargo', 'Yantian Port Logistics Park, Shenzhen', 25],
  ['Guangzhou Air Cargo Warehouse', 'Guangzhou', 'air_cargo', 'Unit 5, Airport Logistics Park, Huadu District', 40],
  ['Dubai Air Cargo Warehouse', 'Dubai', 'air_cargo', 'Dubai Airport Freezone, Building 6W', 25],
  ['London Heathrow Air Cargo', 'London', 'air_cargo', 'Shoreham Road East, Heathrow', 20],
  ['Shenzhen Air Freight Depot', 'Shenzhen', 'air_cargo', "Bao'an Airport Cargo Area, Shenzhen", 15],
  ['Lagos Hub (Ikeja)', 'Lagos', 'local', '12 Allen Avenue, Ikeja, Lagos', 50],
  ['Abuja Hub (Wuse)', 'Abuja', 'local', '7 Aminu Kano Crescent, Wuse II, Abuja', 25],
  ['Kano Hub', 'Kano', 'local', '3 Murtala Mohammed Way, Kano', 12],
  ['Port Harcourt Hub', 'Port Harcourt', 'local', '21 Trans-Amadi Road, Port Harcourt', 13],
];
const COURIERS = { foreign: ['YT', 'SF', 'ZTO', 'JD', 'STO', 'DHL', 'UPS'], local: ['GIG', 'KWIK', 'RDX'] };
/** The cargo rates (US cents): 1 cent per cm3 (sea), $8.50 per kg (air), as the demo seed sets them. */
const CARGO_RATES = { cost_per_cmb3_cents: 1, cost_per_kg_cents: 850 };
const TRACKING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Deliveries (issue 11): the logistics reference data (locations, sea/air/local warehouses, one shipping title per
 * container or flight over the last 100 days, the cargo rates) and `size` deliveries over the 90 days before `now`
 * (ids follow time) of the customers (3% the bench customer's), 75% foreign (sea and air) and 25% local. Each
 * delivery walks DELIVERY_TRANSITIONS from Pending Delivery with realistic delays until `now` stops it (so the status
 * follows the age: old sea cargo is completed, last week's is at the warehouse or in the container): a few are
 * cancelled or returned; at the warehouse it is proceeded (title, weight and size in hundredths, the fee from the
 * rates; its USD invoice comes from buildMoney) and moves to Ready for Shipping once the fee is paid. One
 * delivery_status_changes row per step, the last one's to_status the delivery's status.
 */
export function buildDeliveries(size, users, { now }) {
  const benchRider = users.find((u) => u.email === BENCH_ACCOUNTS.rider);
  const rnd = prng(size * 65_537 + 11);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const weighted = (pairs) => {
    let r = rnd() * pairs.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of pairs) if ((r -= w) < 0) return value;
    return pairs[0][0];
  };
  /** lo-hi ms, uniformly. */
  const span = (lo, hi) => lo + Math.floor(rnd() * (hi - lo));
  const logUniform = (lo, hi) => Math.exp(Math.log(lo) + rnd() * (Math.log(hi) - Math.log(lo)));
  const { cargoFeeCents, phoneKey } = require(join(ROOT, 'libs/contracts/dist/index.js'));
  const admin = users.find((u) => u.email === BENCH_ACCOUNTS.admin);
  const customers = users.filter((u) => u.role === 'customer');
  const benchCustomer = users.find((u) => u.email === BENCH_ACCOUNTS.customer);
  const since = now - 100 * DAY;

  const locations = LOGISTICS_LOCATIONS.map((name, i) => ({
    id: i + 1,
    created_at: dt(since - (30 - i) * DAY),
    updated_at: dt(since - (30 - i) * DAY),
    name,
    status: 1,
  }));
  const locationId = new Map(locations.map((l) => [l.name, l.id]));
  const warehouses = BENCH_WAREHOUSES.map(([name, location, type, address], i) => ({
    id: i + 1,
    created_at: dt(since - (20 - i) * DAY),
    updated_at: dt(since - (20 - i) * DAY),
    name,
    location_id: locationId.get(location),
    type,
    address,
    contact: `Jara Logistics · +234 800 000 ${String(1000 + i).slice(-4)}`,
    share: BENCH_WAREHOUSES[i][4],
  }));
  const houses = (kind) =>
    warehouses.filter((w) => (kind === 'local' ? w.type === 'local' : w.type !== 'local')).map((w) => [w, w.share]);
  const foreignHouses = houses('foreign');
  const localHouses = houses('local');

  // Shipping titles: a sea container every 4 days and a flight every day over the last 100 days; Loading while it
  // is still being filled (its departure ahead), Transit on the way, Arrived after (sea 25 days, air 4).
  const shippingTitles = [];
  const addTitles = (type, everyDays, voyageDays, origins, label) => {
    for (let departs = since + 6 * HOUR; departs < now + everyDays * DAY; departs += everyDays * DAY) {
      const origin = origins[shippingTitles.length % origins.length];
      const at = departs - everyDays * DAY;
      const status = departs > now ? 1 : departs + voyageDays * DAY > now ? 2 : 3;
      const day = new Date(departs + HOUR).toISOString();
      shippingTitles.push({
        id: 0,
        created_at: dt(at),
        updated_at: dt(Math.min(now - 60_000, status === 1 ? at : status === 2 ? departs : departs + voyageDays * DAY)),
        name: `${label(origin)} ${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}`,
        location_id: locationId.get(origin),
        type,
        status,
      });
    }
  };
  const PORTS = { Guangzhou: 'GZ', Yiwu: 'YW', Shenzhen: 'SZ' };
  const AIRPORTS = { Guangzhou: 'CAN', Dubai: 'DXB', London: 'LHR', Shenzhen: 'SZX' };
  addTitles('sea_cargo', 4, 25, Object.keys(PORTS), (o) => `Container ${PORTS[o]}-LOS`);
  addTitles('air_cargo', 1, 4, Object.keys(AIRPORTS), (o) => `Flight ${AIRPORTS[o]}-LOS`);
  shippingTitles.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  shippingTitles.forEach((t, i) => (t.id = i + 1));
  const titlesBy = new Map();
  for (const t of shippingTitles) {
    const key = `${t.type}:${t.status}`;
    if (!titlesBy.has(key)) titlesBy.set(key, []);
    titlesBy.get(key).push(t);
  }
  /** A title of the type whose own status fits the furthest step (Loading for 2-4, Transit for 5, Arrived after). */
  const titleFor = (type, furthest) => {
    const want = furthest === 5 ? 2 : furthest >= 6 ? 3 : 1;
    return pick(titlesBy.get(`${type}:${want}`) ?? titlesBy.get(`${type}:3`));
  };
  const locationName = new Map(locations.map((l) => [l.id, l.name]));

  const usedNos = new Set();
  const trackingNo = () => {
    let no;
    do {
      const chars = Array.from({ length: 8 }, () => TRACKING_ALPHABET[Math.floor(rnd() * 32)]).join('');
      no = `JT-${chars.slice(0, 4)}-${chars.slice(4)}`;
    } while (usedNos.has(no));
    usedNos.add(no);
    return no;
  };

  const times = Array.from({ length: size }, () => now - 90 * DAY + Math.floor(rnd() * (90 * DAY - 120_000))).sort(
    (a, b) => a - b,
  );
  const limit = now - 60_000;
  const deliveries = [];
  const deliveryChanges = [];
  for (let n = 0; n < size; n++) {
    const id = n + 1;
    const created = times[n];
    const owner = rnd() < BENCH_BUYER_SHARE ? benchCustomer : pick(customers);
    const local = rnd() < 0.25;
    const house = weighted(local ? localHouses : foreignHouses);
    const shippingType = local ? (rnd() < 0.6 ? 'air_cargo' : 'sea_cargo') : house.type;

    // The path: [status, time] steps, each a move of DELIVERY_TRANSITIONS, until the next one would be after now.
    const steps = [[1, created]];
    let at = created;
    let proceededAt = null;
    let paidAt = null;
    const go = (status, delay) => {
      if (at + delay > limit) return false;
      at += delay;
      steps.push([status, at]);
      return true;
    };
    const walk = () => {
      if (rnd() < 0.04) return go(0, span(HOUR, 3 * DAY));
      if (!go(2, local ? span(6 * HOUR, 3 * DAY) : span(DAY, 7 * DAY))) return;
      const r = rnd();
      if (r < 0.02) return go(8, span(DAY, 5 * DAY));
      if (r < 0.035) return go(0, span(DAY, 3 * DAY));
      // Proceed (measures, title, fee and its invoice), then the customer pays, then Ready for Shipping.
      const proceed = at + span(2 * HOUR, 3 * DAY);
      if (proceed > limit) return;
      proceededAt = proceed;
      const pay = proceed + span(HOUR, 5 * DAY);
      if (pay > limit) return;
      paidAt = pay;
      at = pay;
      if (!go(3, span(HOUR, DAY))) return;
      if (rnd() < 0.02) return go(8, span(DAY, 3 * DAY));
      if (!local && !go(4, span(DAY, 5 * DAY))) return;
      if (!go(5, span(DAY, 4 * DAY))) return;
      const voyage = local
        ? span(DAY, 3 * DAY)
        : shippingType === 'sea_cargo'
          ? span(18 * DAY, 30 * DAY)
          : span(2 * DAY, 5 * DAY);
      if (!go(6, voyage)) return;
      if (rnd() < 0.03) return go(8, span(DAY, 4 * DAY));
      go(7, span(DAY, 10 * DAY));
    };
    walk();
    const status = steps.at(-1)[0];

    let title = null;
    let weight = null;
    let volume = null;
    let fee = null;
    if (proceededAt !== null) {
      title = titleFor(shippingType, Math.max(...steps.map(([s]) => (s === 8 || s === 0 ? 1 : s))));
      weight = shippingType === 'air_cargo' || rnd() < 0.95 ? Math.round(logUniform(0.5, 60) * 100) : null;
      volume = shippingType === 'sea_cargo' || rnd() < 0.95 ? Math.round(logUniform(1_000, 500_000) * 100) : null;
      const cents = cargoFeeCents(
        shippingType,
        {
          weight: weight === null ? null : (weight / 100).toFixed(2),
          size: volume === null ? null : (volume / 100).toFixed(2),
        },
        {
          cost_per_cmb3: (CARGO_RATES.cost_per_cmb3_cents / 100).toFixed(2),
          cost_per_kg: (CARGO_RATES.cost_per_kg_cents / 100).toFixed(2),
        },
      );
      fee = cents > 0 ? cents : null;
    }
    const trackingNoValue = trackingNo();
    const courier = pick(COURIERS[local ? 'local' : 'foreign']);
    deliveries.push({
      id,
      created_at: dt(created),
      updated_at: dt(Math.max(at, proceededAt ?? 0)),
      tracking_no: trackingNoValue,
      external_no: `${courier}${String(Math.floor(rnd() * 1e12)).padStart(12, '0')}`,
      user_id: owner.id,
      name: owner.name,
      phone: owner.phone,
      phone_key: phoneKey(owner.phone),
      email: null,
      type: local ? 'local' : 'foreign',
      from_jara: rnd() < 0.3 ? 1 : 0,
      warehouse_id: house.id,
      shipping_type: local && proceededAt === null ? null : shippingType,
      shipping_id: title?.id ?? null,
      status,
      weight_hundredths: weight,
      size_hundredths: volume,
      amount_minor: fee,
      invoice_id: null, // set by buildMoney
      // Issue 26: since when it holds its status (the problem queue), and one Arrived parcel in three on the bench
      // rider's list (no random draw, so the rest of the data is unchanged).
      status_changed_at: dt(at),
      rider_id: status === 6 && id % 3 === 0 ? benchRider.id : null,
      // For buildMoney (not columns).
      at: { proceeded: proceededAt, paid: paidAt },
    });

    // History, as DeliveriesService.record writes it: the request, then the admin's moves (the voyage's through
    // the shipping title).
    const warehouseLocation = locationName.get(house.location_id);
    for (let k = 0; k < steps.length; k++) {
      const [to, when] = steps[k];
      const from = k === 0 ? null : steps[k - 1][0];
      const byTitle = !local && title && (to === 4 || to === 5 || to === 6);
      deliveryChanges.push({
        created_at: dt(when),
        updated_at: dt(when),
        delivery_id: id,
        from_status: from,
        to_status: to,
        actor_id: k === 0 ? owner.id : admin.id,
        actor_role: k === 0 ? 'customer' : 'admin',
        note: k === 0 ? 'Request received' : byTitle ? `Shipping title ${title.name}` : null,
        location:
          k === 0 || to === 2 || to === 3 || (to === 4 && !byTitle)
            ? house.name
            : to === 6
              ? byTitle
                ? locationName.get(title.location_id)
                : warehouseLocation
              : null,
      });
    }
  }
  const logisticsSettings = [
    { id: 1, created_at: dt(since - 30 * DAY), updated_at: dt(since - 30 * DAY), ...CARGO_RATES },
  ];
  for (const w of warehouses) delete w.share;
  return { locations, warehouses, shippingTitles, logisticsSettings, deliveries, deliveryChanges };
}

// ------------------------------------------------------------------------------------------------ trust and care
const KYC_ID_TYPES = ['National ID', "Driver's License", 'Passport'];
const KYC_GENDERS = ['male', 'female', 'other'];
const KYC_REJECT_REASONS = ['The ID photo is blurred', 'The name does not match the ID', 'The ID has expired'];
const SUPPORT_SUBJECTS = [
  'Where is my parcel?',
  'Refund for a cancelled order',
  'Wallet top-up not showing',
  'Wrong item delivered',
  'Change my delivery address',
  'Cargo fee question',
  'Cannot log in on my phone',
  'Vendor payout delayed',
];
const SUPPORT_MESSAGES = [
  'Hello, I placed an order last week and the tracking has not moved since. Please help.',
  'I was charged twice for the same order. Kindly check and refund one of them.',
  'The parcel arrived but one item was missing from the box.',
  'Please can you tell me when the next container leaves the warehouse?',
];
const SUPPORT_REPLIES = [
  'Thank you for reaching out. We are looking into it and will update you shortly.',
  'We have checked with the warehouse; your parcel is on its way.',
  'The refund has been processed and should reflect within 3 working days.',
  'Thanks, that solved it.',
  'Any update on this please?',
];
/** The bench customer's share of the support requests (their own list, the 'care' cases). */
const BENCH_SUPPORT_SHARE = 0.03;

/**
 * Trust and care (issue 12): KYC submissions and support requests with their threads.
 * - KYC: every customer (vendors are not asked) submitted once over the last year; about 10% were rejected and
 *   most of those submitted again; the newest submissions are still pending (status 0). active_user_id is the
 *   owner's id only on the one non-rejected submission a user can hold (the unique index uq_kyc_active_user).
 * - Support: size/10 requests over the last 180 days by customers and vendors (the bench customer about 3%), ids
 *   following creation time; a request older than 30 days is mostly Closed (0), otherwise Open (1) until an admin
 *   replies and In Progress (2) after; response_count is the number of its support_responses rows.
 */
export function buildCare(size, users, { now }) {
  const rnd = prng(size * 104_729 + 3);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const hex = () =>
    Math.floor(rnd() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  const admin = users.find((u) => u.role === 'admin');
  const customers = users.filter((u) => u.role === 'customer');
  const askers = users.filter((u) => u.role === 'customer' || u.role === 'vendor');
  const benchCustomer = users.find((u) => u.email === BENCH_ACCOUNTS.customer);

  const submissions = [];
  const submit = (user, at) => ({
    user,
    at,
    gender: pick(KYC_GENDERS),
    id_type: pick(KYC_ID_TYPES),
    dob: `${1960 + Math.floor(rnd() * 45)}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`,
  });
  for (const user of customers) {
    const first = now - Math.floor(rnd() * 365 * DAY);
    submissions.push(submit(user, first));
    // About 10% rejected; four in five of those submitted again a few days later (if that is still in the past).
    if (rnd() < 0.1) {
      submissions.at(-1).rejected = true;
      const again = first + Math.floor((2 + rnd() * 10) * DAY);
      if (rnd() < 0.8 && again < now) submissions.push(submit(user, again));
    }
  }
  submissions.sort((a, b) => a.at - b.at || a.user.id - b.user.id);
  const kycSubmissions = submissions.map((s, i) => {
    const age = now - s.at;
    // Reviewed within about two days, except a backlog of about 15% still pending (status=0, the 'care' case).
    const reviewedAt = s.at + Math.floor((0.2 + rnd() * 2) * DAY);
    const reviewed = s.rejected || (reviewedAt < now && rnd() < Math.min(0.85, age / (3 * DAY)));
    const status = s.rejected ? -1 : reviewed ? 1 : 0;
    return {
      id: i + 1,
      created_at: dt(s.at),
      updated_at: dt(reviewed ? Math.min(reviewedAt, now) : s.at),
      user_id: s.user.id,
      active_user_id: status === -1 ? null : s.user.id,
      name: s.user.name,
      dob: s.dob,
      gender: s.gender,
      address: `${1 + Math.floor(rnd() * 200)} ${pick(STREETS)}, ${s.user.city}`,
      id_type: s.id_type,
      id_number: `${s.id_type === 'Passport' ? 'A' : ''}${String(Math.floor(rnd() * 1e10)).padStart(10, '0')}`,
      id_image_key: `kyc/${hex()}${hex()}${hex()}${hex()}.jpg`,
      user_image_key: rnd() < 0.7 ? `kyc/${hex()}${hex()}${hex()}${hex()}.jpg` : null,
      status,
      reason: status === -1 ? pick(KYC_REJECT_REASONS) : null,
      reviewed_by: reviewed ? admin.id : null,
      reviewed_at: reviewed ? dt(Math.min(reviewedAt, now)) : null,
    };
  });
  const live = new Set();
  for (const k of kycSubmissions)
    if (k.active_user_id !== null) {
      if (live.has(k.active_user_id)) throw new Error(`two live KYC submissions for user ${k.active_user_id}`);
      live.add(k.active_user_id);
    }

  const count = Math.max(50, Math.floor(size / 10));
  const times = Array.from({ length: count }, () => now - Math.floor(rnd() * 180 * DAY)).sort((a, b) => a - b);
  const supports = [];
  const supportResponses = [];
  const replies = [];
  for (let i = 0; i < count; i++) {
    const at = times[i];
    const user = rnd() < BENCH_SUPPORT_SHARE ? benchCustomer : pick(askers);
    const age = now - at;
    const thread = [];
    // An admin answers within a day (most requests); the owner may follow up; old requests get closed.
    let t = at;
    if (rnd() < Math.min(0.95, age / DAY)) {
      t += Math.floor((0.1 + rnd()) * DAY * 0.5);
      if (t < now) thread.push({ by: admin, at: t });
      const more = Math.floor(rnd() * 3);
      for (let j = 0; j < more; j++) {
        t += Math.floor((0.05 + rnd()) * DAY * 0.5);
        if (t < now) thread.push({ by: j % 2 ? admin : user, at: t });
      }
    } else if (rnd() < 0.2) {
      t += Math.floor(rnd() * Math.min(age, DAY));
      thread.push({ by: user, at: t });
    }
    const adminReplied = thread.some((r) => r.by === admin);
    const closed = age > 30 * DAY ? rnd() < 0.9 : rnd() < 0.1 && adminReplied;
    const status = closed ? 0 : adminReplied ? 2 : 1;
    const last = Math.max(at, ...thread.map((r) => r.at));
    const updated = closed ? Math.min(now, last + Math.floor(rnd() * 3 * DAY)) : last;
    const id = i + 1;
    supports.push({
      id,
      created_at: dt(at),
      updated_at: dt(updated),
      user_id: user.id,
      name: user.name,
      email: user.email,
      subject: pick(SUPPORT_SUBJECTS),
      message: pick(SUPPORT_MESSAGES),
      status,
      response_count: thread.length,
    });
    for (const r of thread) replies.push({ ...r, support_id: id, read: closed || r.at < now - DAY });
  }
  // Response ids follow creation time too.
  replies.sort((a, b) => a.at - b.at || a.support_id - b.support_id);
  replies.forEach((r, i) =>
    supportResponses.push({
      id: i + 1,
      created_at: dt(r.at),
      updated_at: dt(r.at),
      support_id: r.support_id,
      responder_id: r.by.id,
      message: r.by === admin ? pick(SUPPORT_REPLIES.slice(0, 3)) : pick(SUPPORT_REPLIES.slice(3)),
      status: r.read ? 1 : 0,
    }),
  );
  return { kycSubmissions, supports, supportResponses };
}

// ------------------------------------------------------------------------------------------------ audit log
/** The back office's other admins (the bench admin is the first); they sign in with nothing (no password). */
const AUDIT_ADMINS = [
  { name: 'Ngozi Eze', email: 'ops-ngozi@bench.jara.local', weight: 25 },
  { name: 'Tunde Bakare', email: 'ops-tunde@bench.jara.local', weight: 20 },
  { name: 'Halima Sani', email: 'care-halima@bench.jara.local', weight: 12 },
  { name: 'Chidi Nwosu', email: 'finance-chidi@bench.jara.local', weight: 8 },
];
const AUDIT_NOTES = [
  'Arrived at the Lagos warehouse',
  'Weighed and measured at intake',
  'Handed to the courier',
  'Customer asked to hold the parcel',
  'Customs cleared',
  'Out for delivery',
];
const AUDIT_BLURB =
  'Original product with manufacturer warranty. Ships from Lagos within 24 hours; pay on delivery available in ' +
  'Lagos, Abuja and Port Harcourt. Contents: the device, its charger, a USB-C cable and the quick start guide. ';

/**
 * The audit log (issue 14, version 6): `size` entries of admin writes over the last 180 days (working hours of
 * Lagos mostly), ids following time, by the bench admin and four more admins (appended to users, after every other
 * user, so no other table changes). The mix follows what the back office writes most: delivery status moves,
 * order statuses, product edits, support replies, KYC decisions, wallet adjustments, invoices, then the rare
 * catalogue and logistics settings. before/after hold the changed columns as the AuditInterceptor writes them
 * (the whole row for a creation or a deletion), body the request's fields; one entity in five of the delivery and
 * order moves is a recent busy one (several entries for the same row).
 */
export function buildAudit(size, users, { now, counts }) {
  const rnd = prng(size * 130_363 + 7);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const between = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const weighted = (pairs) => {
    let r = rnd() * pairs.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of pairs) if ((r -= w) < 0) return value;
    return pairs[0][0];
  };
  const hex = (n) =>
    Array.from({ length: n }, () =>
      Math.floor(rnd() * 16)
        .toString(16)
        .slice(0, 1),
    ).join('');
  const benchAdmin = users.find((u) => u.role === 'admin');
  const last = users.at(-1);
  const auditAdmins = AUDIT_ADMINS.map((a, i) => ({
    id: last.id + 1 + i,
    name: a.name,
    email: a.email,
    password_hash: null,
    phone: `+23480${String(10_000_000 + i * 7_654_321).slice(0, 8)}`,
    city: 'Lagos',
    role: 'admin',
    created_at: dt(now - (400 - i * 20) * DAY),
  }));
  const actors = [[benchAdmin, 35], ...auditAdmins.map((a, i) => [a, AUDIT_ADMINS[i].weight])];
  const customers = users.filter((u) => u.role === 'customer');
  // The busy rows: about 500 recent ones that each get several entries (a delivery walked through its statuses).
  const hot = (n) =>
    Array.from({ length: Math.min(500, Math.ceil(n / 2)) }, () =>
      Math.max(1, n - Math.floor(rnd() * Math.min(n, 5000))),
    );
  const hotDeliveries = hot(counts.deliveries);
  const hotOrders = hot(counts.orders);
  const idOf = (n, hotList) => (hotList && rnd() < 0.1 ? pick(hotList) : between(1, Math.max(1, n)));
  const at = (ms) => new Date(ms).toISOString();
  const ip = () => pick(['102.89.', '105.112.', '197.210.', '41.184.']) + `${between(0, 255)}.${between(1, 254)}`;
  const money = () => between(5, 4000) * 5000;

  // One template per action: [action, entity_type, weight, method, route, build(entityId, t) -> {before, after, body}].
  const productRow = (id, t) => ({
    id,
    created_at: at(t),
    updated_at: at(t),
    user_id: between(2, 6),
    category_id: between(1, 14),
    name: `${pick(['Tecno', 'Infinix', 'Samsung', 'Itel', 'Oraimo', 'Hisense'])} ${pick(['Spark 20', 'Hot 40', 'Galaxy A15', 'FreePods 4', '43" Smart TV'])}`,
    type: pick(['new', 'hot', 'trending', 'summer', 'flash']),
    description: AUDIT_BLURB.repeat(between(1, 3)).trim().slice(0, 500),
    price_kobo: money(),
    stock_quantity: between(0, 500),
    status: 1,
    image: `products/${hex(32)}.webp`,
    sku: `BN${String(id).padStart(8, '0')}`,
    weight: `${between(1, 200) / 10}kg`,
    dimensions: null,
    discount: null,
    average_rating: 0,
    review_count: 0,
  });
  const TEMPLATES = [
    [
      'delivery.status',
      'delivery',
      28,
      'PATCH',
      (id) => `/api/v1/trackings/${id}/status`,
      () => {
        const from = between(1, 6);
        const note = rnd() < 0.6 ? pick(AUDIT_NOTES) : null;
        return {
          before: { status: from, location: rnd() < 0.5 ? 'Guangzhou' : 'Lagos' },
          after: { status: from + 1, location: 'Lagos' },
          body: { status: from + 1, note, location: 'Lagos' },
        };
      },
    ],
    [
      'order.status',
      'order',
      16,
      'PATCH',
      (id) => `/api/v1/orders/${id}/status`,
      () => {
        const from = between(0, 3);
        return { before: { status: from }, after: { status: from + 1 }, body: { status: from + 1 } };
      },
    ],
    [
      'product.update',
      'product',
      12,
      'PATCH',
      (id) => `/api/v1/products/${id}`,
      () => {
        if (rnd() < 0.3) {
          const old = AUDIT_BLURB.slice(0, between(120, 300));
          const text = AUDIT_BLURB.repeat(2).slice(0, between(200, 500));
          return { before: { description: old }, after: { description: text }, body: { description: text } };
        }
        const price = money();
        const stock = between(0, 500);
        return {
          before: { price_kobo: money(), stock_quantity: between(0, 500) },
          after: { price_kobo: price, stock_quantity: stock },
          body: { price: price / 100, stock_quantity: stock },
        };
      },
    ],
    [
      'product.create',
      'product',
      2,
      'POST',
      () => '/api/v1/products',
      (id, t) => {
        const row = productRow(id, t);
        return {
          before: null,
          after: row,
          body: {
            name: row.name,
            price: row.price_kobo / 100,
            category_id: row.category_id,
            description: row.description,
          },
        };
      },
    ],
    [
      'product.remove',
      'product',
      1,
      'DELETE',
      (id) => `/api/v1/products/${id}`,
      (id, t) => ({
        before: productRow(id, t - between(30, 300) * DAY),
        after: null,
        body: null,
      }),
    ],
    [
      'support_response.create',
      'support_response',
      8,
      'POST',
      () => '/api/v1/support-responses',
      (id, t) => {
        const message = pick([
          'Thank you for reaching out. We are looking into it and will update you shortly.',
          'We have checked with the warehouse; your parcel is on its way.',
          'The refund has been processed and should reflect within 3 working days.',
        ]);
        const supportId = between(1, counts.supports);
        return {
          before: null,
          after: {
            id,
            created_at: at(t),
            updated_at: at(t),
            support_id: supportId,
            responder_id: 0,
            message,
            status: 0,
          },
          body: { support_id: supportId, message },
        };
      },
    ],
    [
      'support.status',
      'support',
      6,
      'PATCH',
      (id) => `/api/v1/supports/${id}/status`,
      () => {
        const to = pick([0, 2]);
        return { before: { status: to === 0 ? 2 : 1 }, after: { status: to }, body: { status: to } };
      },
    ],
    [
      'kyc.decide',
      'kyc',
      5,
      'PATCH',
      (id) => `/api/v1/kyc/${id}/decide`,
      (id, t) => {
        const approve = rnd() < 0.88;
        const reason = approve ? null : pick(['The ID photo is blurred', 'The name does not match the ID']);
        return {
          before: {
            status: 0,
            reason: null,
            reviewed_by: null,
            reviewed_at: null,
            updated_at: at(t - between(1, 48) * HOUR),
          },
          after: { status: approve ? 1 : -1, reason, reviewed_by: 0, reviewed_at: at(t), updated_at: at(t) },
          body: { status: approve ? 1 : -1, reason },
        };
      },
    ],
    [
      'wallet.adjust',
      'wallet',
      4,
      'POST',
      (id) => `/api/v1/wallets/${id}/adjust`,
      () => {
        const amount = between(1, 200) * 50_000;
        const balance = between(0, 2000) * 10_000;
        const credit = rnd() < 0.7;
        return {
          before: { ngn_minor: balance },
          after: { ngn_minor: credit ? balance + amount : Math.max(0, balance - amount) },
          body: {
            currency: 'NGN',
            amount: amount / 100,
            direction: credit ? 'credit' : 'debit',
            description: pick([
              'Goodwill credit for a late delivery',
              'Refund of a duplicate charge',
              'Correction of a cargo fee',
            ]),
          },
        };
      },
    ],
    [
      'invoice.create',
      'invoice',
      3,
      'POST',
      () => '/api/v1/invoices',
      (id, t) => {
        const amount = between(10, 800) * 50_000;
        const userId = pick(customers).id;
        return {
          before: null,
          after: {
            id,
            created_at: at(t),
            updated_at: at(t),
            reference: `INV-${hex(10).toUpperCase()}`,
            user_id: userId,
            type: 'manual',
            amount_minor: amount,
            currency: 'NGN',
            status: 'unpaid',
            description: 'Customs duty for a foreign parcel',
            paid_at: null,
          },
          body: {
            user_id: userId,
            amount: amount / 100,
            currency: 'NGN',
            description: 'Customs duty for a foreign parcel',
          },
        };
      },
    ],
    [
      'invoice.cancel',
      'invoice',
      1,
      'PATCH',
      (id) => `/api/v1/invoices/${id}/cancel`,
      () => ({
        before: { status: 'unpaid' },
        after: { status: 'cancelled' },
        body: null,
      }),
    ],
    [
      'user.update',
      'user',
      4,
      'PATCH',
      (id) => `/api/v1/users/${id}`,
      () =>
        rnd() < 0.5
          ? { before: { status: '1' }, after: { status: '0' }, body: { status: 0 } }
          : {
              before: { phone: `+23480${between(10_000_000, 99_999_999)}` },
              after: { phone: `+23481${between(10_000_000, 99_999_999)}` },
              body: { phone: 'changed' },
            },
    ],
    [
      'shipping.update',
      'shipping',
      2,
      'PATCH',
      (id) => `/api/v1/shippings/${id}`,
      () => ({
        before: { status: 1 },
        after: { status: 2 },
        body: { status: 2 },
      }),
    ],
    [
      'shipping.create',
      'shipping',
      1,
      'POST',
      () => '/api/v1/shippings',
      (id, t) => {
        const name = `SEA-${between(100, 999)}-${pick(['GZ', 'YW', 'SZ'])}`;
        return {
          before: null,
          after: {
            id,
            created_at: at(t),
            updated_at: at(t),
            name,
            location_id: between(1, 5),
            type: 'foreign',
            status: 1,
          },
          body: { name, location_id: 1, type: 'foreign' },
        };
      },
    ],
    [
      'warehouse.update',
      'warehouse',
      0.6,
      'PATCH',
      (id) => `/api/v1/warehouses/${id}`,
      () => ({
        before: { contact: '+2348012345678' },
        after: { contact: '+2348098765432' },
        body: { contact: '+2348098765432' },
      }),
    ],
    [
      'category.update',
      'category',
      0.6,
      'PATCH',
      (id) => `/api/v1/categories/${id}`,
      () => ({
        before: { status: 1 },
        after: { status: 0 },
        body: { status: 0 },
      }),
    ],
    [
      'currency.update',
      'currency',
      0.1,
      'PATCH',
      (id) => `/api/v1/currencies/${id}`,
      () => {
        const rate = between(1400, 1700);
        return { before: { rate: rate - between(1, 30) }, after: { rate }, body: { rate } };
      },
    ],
    [
      'logistics_settings.update',
      'logistics_settings',
      0.05,
      'PATCH',
      () => '/api/v1/logistics-settings',
      () => ({
        before: { cost_per_kg_cents: 850 },
        after: { cost_per_kg_cents: between(800, 950) },
        body: { cost_per_kg: 8.5 },
      }),
    ],
  ];
  const ENTITY_COUNTS = {
    delivery: [counts.deliveries, hotDeliveries],
    order: [counts.orders, hotOrders],
    product: [counts.products],
    support_response: [counts.supportResponses],
    support: [counts.supports],
    kyc: [counts.kyc],
    wallet: [customers.length],
    invoice: [counts.invoices],
    user: [users.length],
    shipping: [counts.shippingTitles],
    warehouse: [counts.warehouses],
    category: [14],
    currency: [3],
    logistics_settings: [1],
  };
  const mix = TEMPLATES.map((t) => [t, t[2]]);

  // Times over the last 180 days, mostly 08:00-19:00 Lagos (07:00-18:00 UTC) on working days.
  const times = [];
  for (let i = 0; i < size; i++) {
    const day = Math.floor(now / DAY) - Math.floor(rnd() * 180);
    const busy = new Date(day * DAY).getUTCDay() % 6 !== 0 ? 0.9 : 0.6;
    const hour = rnd() < busy ? 7 + rnd() * 11 : rnd() * 24;
    const t = day * DAY + Math.floor(hour * HOUR + rnd() * 60_000);
    times.push(Math.min(t, now - between(1, 600) * 1000));
  }
  times.sort((a, b) => a - b);
  const redactedRows = (value) => (value ? JSON.stringify(value) : null);
  const auditLogs = times.map((t, i) => {
    const [action, type, , method, route, build] = weighted(mix);
    const actor = weighted(actors);
    const [n, hotList] = ENTITY_COUNTS[type];
    // A creation's id is the new row's: it grows with time.
    const entityId =
      type === 'logistics_settings'
        ? 1
        : type === 'wallet'
          ? pick(customers).id
          : method === 'POST' && !route(0).includes('/adjust')
            ? Math.max(1, Math.ceil((n * (i + 1)) / size))
            : idOf(n, hotList);
    const { before, after, body } = build(entityId, t);
    if (after && 'responder_id' in after) after.responder_id = actor.id;
    if (after && 'reviewed_by' in after) after.reviewed_by = actor.id;
    return {
      id: i + 1,
      created_at: dt(t),
      actor_id: actor.id,
      actor_email: actor.email,
      actor_role: 'admin',
      action,
      entity_type: type,
      entity_id: entityId,
      method,
      path: route(type === 'wallet' ? entityId : entityId),
      before: redactedRows(before),
      after: redactedRows(after),
      body: body ? JSON.stringify(body) : null,
      request_id: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
      ip: ip(),
    };
  });
  return { auditAdmins, auditLogs };
}

const INVOICE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const MANUAL_CHARGES = [
  'Storage fee',
  'Customs clearance',
  'Repackaging fee',
  'Shipment insurance',
  'Express handling',
  'Warehouse pick-up',
];
const ADJUSTMENTS = [
  'Goodwill credit',
  'Correction of a duplicate funding',
  'Promotion bonus',
  'Reversal of a failed refund',
  'Bank charge correction',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Ledger entries of the bench customer (a ledger with deep pages); the other customers get a few. */
const BENCH_CUSTOMER_LEDGER = 2000;

/**
 * The money tables: ~size/6 manual charges over a year (pending, paid by wallet or card, cancelled), one invoice per
 * order (see orderInvoice) and one per delivery with a cargo fee (see deliveryInvoice), and the ledgers of the
 * customers. Ledgers are replayed in time order, so a wallet's balances
 * equal its completed credits minus its completed debits and never go below zero at any point: an invoice paid
 * from the wallet is preceded by a top-up when the balance is short, and a debit adjustment the balance does not
 * cover is not made. Paid invoices have their ledger debit (wallet) or their card payment (invoice_payments).
 */
function buildMoney(size, users, { now, yearAgo, orders, deliveries }) {
  const rnd = prng(size * 104_729 + 9);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const between = (lo, hi) => Math.exp(Math.log(lo) + rnd() * (Math.log(hi) - Math.log(lo)));
  /** A price in minor units, rounded to a whole 50 naira or dollar. */
  const priced = (lo, hi, step) => Math.max(step, Math.round(between(lo, hi) / step) * step) * 100;
  const ms = (text) => Date.parse(`${text.replace(' ', 'T')}Z`);
  const used = new Set();
  const unique = (make) => {
    let value;
    do value = make();
    while (used.has(value));
    used.add(value);
    return value;
  };
  const hex = () =>
    Math.floor(rnd() * 2 ** 32)
      .toString(16)
      .padStart(8, '0') +
    Math.floor(rnd() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  const invoiceReference = () =>
    unique(() => `INV-${Array.from({ length: 10 }, () => pick(INVOICE_ALPHABET.split(''))).join('')}`);

  const members = users.filter((u) => u.role !== 'admin').map((u) => ({ ...u, since: ms(u.created_at) }));
  const customers = members.filter((u) => u.role === 'customer').sort((a, b) => a.since - b.since);
  const benchCustomer = customers.find((u) => u.email === BENCH_ACCOUNTS.customer);
  const admin = users.find((u) => u.email === BENCH_ACCOUNTS.admin);
  const byId = new Map(members.map((u) => [u.id, u]));
  /** A time after the user's sign-up (and within the last year). */
  const after = (user) => {
    const from = Math.max(user.since, yearAgo);
    return from + Math.floor(rnd() * (now - 60_000 - from));
  };

  // Invoices: manual charges to a customer (3% of them the bench customer) at a time after their sign-up; one per
  // order (issue 10), when the order was placed; one per delivery with a cargo fee (issue 11), when it was
  // proceeded. Ids follow creation time; one per order and per delivery (unique (type, subject_id)).
  const invoiceCount = Math.max(1, Math.round(size / 6));
  const raised = [
    ...Array.from({ length: invoiceCount }, () => {
      const user = rnd() < 0.03 ? benchCustomer : customers[Math.floor(rnd() * customers.length)];
      return { user, at: after(user) };
    }),
    ...orders.orders.map((order) => ({ user: byId.get(order.user_id), at: order.at.created, order })),
    ...deliveries.deliveries
      .filter((d) => d.amount_minor !== null && d.user_id !== null)
      .map((delivery) => ({ user: byId.get(delivery.user_id), at: delivery.at.proceeded, delivery })),
  ].sort(
    (a, b) => a.at - b.at || (a.order?.id ?? 0) - (b.order?.id ?? 0) || (a.delivery?.id ?? 0) - (b.delivery?.id ?? 0),
  );
  const invoices = [];
  const cardPayments = [];
  /** Per user: [time, entry] movements to replay (wallet payments of invoices, fundings, adjustments...). */
  const movements = new Map();
  const move = (userId, event) => {
    if (!movements.has(userId)) movements.set(userId, []);
    movements.get(userId).push(event);
  };
  for (let i = 0; i < raised.length; i++) {
    const { user, at: created, order } = raised[i];
    if (order) {
      invoices.push(orderInvoice(i + 1, order));
      continue;
    }
    if (raised[i].delivery) {
      invoices.push(deliveryInvoice(i + 1, raised[i].delivery));
      continue;
    }
    const type = 'manual';
    const currency = rnd() < 0.15 ? 'USD' : 'NGN';
    const subjectId = null;
    const subjectLabel = null;
    const description = `${pick(MANUAL_CHARGES)} (${MONTHS[new Date(created).getUTCMonth()]})`;
    const amount = currency === 'NGN' ? priced(1_000, 50_000, 50) : priced(5, 150, 1);
    // Older invoices are mostly settled; about a third of the last month's are still pending.
    const age = (now - created) / (now - yearAgo);
    const s = rnd();
    const status = s < 0.35 - 0.25 * Math.min(1, age * 12) ? 'pending' : s < 0.9 ? 'paid' : 'cancelled';
    const settledAt = created + Math.floor(rnd() * Math.min(3 * 86_400_000, now - created));
    const invoice = {
      id: i + 1,
      created_at: dt(created),
      updated_at: dt(status === 'pending' ? created : settledAt),
      reference: invoiceReference(),
      user_id: user.id,
      type,
      subject_id: subjectId,
      subject_label: subjectLabel,
      description,
      amount_minor: amount,
      currency,
      status,
      payment_method: status === 'paid' ? (rnd() < 0.5 ? 'wallet' : 'paystack') : null,
      paid_at: status === 'paid' ? dt(settledAt) : null,
      cancelled_at: status === 'cancelled' ? dt(settledAt) : null,
      created_by: type === 'manual' ? admin.id : null,
    };
    invoices.push(invoice);
    if (invoice.payment_method === 'wallet') {
      move(user.id, {
        at: settledAt,
        kind: 'invoice_payment',
        direction: 'debit',
        amount,
        currency,
        description: `Invoice ${invoice.reference}: ${description}`,
        reference: unique(() => `pay-${invoice.reference}`),
        invoice_id: invoice.id,
      });
    } else if (invoice.payment_method === 'paystack') {
      cardPayments.push({
        created_at: dt(settledAt - 120_000),
        updated_at: dt(settledAt),
        reference: unique(() => `ipay-${hex()}`),
        invoice_id: invoice.id,
        amount_minor: amount,
        currency,
        status: 'completed',
        gateway: 'paystack',
        settled_at: dt(settledAt),
      });
    }
  }

  /**
   * A delivery's cargo fee invoice (DeliveriesService.proceed): USD, raised when it was proceeded, pending until the
   * customer pays it (the delivery then moves to Ready for Shipping). Paid by card, as the demo seed does: the
   * wallet ledgers (and the wallet cases' data) stay those of issues 9 and 10.
   */
  function deliveryInvoice(id, delivery) {
    delivery.invoice_id = id;
    const { proceeded, paid } = delivery.at;
    const label = delivery.shipping_type === 'sea_cargo' ? 'Sea Cargo' : 'Air Cargo';
    const invoice = {
      id,
      created_at: dt(proceeded),
      updated_at: dt(paid ?? proceeded),
      reference: invoiceReference(),
      user_id: delivery.user_id,
      type: 'delivery',
      subject_id: delivery.id,
      subject_label: delivery.tracking_no,
      description: `Cargo fee for ${delivery.tracking_no} (${label})`,
      amount_minor: delivery.amount_minor,
      currency: 'USD',
      status: paid === null ? 'pending' : 'paid',
      payment_method: paid === null ? null : 'paystack',
      paid_at: paid === null ? null : dt(paid),
      cancelled_at: null,
      created_by: null,
    };
    if (invoice.payment_method === 'paystack')
      cardPayments.push({
        created_at: dt(paid - 60_000),
        updated_at: dt(paid),
        reference: unique(() => `ipay-${hex()}`),
        invoice_id: id,
        amount_minor: delivery.amount_minor,
        currency: 'USD',
        status: 'completed',
        gateway: 'paystack',
        settled_at: dt(paid),
      });
    return invoice;
  }

  /**
   * An order's invoice (OrdersService.place): pending while To Pay, paid with the order (wallet, card or, confirmed
   * by an admin, transfer), cancelled with it. The money moves as the API makes them: the wallet debit at checkout,
   * each line's sale credit to its vendor at receipt, and on an accepted return the buyer's refund and the
   * vendors' reversals.
   */
  function orderInvoice(id, order) {
    order.invoice_id = id;
    const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
    const { paid, cancelled, returned } = order.at;
    const status = order.status === 0 ? 'pending' : order.status === 5 ? 'cancelled' : 'paid';
    const method = { wallet: 'wallet', card: 'paystack', bank_transfer: 'transfer' }[order.payment_method];
    const invoice = {
      id,
      created_at: order.created_at,
      updated_at: dt(paid ?? cancelled ?? order.at.created),
      reference: invoiceReference(),
      user_id: order.user_id,
      type: 'order',
      subject_id: order.id,
      subject_label: `Order ${order.order_no}`,
      description: `Order ${order.order_no}: ${count} item${count === 1 ? '' : 's'}`,
      amount_minor: order.total_minor,
      currency: 'NGN',
      status,
      payment_method: status === 'paid' ? method : null,
      paid_at: status === 'paid' ? dt(paid) : null,
      cancelled_at: status === 'cancelled' ? dt(cancelled) : null,
      created_by: null,
    };
    if (invoice.payment_method === 'wallet')
      move(order.user_id, {
        at: paid,
        kind: 'invoice_payment',
        direction: 'debit',
        amount: order.total_minor,
        currency: 'NGN',
        description: `Invoice ${invoice.reference}: Order ${order.order_no}`,
        reference: unique(() => `pay-${invoice.reference}`),
        invoice_id: id,
      });
    else if (invoice.payment_method === 'paystack')
      cardPayments.push({
        created_at: dt(paid - 60_000),
        updated_at: dt(paid),
        reference: unique(() => `ipay-${hex()}`),
        invoice_id: id,
        amount_minor: order.total_minor,
        currency: 'NGN',
        status: 'completed',
        gateway: 'paystack',
        settled_at: dt(paid),
      });
    for (const line of order.lines) {
      if (line.at.settled === null || line.vendor_credit_minor <= 0) continue;
      move(line.vendor_id, {
        at: line.at.settled,
        kind: 'sale',
        direction: 'credit',
        amount: line.vendor_credit_minor,
        currency: 'NGN',
        description: `Sale: ${line.quantity} x ${line.product_name} (order ${order.order_no}), less commission`,
        reference: unique(() => `sale-${line.id}`),
      });
      if (line.at.reversed !== null)
        move(line.vendor_id, {
          at: line.at.reversed,
          kind: 'sale_reversal',
          direction: 'debit',
          amount: line.vendor_credit_minor,
          currency: 'NGN',
          description: `Return: ${line.quantity} x ${line.product_name} (order ${order.order_no})`,
          reference: unique(() => `reverse-${line.id}`),
        });
    }
    if (returned !== null)
      move(order.user_id, {
        at: returned,
        kind: 'refund',
        direction: 'credit',
        amount: order.total_minor,
        currency: 'NGN',
        description: `Refund: order ${order.order_no} returned`,
        reference: unique(() => `refund-order-${order.id}`),
        invoice_id: id,
        actor_id: admin.id,
      });
    return invoice;
  }

  // Fundings, adjustments and refunds: ~2,000 for the bench customer, 0-6 for the other customers and vendors.
  for (const user of members) {
    const count =
      user === benchCustomer
        ? Math.max(0, BENCH_CUSTOMER_LEDGER - (movements.get(user.id)?.length ?? 0))
        : Math.floor(rnd() * 7);
    for (let k = 0; k < count; k++) {
      const at = after(user);
      const currency = rnd() < 0.2 ? 'USD' : 'NGN';
      const r = rnd();
      if (r < 0.62) {
        const s = rnd();
        move(user.id, {
          at,
          kind: 'funding',
          direction: 'credit',
          amount: currency === 'NGN' ? priced(1_000, 200_000, 50) : priced(5, 500, 1),
          currency,
          status: s < 0.88 ? 'completed' : s < 0.96 ? 'failed' : 'pending',
          gateway: 'paystack',
          description: 'Wallet funding via Paystack',
          reference: unique(() => `fund-${hex()}`),
        });
      } else if (r < 0.92) {
        const credit = rnd() < 0.35;
        move(user.id, {
          at,
          kind: 'adjustment',
          direction: credit ? 'credit' : 'debit',
          amount: currency === 'NGN' ? priced(500, 60_000, 50) : priced(1, 100, 1),
          currency,
          description: `Adjustment: ${credit ? pick(ADJUSTMENTS) : 'Charge for a service outside an invoice'}`,
          reference: unique(() => `adj-${hex()}`),
          actor_id: admin.id,
        });
      } else {
        move(user.id, {
          at,
          kind: 'refund',
          direction: 'credit',
          amount: currency === 'NGN' ? priced(1_000, 100_000, 50) : priced(5, 200, 1),
          currency,
          description: 'Refund: card payment of an invoice that was already paid',
          reference: unique(() => `refund-ipay-${hex()}`),
        });
      }
    }
  }

  // Replay each ledger in time order: balances = completed credits - completed debits, never below zero.
  const ledger = [];
  const wallets = [];
  for (const [userId, events] of movements) {
    events.sort((a, b) => a.at - b.at);
    const balance = { NGN: 0, USD: 0 };
    let first = null;
    let last = null;
    const append = (e, status) => {
      ledger.push({
        created_at: dt(e.at),
        updated_at: dt(e.at),
        user_id: userId,
        description: e.description,
        reference: e.reference,
        amount_minor: e.amount,
        currency: e.currency,
        direction: e.direction,
        status,
        kind: e.kind,
        gateway: e.gateway ?? null,
        invoice_id: e.invoice_id ?? null,
        actor_id: e.actor_id ?? null,
        settled_at: status === 'pending' ? null : dt(e.at),
      });
      if (status !== 'completed') return;
      balance[e.currency] += e.direction === 'credit' ? e.amount : -e.amount;
      first = Math.min(first ?? e.at, e.at);
      last = Math.max(last ?? e.at, e.at);
    };
    for (const e of events) {
      const status = e.status ?? 'completed';
      if (e.direction === 'debit' && balance[e.currency] < e.amount) {
        if (e.kind !== 'invoice_payment') continue;
        // The customer topped up just before paying the invoice from the wallet.
        const shortfall = e.amount - balance[e.currency];
        const step = e.currency === 'NGN' ? 1_000_00 : 10_00;
        append(
          {
            at: e.at - 60_000 - Math.floor(rnd() * 3_600_000),
            kind: 'funding',
            direction: 'credit',
            amount: Math.ceil(shortfall / step) * step,
            currency: e.currency,
            gateway: 'paystack',
            description: 'Wallet funding via Paystack',
            reference: unique(() => `fund-${hex()}`),
          },
          'completed',
        );
      }
      append(e, status);
    }
    if (first !== null)
      wallets.push({
        created_at: dt(first),
        updated_at: dt(last),
        user_id: userId,
        usd_minor: balance.USD,
        ngn_minor: balance.NGN,
      });
  }
  // Insertion (and so id) order follows time, as the API would have written them.
  ledger.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  wallets.sort((a, b) => a.user_id - b.user_id);
  return { invoices, cardPayments, ledger, wallets };
}

const USER_COLS = [
  'id',
  'created_at',
  'updated_at',
  'name',
  'email',
  'password_hash',
  'phone',
  'city',
  'country',
  'role',
  'status',
  'email_verified_at',
];
const userRow = (u) => [
  u.id,
  u.created_at,
  u.created_at,
  u.name,
  u.email,
  u.password_hash,
  u.phone,
  u.city,
  'Nigeria',
  u.role,
  '1',
  u.created_at,
];
const CATEGORY_COLS = ['id', 'created_at', 'updated_at', 'name', 'status'];
const categoryRow = (c) => [c.id, c.created_at, c.created_at, c.name, 1];
const PRODUCT_COLS = [
  'id',
  'created_at',
  'updated_at',
  'user_id',
  'name',
  'category_id',
  'type',
  'description',
  'price_kobo',
  'status',
  'image',
  'average_rating',
  'review_count',
  'stock_quantity',
  'sku',
  'weight',
  'dimensions',
  'discount',
  'flash_start_at',
  'flash_end_at',
];
const productRow = (p) => [
  p.id,
  p.created_at,
  p.created_at,
  p.user_id,
  p.name,
  p.category_id,
  p.type,
  p.description,
  p.price_kobo,
  p.status,
  p.image,
  p.average_rating,
  p.review_count,
  p.stock_quantity,
  p.sku,
  p.weight,
  p.dimensions,
  p.discount,
  p.flash_start_at,
  p.flash_end_at,
];
const REVIEW_COLS = ['created_at', 'updated_at', 'product_id', 'user_id', 'rating', 'comment'];
const reviewRow = (r) => [r.created_at, r.created_at, r.product_id, r.user_id, r.rating, r.comment];
const INVOICE_COLS = [
  'id',
  'created_at',
  'updated_at',
  'reference',
  'user_id',
  'type',
  'subject_id',
  'subject_label',
  'description',
  'amount_minor',
  'currency',
  'status',
  'payment_method',
  'paid_at',
  'cancelled_at',
  'created_by',
];
const CARD_PAYMENT_COLS = [
  'created_at',
  'updated_at',
  'reference',
  'invoice_id',
  'amount_minor',
  'currency',
  'status',
  'gateway',
  'settled_at',
];
const LEDGER_COLS = [
  'created_at',
  'updated_at',
  'user_id',
  'description',
  'reference',
  'amount_minor',
  'currency',
  'direction',
  'status',
  'kind',
  'gateway',
  'invoice_id',
  'actor_id',
  'settled_at',
];
const WALLET_COLS = ['created_at', 'updated_at', 'user_id', 'usd_minor', 'ngn_minor'];
const ORDER_COLS = [
  'id',
  'created_at',
  'updated_at',
  'order_no',
  'user_id',
  'status',
  'currency',
  'subtotal_minor',
  'shipping_minor',
  'total_minor',
  'payment_method',
  'full_name',
  'street_address',
  'city',
  'postal_code',
  'country',
  'notes',
  'invoice_id',
  'expires_at',
  'paid_at',
  'shipped_at',
  'received_at',
  'return_requested_at',
  'return_reason',
  'stock_released_at',
];
const ORDER_ITEM_COLS = [
  'id',
  'created_at',
  'updated_at',
  'order_id',
  'product_id',
  'vendor_id',
  'product_name',
  'product_image',
  'unit_price_minor',
  'quantity',
  'line_total_minor',
  'commission_minor',
  'vendor_credit_minor',
  'settled_at',
  'reversed_at',
];
const ORDER_CHANGE_COLS = [
  'created_at',
  'updated_at',
  'order_id',
  'from_status',
  'to_status',
  'actor_id',
  'actor_role',
  'note',
];
const ORDER_VENDOR_COLS = ['order_id', 'vendor_id', 'status', 'created_at'];
const LOCATION_COLS = ['id', 'created_at', 'updated_at', 'name', 'status'];
const WAREHOUSE_COLS = ['id', 'created_at', 'updated_at', 'name', 'location_id', 'type', 'address', 'contact'];
const SHIPPING_TITLE_COLS = ['id', 'created_at', 'updated_at', 'name', 'location_id', 'type', 'status'];
const LOGISTICS_SETTINGS_COLS = ['id', 'created_at', 'updated_at', 'cost_per_cmb3_cents', 'cost_per_kg_cents'];
const DELIVERY_COLS = [
  'id',
  'created_at',
  'updated_at',
  'tracking_no',
  'external_no',
  'user_id',
  'name',
  'phone',
  'phone_key',
  'email',
  'type',
  'from_jara',
  'warehouse_id',
  'shipping_type',
  'shipping_id',
  'status',
  'weight_hundredths',
  'size_hundredths',
  'amount_minor',
  'invoice_id',
  // Issue 26.
  'status_changed_at',
  'rider_id',
];
const DELIVERY_CHANGE_COLS = [
  'created_at',
  'updated_at',
  'delivery_id',
  'from_status',
  'to_status',
  'actor_id',
  'actor_role',
  'note',
  'location',
];
const KYC_COLS = [
  'id',
  'created_at',
  'updated_at',
  'user_id',
  'active_user_id',
  'name',
  'dob',
  'gender',
  'address',
  'id_type',
  'id_number',
  'id_image_key',
  'user_image_key',
  'status',
  'reason',
  'reviewed_by',
  'reviewed_at',
];
const SUPPORT_COLS = [
  'id',
  'created_at',
  'updated_at',
  'user_id',
  'name',
  'email',
  'subject',
  'message',
  'status',
  'response_count',
];
const SUPPORT_RESPONSE_COLS = ['id', 'created_at', 'updated_at', 'support_id', 'responder_id', 'message', 'status'];
const PAYOUT_ACCOUNT_COLS = [
  'id',
  'created_at',
  'updated_at',
  'vendor_id',
  'active_vendor_id',
  'bank_code',
  'bank_name',
  'account_number',
  'account_name',
  'recipient_code',
  'payable_after',
  'replaced_at',
];
const PAYOUT_COLS = [
  'id',
  'created_at',
  'updated_at',
  'vendor_id',
  'account_id',
  'amount_minor',
  'fee_minor',
  'status',
  'reference',
  'recipient_code',
  'bank_name',
  'account_number',
  'account_name',
  'reason',
  'approved_by',
  'approved_at',
  'sent_at',
  'completed_at',
];
const AUDIT_COLS = [
  'id',
  'created_at',
  'actor_id',
  'actor_email',
  'actor_role',
  'action',
  'entity_type',
  'entity_id',
  'method',
  'path',
  'before',
  'after',
  'body',
  'request_id',
  'ip',
];
/** A row of the object's values in the columns' order. */
const columnsOf = (cols) => (item) => cols.map((c) => item[c]);
const TABLES = [
  ['users', USER_COLS, userRow, 'users'],
  ['categories', CATEGORY_COLS, categoryRow, 'categories'],
  ['products', PRODUCT_COLS, productRow, 'products'],
  ['product_reviews', REVIEW_COLS, reviewRow, 'reviews'],
  ['orders', ORDER_COLS, columnsOf(ORDER_COLS), 'orders'],
  ['order_items', ORDER_ITEM_COLS, columnsOf(ORDER_ITEM_COLS), 'orderItems'],
  ['order_status_changes', ORDER_CHANGE_COLS, columnsOf(ORDER_CHANGE_COLS), 'orderChanges'],
  ['order_vendors', ORDER_VENDOR_COLS, columnsOf(ORDER_VENDOR_COLS), 'orderVendors'],
  ['locations', LOCATION_COLS, columnsOf(LOCATION_COLS), 'locations'],
  ['warehouses', WAREHOUSE_COLS, columnsOf(WAREHOUSE_COLS), 'warehouses'],
  ['shipping_titles', SHIPPING_TITLE_COLS, columnsOf(SHIPPING_TITLE_COLS), 'shippingTitles'],
  ['logistics_settings', LOGISTICS_SETTINGS_COLS, columnsOf(LOGISTICS_SETTINGS_COLS), 'logisticsSettings'],
  ['deliveries', DELIVERY_COLS, columnsOf(DELIVERY_COLS), 'deliveries'],
  ['delivery_status_changes', DELIVERY_CHANGE_COLS, columnsOf(DELIVERY_CHANGE_COLS), 'deliveryChanges'],
  ['kyc_submissions', KYC_COLS, columnsOf(KYC_COLS), 'kycSubmissions'],
  ['supports', SUPPORT_COLS, columnsOf(SUPPORT_COLS), 'supports'],
  ['support_responses', SUPPORT_RESPONSE_COLS, columnsOf(SUPPORT_RESPONSE_COLS), 'supportResponses'],
  ['invoices', INVOICE_COLS, columnsOf(INVOICE_COLS), 'invoices'],
  ['invoice_payments', CARD_PAYMENT_COLS, columnsOf(CARD_PAYMENT_COLS), 'cardPayments'],
  ['wallet_ledger', LEDGER_COLS, columnsOf(LEDGER_COLS), 'ledger'],
  ['wallets', WALLET_COLS, columnsOf(WALLET_COLS), 'wallets'],
  ['users', USER_COLS, userRow, 'auditAdmins'],
  ['audit_logs', AUDIT_COLS, columnsOf(AUDIT_COLS), 'auditLogs'],
  ['payout_accounts', PAYOUT_ACCOUNT_COLS, columnsOf(PAYOUT_ACCOUNT_COLS), 'payoutAccounts'],
  ['payouts', PAYOUT_COLS, columnsOf(PAYOUT_COLS), 'payouts'],
];

async function insertSqlite(db, rows) {
  const raw = db.raw;
  raw.pragma('synchronous = OFF');
  raw.transaction(() => {
    for (const [table, cols, toRow, key] of TABLES) {
      const insert = raw.prepare(
        `INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
      );
      for (const item of rows[key]) insert.run(toRow(item));
    }
  })();
  raw.pragma('synchronous = NORMAL');
  raw.pragma('optimize');
  raw.exec('ANALYZE');
}

async function insertMysql(db, rows) {
  const conn = await db.raw.getConnection();
  try {
    await conn.query('SET foreign_key_checks = 0, unique_checks = 0');
    for (const [table, cols, toRow, key] of TABLES) {
      const list = rows[key];
      const chunk = 1000;
      await conn.beginTransaction();
      for (let i = 0; i < list.length; i += chunk) {
        // Quoted: audit_logs has columns named before and after (reserved words on MySQL).
        await conn.query(`INSERT INTO ${table} (${cols.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [
          list.slice(i, i + chunk).map(toRow),
        ]);
        if ((i / chunk) % 20 === 19) {
          await conn.commit();
          await conn.beginTransaction();
        }
      }
      await conn.commit();
    }
    await conn.query('SET foreign_key_checks = 1, unique_checks = 1');
    for (const [table] of TABLES) await conn.query(`ANALYZE TABLE ${table}`);
  } finally {
    conn.release();
  }
}

/** Fresh planner statistics (new indexes included), as after a generation. */
async function analyze(target) {
  const db = await openDb(target, { poolSize: 1 });
  try {
    if (target.dialect === 'sqlite') await db.exec('ANALYZE');
    else for (const [table] of TABLES) await db.exec(`ANALYZE TABLE ${table}`);
  } finally {
    await db.close();
  }
}

async function readMeta(target) {
  if (target.dialect === 'sqlite' && !existsSync(target.path)) return null;
  let db;
  try {
    db = await openDb(target, { poolSize: 1 });
    if (!(await tableExists(db, 'bench_meta'))) return null;
    const rows = await db.all('SELECT k, v FROM bench_meta');
    return Object.fromEntries(rows.map((r) => [r.k, r.v]));
  } catch (error) {
    if (/Unknown database/i.test(String(error.message))) return null;
    throw error;
  } finally {
    await db?.close();
  }
}

async function dropDatabase(target) {
  if (target.dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) rmSync(target.path + suffix, { force: true });
    return;
  }
  const server = await openDb(target, { serverOnly: true, poolSize: 1 });
  try {
    await server.exec(`DROP DATABASE IF EXISTS \`${target.database}\``);
    await server.exec(`CREATE DATABASE \`${target.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await server.close();
  }
}

/** Environment for the API and its CLI against a bench database. */
export function apiEnv(target, extra = {}) {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: BENCH_JWT_SECRET,
    DATABASE_URL: target.apiDatabaseUrl,
    DATA_DIR: API_DATA_DIR,
    REQUEST_LOG: 'false',
    LOG_LEVEL: 'warn',
    MIGRATIONS_RUN: 'true',
    MAIL_LOG_CODES: 'false',
    // No background writes while measured: the unpaid-order expiry job stays off (the data has no due orders anyway).
    ORDER_EXPIRY_INTERVAL_SECONDS: '0',
    ...extra,
  };
}

/**
 * Makes sure the bench database of `size` products exists: reuses one generated by this generator version,
 * otherwise drops it, runs the API's migrations (through the built CLI) and loads the rows.
 */
export async function ensureDatabase(
  size,
  { regenerate = false, log = console.log, env = process.env, tag = '' } = {},
) {
  const target = benchTarget(size, env, tag);
  const meta = regenerate ? null : await readMeta(target);
  const ageDays = meta?.data_now ? (Date.now() - Date.parse(meta.data_now)) / 86_400_000 : Infinity;
  if (meta && meta.version === GENERATOR_VERSION && ageDays > DATA_MAX_AGE_DAYS)
    log(
      `  ${target.label} was generated ${Math.floor(ageDays)} days ago: regenerating so the orders fill the last 30 days`,
    );
  else if (meta && meta.version === GENERATOR_VERSION && Number(meta.size) === size && meta.complete === '1') {
    log(`  reusing ${target.label} (generated ${meta.generated_at}; --regenerate to rebuild)`);
    // Migrations added since the data was generated (new indexes, search tables) apply to it as they would
    // to a live database.
    const out = await runChild(process.execPath, [serverEntry('cli'), 'migrate'], { env: apiEnv(target) });
    if (!/up to date/i.test(out)) {
      log(`  ${out.trim()}`);
      await analyze(target);
    }
    return { target, reused: true, meta };
  }
  const started = performance.now();
  log(`  generating ${size.toLocaleString('en')} products into ${target.label}...`);
  await dropDatabase(target);
  mkdirSync(API_DATA_DIR, { recursive: true });
  await runChild(process.execPath, [serverEntry('cli'), 'migrate'], { env: apiEnv(target) });
  const migrated = performance.now();

  const { hashPassword } = require(join(ROOT, 'dist/server/apps/api/src/common/security/password.js'));
  const { CATEGORY_SEEDS, REVIEW_COMMENTS } = require(
    join(ROOT, 'dist/server/tools/cli/src/seeders/catalogue-data.js'),
  );
  const dataNow = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const rows = buildRows(size, {
    now: dataNow,
    adminHash: await hashPassword(BENCH_PASSWORD),
    catalogue: CATEGORY_SEEDS,
    comments: REVIEW_COMMENTS,
  });
  const built = performance.now();

  const db = await openDb(target, { poolSize: 1 });
  try {
    if (target.dialect === 'sqlite') await insertSqlite(db, rows);
    else await insertMysql(db, rows);
    const inserted = performance.now();
    const seconds = (inserted - started) / 1000;
    const info = {
      version: GENERATOR_VERSION,
      size: String(size),
      generated_at: new Date().toISOString(),
      seconds: seconds.toFixed(1),
      data_now: new Date(dataNow).toISOString(),
      counts:
        `${rows.products.length} products, ${rows.reviews.length} reviews, ${rows.users.length} users, ` +
        `${rows.categories.length} categories, ${rows.invoices.length} invoices, ` +
        `${rows.ledger.length} ledger entries in ${rows.wallets.length} wallets, ${rows.orders.length} orders ` +
        `(${rows.orderItems.length} lines, ${rows.orderVendors.length} order_vendors, ${rows.orderChanges.length} status changes), ` +
        `${rows.deliveries.length} deliveries (${rows.deliveryChanges.length} status changes, ${rows.warehouses.length} warehouses, ` +
        `${rows.shippingTitles.length} shipping titles), ${rows.kycSubmissions.length} KYC submissions, ` +
        `${rows.supports.length} support requests (${rows.supportResponses.length} responses), ` +
        `${rows.auditLogs.length} audit log entries (${rows.auditAdmins.length + 1} admins), ` +
        `${rows.payouts.length} payouts (${rows.payoutAccounts.length} payout accounts)`,
      complete: '1',
    };
    await db.exec('CREATE TABLE bench_meta (k VARCHAR(40) PRIMARY KEY, v VARCHAR(1000))');
    for (const [k, v] of Object.entries(info)) await db.run('INSERT INTO bench_meta (k, v) VALUES (?, ?)', [k, v]);
    log(
      `  generated ${info.counts} in ${seconds.toFixed(1)} s ` +
        `(migrations ${((migrated - started) / 1000).toFixed(1)} s, rows in memory ${((built - migrated) / 1000).toFixed(1)} s, ` +
        `bulk insert + analyze ${((inserted - built) / 1000).toFixed(1)} s)`,
    );
    return { target, reused: false, meta: info };
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const size = Number(args[args.indexOf('--size') + 1]);
  if (!args.includes('--size') || !Number.isInteger(size) || size < 1) {
    console.error(
      'Usage: node tools/bench/generate.mjs --size <products> [--regenerate]  (build first: npm run build)',
    );
    process.exit(2);
  }
  await ensureDatabase(size, { regenerate: args.includes('--regenerate') });
}
