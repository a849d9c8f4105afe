import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadConfig, type AppConfig } from '../../src/config/config';
import { StorageService } from '../../src/common/storage/storage.service';
import { User } from '../../src/modules/users/user.entity';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  db: DataSource;
  dir: string;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/**
 * Starts the real application on a fresh database: in-memory SQLite by default, or a new
 * MySQL/MariaDB database (created and dropped here) when DATABASE_URL is set.
 * Migrations run exactly as in production.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'jara-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    DATABASE_URL: database.url,
    AUTH_RATE_LIMIT: '100000',
    MAIL_LOG_CODES: 'false',
    REQUEST_LOG: 'false',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const app = await createApp(config, ['error']);
  await app.init();
  const db = app.get(DataSource);
  return {
    app,
    config,
    db,
    dir,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
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
  options: { role?: 'admin' | 'vendor' | 'customer'; email?: string; password?: string } = {},
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
