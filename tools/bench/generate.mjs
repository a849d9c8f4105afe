// The benchmark's data generator: a realistic Jara catalogue of N products written straight into a database
// the API's own migrations created, in bulk (one better-sqlite3 transaction of prepared inserts on SQLite,
// multi-row INSERTs inside transactions on MySQL/MariaDB). Deterministic for a given size.
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
export const GENERATOR_VERSION = '1';

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
  return { categories, users, products, reviews };
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
const TABLES = [
  ['users', USER_COLS, userRow, 'users'],
  ['categories', CATEGORY_COLS, categoryRow, 'categories'],
  ['products', PRODUCT_COLS, productRow, 'products'],
  ['product_reviews', REVIEW_COLS, reviewRow, 'reviews'],
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
      counts: `${rows.products.length} products, ${rows.reviews.length} reviews, ${rows.users.length} users, ${rows.categories.length} categories`,
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
