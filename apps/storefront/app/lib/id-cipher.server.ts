import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import { env } from './env.server';

/**
 * Encrypted values in URLs (category ids, the catalogue's ?filter= product type): AES-256-GCM with a key
 * derived from LINK_SECRET. The IV is an HMAC of the plain text, so a value always encrypts to the same
 * token (stable, cacheable and indexable links) while the GCM tag still rejects any tampered token.
 * Token = base64url(iv[12] | tag[16] | ciphertext).
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

let cached: { secret: string; key: Buffer; ivKey: Buffer } | null = null;

function keys() {
  const secret = env.linkSecret;
  if (!cached || cached.secret !== secret) {
    cached = {
      secret,
      key: createHash('sha256').update(`enc:${secret}`).digest(),
      ivKey: createHash('sha256').update(`iv:${secret}`).digest(),
    };
  }
  return cached;
}

/** Tokens already made (deterministic, so safe to keep): pages link the same categories on every request. */
const made = new Map<string, { secret: string; token: string }>();
const MADE_MAX = 5_000;

export function encryptParam(value: string | number): string {
  const text = String(value);
  const { secret } = keys();
  const hit = made.get(text);
  if (hit && hit.secret === secret) return hit.token;
  const token = encrypt(text);
  if (made.size >= MADE_MAX) made.clear();
  made.set(text, { secret, token });
  return token;
}

function encrypt(text: string): string {
  const { key, ivKey } = keys();
  const plain = Buffer.from(text, 'utf8');
  const iv = createHmac('sha256', ivKey).update(plain).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
}

/** The plain text, or null for anything that is not a token we made (treat as missing). */
export function decryptParam(token: string | null | undefined): string | null {
  if (!token || token.length > 512 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  try {
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', keys().key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const encryptId = (id: number): string => encryptParam(id);

/** A positive integer id, or null. */
export function decryptId(token: string | null | undefined): number | null {
  const plain = decryptParam(token);
  if (!plain || !/^\d{1,12}$/.test(plain)) return null;
  const id = Number(plain);
  return id > 0 ? id : null;
}

/** The link of a category page. */
export const categoryPath = (id: number): string => `/category/${encryptId(id)}`;
