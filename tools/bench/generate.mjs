// The benchmark's data generator: a realistic Jara catalogue of N products, and the money tables of issue 9
// (invoices, wallets and their ledger), written straight into a database the API's own migrations created, in
// bulk (one better-sqlite3 transaction of prepared inserts on SQLite, multi-row INSERTs inside transactions on
// MySQL/MariaDB). Deterministic for a given size.
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
export const GENERATOR_VERSION = '2';

/** Accounts the harness signs in with (one per role); they share one password. */
export const BENCH_PASSWORD = 'BenchPass123!';
export const BENCH_ACCOUNTS = {
  admin: 'bench-admin@jara.local',
  vendor: 'bench-vendor@jara.local',
  customer: 'bench-customer@jara.local',
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
export function buildRows(size, { adminHash, catalogue, comments }) {
  const rnd = prng(size * 7919 + 17);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const weighted = (pairs) => {
    let r = rnd() * pairs.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of pairs) if ((r -= w) < 0) return value;
    return pairs[0][0];
  };
  const now = Date.UTC(2025, 10, 20, 12, 0, 0);
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
    const name = `${pick(cat.brands)} ${pick(cat.items)}${variant ? ` - ${variant}` : ''}`;
    const [lo, hi] = cat.price;
    const naira = Math.round(Math.exp(Math.log(lo) + rnd() * (Math.log(hi) - Math.log(lo))) / 50) * 50 || lo;
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
  return { categories, users, products, reviews, ...buildMoney(size, users, { now, yearAgo }) };
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
 * The money tables: ~size/2 invoices over a year (orders, deliveries, manual charges; pending, paid by wallet or
 * card, cancelled), and the ledgers of the customers. Ledgers are replayed in time order, so a wallet's balances
 * equal its completed credits minus its completed debits and never go below zero at any point: an invoice paid
 * from the wallet is preceded by a top-up when the balance is short, and a debit adjustment the balance does not
 * cover is not made. Paid invoices have their ledger debit (wallet) or their card payment (invoice_payments).
 */
function buildMoney(size, users, { now, yearAgo }) {
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
  /** A time after the user's sign-up (and within the last year). */
  const after = (user) => {
    const from = Math.max(user.since, yearAgo);
    return from + Math.floor(rnd() * (now - 60_000 - from));
  };

  // Invoices: a customer (3% of them the bench customer), at a time after their sign-up; ids follow creation
  // time; one per order and per delivery (unique (type, subject_id)).
  const invoiceCount = Math.max(1, Math.round(size / 2));
  const raised = Array.from({ length: invoiceCount }, () => {
    const user = rnd() < 0.03 ? benchCustomer : customers[Math.floor(rnd() * customers.length)];
    return { user, at: after(user) };
  }).sort((a, b) => a.at - b.at);
  const subjects = { order: 0, delivery: 0 };
  const invoices = [];
  const cardPayments = [];
  /** Per user: [time, entry] movements to replay (wallet payments of invoices, fundings, adjustments...). */
  const movements = new Map();
  const move = (userId, event) => {
    if (!movements.has(userId)) movements.set(userId, []);
    movements.get(userId).push(event);
  };
  for (let i = 0; i < invoiceCount; i++) {
    const { user, at: created } = raised[i];
    const roll = rnd();
    const type = roll < 0.55 ? 'order' : roll < 0.85 ? 'delivery' : 'manual';
    const currency = rnd() < 0.15 ? 'USD' : 'NGN';
    let subjectId = null;
    let subjectLabel = null;
    let description;
    let amount;
    if (type === 'order') {
      subjectId = subjects.order += 1 + Math.floor(rnd() * 3);
      const items = 1 + Math.floor(rnd() * 5);
      description = `Order #${subjectId} (${items} item${items > 1 ? 's' : ''})`;
      amount = currency === 'NGN' ? priced(2_000, 1_500_000, 50) : priced(10, 3_000, 1);
    } else if (type === 'delivery') {
      subjectId = subjects.delivery += 1 + Math.floor(rnd() * 2);
      subjectLabel = rnd() < 0.7 ? `JRT${String(100_000 + subjectId * 7).padStart(9, '0')}` : null;
      description = `Cargo fee: ${pick(CITIES)} to ${pick(CITIES)}`;
      amount = currency === 'NGN' ? priced(1_500, 80_000, 50) : priced(5, 200, 1);
    } else {
      description = `${pick(MANUAL_CHARGES)} (${MONTHS[new Date(created).getUTCMonth()]})`;
      amount = currency === 'NGN' ? priced(1_000, 50_000, 50) : priced(5, 150, 1);
    }
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
/** A row of the object's values in the columns' order. */
const columnsOf = (cols) => (item) => cols.map((c) => item[c]);
const TABLES = [
  ['users', USER_COLS, userRow, 'users'],
  ['categories', CATEGORY_COLS, categoryRow, 'categories'],
  ['products', PRODUCT_COLS, productRow, 'products'],
  ['product_reviews', REVIEW_COLS, reviewRow, 'reviews'],
  ['invoices', INVOICE_COLS, columnsOf(INVOICE_COLS), 'invoices'],
  ['invoice_payments', CARD_PAYMENT_COLS, columnsOf(CARD_PAYMENT_COLS), 'cardPayments'],
  ['wallet_ledger', LEDGER_COLS, columnsOf(LEDGER_COLS), 'ledger'],
  ['wallets', WALLET_COLS, columnsOf(WALLET_COLS), 'wallets'],
];

async function insertSqlite(db, rows) {
  const raw = db.raw;
  raw.pragma('synchronous = OFF');
  raw.transaction(() => {
    for (const [table, cols, toRow, key] of TABLES) {
      const insert = raw.prepare(
        `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
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
        await conn.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES ?`, [list.slice(i, i + chunk).map(toRow)]);
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
    ...extra,
  };
}

/**
 * Makes sure the bench database of `size` products exists: reuses one generated by this generator version,
 * otherwise drops it, runs the API's migrations (through the built CLI) and loads the rows.
 */
export async function ensureDatabase(size, { regenerate = false, log = console.log, env = process.env } = {}) {
  const target = benchTarget(size, env);
  const meta = regenerate ? null : await readMeta(target);
  if (meta && meta.version === GENERATOR_VERSION && Number(meta.size) === size && meta.complete === '1') {
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
  const rows = buildRows(size, {
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
      counts:
        `${rows.products.length} products, ${rows.reviews.length} reviews, ${rows.users.length} users, ` +
        `${rows.categories.length} categories, ${rows.invoices.length} invoices, ` +
        `${rows.ledger.length} ledger entries in ${rows.wallets.length} wallets`,
      complete: '1',
    };
    await db.exec('CREATE TABLE bench_meta (k VARCHAR(40) PRIMARY KEY, v VARCHAR(255))');
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
