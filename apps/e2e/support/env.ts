import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the product under test runs (set by tools/scripts/e2e.mjs). */
export const E2E = {
  api: process.env.E2E_API_URL ?? 'http://localhost:4300/api/v1',
  storefront: process.env.E2E_STOREFRONT_URL ?? 'http://localhost:4301',
  admin: process.env.E2E_ADMIN_URL ?? 'http://localhost:4302',
  outbox: process.env.E2E_OUTBOX_DIR ?? '',
};

/** The demo accounts the seed creates. */
export const DEMO = {
  admin: { email: 'admin@jara.local', password: 'Admin123!', name: 'Jara Admin' },
  vendor: { email: 'vendor@jara.local', password: 'Vendor123!', name: 'Emeka Balogun Stores' },
  customer: { email: 'customer@jara.local', password: 'Customer123!', name: 'Chioma Adeyemi' },
} as const;

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

function latestCode(email: string): string | null {
  let files: string[] = [];
  try {
    files = readdirSync(E2E.outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return null;
  }
  for (const file of files) {
    const text = readFileSync(join(E2E.outbox, file), 'utf8');
    if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
    const match = /verification code is (\d{6})/.exec(text);
    if (match) return match[1];
  }
  return null;
}

/** The newest verification code e-mailed to an address (waits up to 10 s for the outbox). */
export async function readCode(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = latestCode(email);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No verification code for ${email} in ${E2E.outbox}`);
}

/** Calls the API directly (setup steps that are not under test). */
export async function api<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${E2E.api}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Logs in through the API and returns the token. */
export async function apiLogin(email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>('/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} failed with ${res.status}`);
  return res.body.token;
}

/** Creates a verified customer through the real sign-up API and the outbox. */
export async function createVerifiedUser(
  prefix = 'e2e',
  password = 'secret123',
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const reg = await api('/auth/register', { body: { email, password } });
  if (reg.status !== 201) throw new Error(`register failed with ${reg.status}`);
  const verify = await api('/auth/verify-otp', { body: { email, otp: await readCode(email) } });
  if (verify.status !== 200) throw new Error(`verify failed with ${verify.status}`);
  return { email, password };
}
