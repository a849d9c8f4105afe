import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { ABUSE_LIMIT_COUNT_NAMES, loadConfig, type AppConfig } from '../../src/config/config';
import { StorageService } from '../../src/common/storage/storage.service';
import { User } from '../../src/modules/users/user.entity';
import { SIBLING_DATA_SOURCES } from './query-plan';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  /** The first instance (tests that reach into Nest's container use this one). */
  app: NestExpressApplication;
  /** Every instance: one, or two in the scale-out run (JARA_TEST_INSTANCES=2). */
  apps: NestExpressApplication[];
  config: AppConfig;
  db: DataSource;
  dir: string;
  /** A request to the next instance: the instances take turns, so consecutive requests hit different ones. */
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/** Abuse limits high enough that no suite meets them by accident: the env names of every scope, per account and address. */
const ABUSE_LIMITS_OFF: Record<string, string> = Object.fromEntries(
  ABUSE_LIMIT_COUNT_NAMES.map((name) => [name, '100000']),
);

/** 2 in the scale-out run: two API instances on one database, one Redis and one S3 bucket (see scale-out.mjs). */
export const TEST_INSTANCES = Number(process.env.JARA_TEST_INSTANCES ?? '1') === 2 ? 2 : 1;

/**
 * Starts the real application on a fresh database: in-memory SQLite by default, or a new
 * MySQL/MariaDB database (created and dropped here) when DATABASE_URL is set.
 * Migrations run exactly as in production.
 *
 * In the scale-out run (JARA_TEST_INSTANCES=2, with DATABASE_URL, JARA_TEST_REDIS_URL and JARA_TEST_S3_ENDPOINT)
 * two instances start at once on the same database (their migrations run once, under the lock), share Redis (a key
 * prefix of their own) and an S3 bucket of their own, and http() alternates between them.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'jara-api-test-'));
  const scaleOut = TEST_INSTANCES === 2 ? await scaleOutEnv(database) : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    DATABASE_URL: database.url,
    AUTH_RATE_LIMIT: '100000',
    // Suites that are not about abuse limits may send many writes from one address and account (docs/decisions/018);
    // security/abuse-limits.e2e-spec.ts and the deliveries suite set small limits of their own.
    ...ABUSE_LIMITS_OFF,
    MAIL_LOG_CODES: 'false',
    REQUEST_LOG: 'false',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...scaleOut,
    ...env,
  });
  const apps = await Promise.all(
    Array.from({ length: TEST_INSTANCES }, async () => {
      const app = await createApp(config, ['error']);
      await app.init();
      return app;
    }),
  );
  const app = apps[0];
  const db = app.get(DataSource);
  SIBLING_DATA_SOURCES.set(
    db,
    apps.map((each) => each.get(DataSource)),
  );
  let turn = 0;
  return {
    app,
    apps,
    config,
    db,
    dir,
    http: () => request(apps[turn++ % apps.length].getHttpServer()),
    close: async () => {
      // A test may have closed an instance itself (graceful shutdown): closing it again is not an error here.
      for (const each of apps) await each.close().catch(() => undefined);
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Settings of the scale-out run: shared Redis under a fresh prefix, and a fresh bucket on the local S3 server. */
async function scaleOutEnv(database: TestDatabase): Promise<Record<string, string>> {
  if (database.url.startsWith('sqlite')) throw new Error('The scale-out run needs DATABASE_URL (MySQL/MariaDB).');
  const redis = process.env.JARA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const endpoint = process.env.JARA_TEST_S3_ENDPOINT;
  if (!endpoint) throw new Error('The scale-out run needs JARA_TEST_S3_ENDPOINT (a local S3 server).');
  const bucket = `jara-test-${randomBytes(5).toString('hex')}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    REDIS_URL: redis,
    REDIS_KEY_PREFIX: `jara-test:${randomBytes(5).toString('hex')}:`,
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** The latest verification code e-mailed to an address, read from the outbox folder. */
export function readCodeFromOutbox(t: TestApp, email: string): string {
  const dir = t.config.mail.outboxDir;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(text)) continue;
    const match = /verification code is (\d{6})/.exec(text);
    if (match) return match[1];
  }
  throw new Error(`No code in the outbox for ${email}`);
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Signs up through the API, verifies with the e-mailed code, optionally sets a role, and logs in. */
export async function signUp(
  t: TestApp,
  options: { role?: 'admin' | 'vendor' | 'customer' | 'rider'; email?: string; password?: string } = {},
) {
  const email = options.email ?? uniqueEmail(options.role ?? 'customer');
  const password = options.password ?? 'secret123';
  await t.http().post('/api/v1/auth/register').send({ email, password }).expect(201);
  await t
    .http()
    .post('/api/v1/auth/verify-otp')
    .send({ email, otp: readCodeFromOutbox(t, email) })
    .expect(200);
  if (options.role && options.role !== 'customer')
    await t.db.getRepository(User).update({ email }, { role: options.role });
  const login = await t.http().post('/api/v1/auth/login').send({ email, password }).expect(200);
  return { email, password, token: login.body.token as string, user: login.body.user as { id: number; role: string } };
}

/** Whether a public media object exists in the app's store (a folder, or the S3 bucket in the scale-out run). */
export function mediaExists(t: TestApp, key: string): Promise<boolean> {
  return t.app.get(StorageService).mediaExists(key);
}

/** Whether a private document exists in the app's private store. */
export function documentExists(t: TestApp, key: string): Promise<boolean> {
  return t.app.get(StorageService).privateExists(key);
}

/** The private documents' keys in a folder. */
export function documentKeys(t: TestApp, folder: string): Promise<string[]> {
  return t.app.get(StorageService).listPrivate(folder);
}
