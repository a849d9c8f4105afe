import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { normalizeIp } from '@nestjs/throttler/dist/ip';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { MSG } from '@jara/contracts';
import { APP_CONFIG, type AbuseScope, type AppConfig } from '../../config/config';
import { RATE_LIMIT_STORE, type RateLimitStore } from './rate-limit.store';
import { TooManyAttemptsException } from './too-many-attempts.exception';

export interface AbuseLimitOptions {
  /**
   * Who the per-account counter belongs to when it is not the signed-in user: the e-mail a code is resent to, the
   * phone of a guest's shipping request. Read from the parsed body (before validation: a malformed value gives null,
   * and then only the address counts). Without it the signed-in user's id is used (nothing for a visitor).
   */
  subject?: (req: Request) => string | null;
  /** Only requests this accepts are counted (e.g. only multipart product writes are uploads). */
  when?: (req: Request) => boolean;
  /** The 429's message; default MSG.common.tooManyRequests(seconds). */
  message?: string;
}

interface AbuseLimitMeta extends AbuseLimitOptions {
  scope: AbuseScope;
}

const ABUSE_LIMIT_KEY = 'jara:abuse-limit';

/**
 * An abuse limit on a write route: at most `account` requests per window per account and `address` per client
 * address (config.abuseLimits[scope], env <PREFIX>_RATE_LIMIT / _RATE_ADDRESS_LIMIT / _RATE_WINDOW), on the shared
 * RateLimitStore (Redis when REDIS_URL is set). The next request is a 429 {message} with Retry-After (seconds to the end
 * of the window). Runs after the JWT and role guards (so it knows the user and never counts refused roles) and before
 * the body of an upload is read. Every request counts, valid or not. Admins are not limited.
 */
export function AbuseLimit(scope: AbuseScope, options: AbuseLimitOptions = {}) {
  return applyDecorators(
    SetMetadata(ABUSE_LIMIT_KEY, { scope, ...options } satisfies AbuseLimitMeta),
    UseGuards(AbuseLimitGuard),
    ApiTooManyRequestsResponse({
      description: `Too many requests for this account or from this address (abuse limit '${scope}'); Retry-After says how many seconds to wait`,
    }),
  );
}

/** A body field as the subject of the per-account counter: trimmed and lower-cased strings only. */
export function bodyField(field: string, normalize: (value: unknown) => string | null = plainString) {
  return (req: Request): string | null => normalize((req.body as Record<string, unknown> | undefined)?.[field]);
}

/** The request carries a file upload (multipart form). */
export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? ''));
}

function plainString(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().toLowerCase();
  return trimmed ? trimmed.slice(0, 320) : null;
}

@Injectable()
export class AbuseLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const meta = this.reflector.get<AbuseLimitMeta | undefined>(ABUSE_LIMIT_KEY, context.getHandler());
    if (!meta) return true;
    const req = context.switchToHttp().getRequest<Request & { user?: { id: number; role: string } }>();
    if (req.user?.role === 'admin') return true;
    if (meta.when && !meta.when(req)) return true;

    const { account, address, windowSeconds } = this.config.abuseLimits[meta.scope];
    const ttlMs = windowSeconds * 1000;
    const subject = meta.subject ? meta.subject(req) : req.user ? `user:${req.user.id}` : null;
    const counters: Array<{ key: string; limit: number }> = [
      { key: `abuse:${meta.scope}:addr:${normalizeIp(req.ip ?? 'unknown')}`, limit: address },
    ];
    if (subject) counters.push({ key: `abuse:${meta.scope}:acct:${hash(subject)}`, limit: account });

    const hits = await Promise.all(counters.map(({ key }) => this.store.increment(key, ttlMs)));
    const over = hits.filter((hit, i) => hit.count > counters[i].limit);
    if (!over.length) return true;
    const waitMs = Math.max(...over.map((hit) => hit.ttlMs));
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new TooManyAttemptsException(waitMs, meta.message ?? MSG.common.tooManyRequests(seconds));
  }
}

/** Subjects (e-mails, phones, ids) are hashed: the store never holds them in clear. */
function hash(subject: string): string {
  return createHash('sha256').update(subject).digest('hex').slice(0, 32);
}
