import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import { MSG, type ApiErrorBody } from '@jara/contracts';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  RefusedError,
  TooLargeError,
  TooManyAttemptsError,
  UnauthorizedError,
  UnavailableError,
  UpstreamError,
  type DomainError,
} from '../errors';
import { fieldError } from '../http/validation';
import { insertRows } from '../../database/inserted-ids';
import { inTransaction, isUniqueViolation, type TransactionOptions } from '../../database/transaction';
import { IdempotencyKey } from './idempotency-key.entity';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a replay waits for the first request with its key to finish before answering 409. */
const WAIT_MS = 10_000;
/** Deadlock retries of a request with a key (MySQL/MariaDB): enough for a burst of replays of one refused request. */
const REPLAY_TURNS = 12;

/** The Idempotency-Key header: absent, or 1 to 255 visible ASCII characters (a repeated header arrives joined and fails). */
export function readIdempotencyKey(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(raw))
    throw fieldError(IDEMPOTENCY_HEADER, MSG.money.idempotencyKeyInvalid);
  return raw;
}

/** The key is stored already (the row when it was read, else null: read it again). */
class KeyTaken extends Error {
  constructor(readonly row: IdempotencyKey | null = null) {
    super('The Idempotency-Key is taken');
  }
}

/** JSON with object keys sorted at every level (undefined members dropped): one text per meaning of a body. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of a request normalised: its scope and the canonical JSON of its body (as Stripe keys a request). */
export function requestHash(scope: string, request: unknown): string {
  return createHash('sha256')
    .update(`${scope}\n${canonicalJson(request)}`)
    .digest('hex');
}

/**
 * Idempotency-Key for money requests: the key (unique per user) is stored with the request it was first used for
 * and the answer given. A replay with the same key, even while the first is still running, gets that answer and
 * moves no money again; the same key for another request (another scope, or the same scope with another body: a
 * SHA-256 of the normalised request is stored with the key) is a 422. Only successful answers are kept: a refusal
 * (e.g. insufficient balance) rolls the key back with everything else, so the same key can try again later.
 */
@Injectable()
export class IdempotencyService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * `work` runs in one transaction together with claiming the key and storing its answer. Concurrent replays wait
   * on the key's unique index (MySQL/MariaDB) or the transaction queue (SQLite), then read the stored answer.
   */
  async inTransaction<T>(
    userId: number,
    key: string | undefined,
    scope: string,
    /** The request's body (normalised and hashed with the scope): the same key with another body is a 422. */
    request: unknown,
    work: (m: EntityManager) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<{ result: T; replayed: boolean }> {
    if (!key) return { result: await inTransaction(this.db, work, options), replayed: false };
    const hash = requestHash(scope, request);
    // No read of the key first: its INSERT, the transaction's first statement, decides. A key stored earlier fails it
    // at once (a duplicate, then the stored answer is read); a key whose first request is still running makes it wait
    // on the unique index (MySQL/MariaDB) until that request commits or rolls back. SQLite reads it in `before`.
    try {
      const result = await inTransaction(
        this.db,
        async (m) => {
          try {
            await insertRows(m, IdempotencyKey, [
              {
                user_id: userId,
                idem_key: key,
                scope,
                request_hash: hash,
                status_code: null,
                response: null,
              },
            ]);
          } catch (error) {
            if (isUniqueViolation(error)) throw new KeyTaken();
            throw error;
          }
          const answer = await work(m);
          await m.update(
            IdempotencyKey,
            { user_id: userId, idem_key: key },
            { status_code: 200, response: JSON.stringify(answer) },
          );
          return answer;
        },
        {
          // Replays waiting on the key's index deadlock when the first request rolls back (a refusal): take turns.
          attempts: REPLAY_TURNS,
          // SQLite: in this request's turn, a key stored by an earlier one is replayed before anything else runs.
          before: async (m) => {
            const stored = await m.findOne(IdempotencyKey, { where: { user_id: userId, idem_key: key } });
            if (stored) throw new KeyTaken(stored);
            await options.before?.(m);
          },
        },
      );
      return { result, replayed: false };
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      const first = error.row ?? (await this.find(userId, key));
      if (!first) throw new ConflictError(MSG.money.idempotencyInProgress);
      return { result: await this.replay<T>(first, scope, hash), replayed: true };
    }
  }

  /**
   * For work that calls an outside service (a gateway), which must not run inside a database transaction: the key is
   * claimed first, `work` runs, and its answer is stored; if `work` fails the claim is released.
   */
  async around<T>(
    userId: number,
    key: string | undefined,
    scope: string,
    /** The request's body (normalised and hashed with the scope): the same key with another body is a 422. */
    request: unknown,
    work: () => Promise<T>,
  ): Promise<{ result: T; replayed: boolean }> {
    if (!key) return { result: await work(), replayed: false };
    const hash = requestHash(scope, request);
    try {
      await inTransaction(this.db, (m) =>
        m.insert(IdempotencyKey, {
          user_id: userId,
          idem_key: key,
          scope,
          request_hash: hash,
          status_code: null,
          response: null,
        }),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const first = await this.find(userId, key);
      if (!first) throw new ConflictError(MSG.money.idempotencyInProgress);
      return { result: await this.replay<T>(first, scope, hash), replayed: true };
    }
    try {
      const result = await work();
      await inTransaction(this.db, (m) =>
        m.update(
          IdempotencyKey,
          { user_id: userId, idem_key: key },
          { status_code: 200, response: JSON.stringify(result) },
        ),
      );
      return { result, replayed: false };
    } catch (error) {
      await inTransaction(this.db, (m) => m.delete(IdempotencyKey, { user_id: userId, idem_key: key }));
      throw error;
    }
  }

  private find(userId: number, key: string): Promise<IdempotencyKey | null> {
    return this.db.getRepository(IdempotencyKey).findOne({ where: { user_id: userId, idem_key: key } });
  }

  /** The stored answer; waits while the first request is still running (its answer not yet stored). */
  private async replay<T>(row: IdempotencyKey, scope: string, hash: string): Promise<T> {
    // Another request (scope), or the same one with another body; a key stored before hashes were kept has none.
    if (row.scope !== scope || (row.request_hash !== null && row.request_hash !== hash))
      throw fieldError(IDEMPOTENCY_HEADER, MSG.money.idempotencyKeyReused);
    const deadline = Date.now() + WAIT_MS;
    let current: IdempotencyKey | null = row;
    while (current && current.response === null && Date.now() < deadline) {
      await sleep(50);
      current = await this.find(row.user_id, row.idem_key);
    }
    if (!current || current.response === null) throw new ConflictError(MSG.money.idempotencyInProgress);
    if (current.status_code && current.status_code >= 400)
      throw replayedError(current.status_code, JSON.parse(current.response) as ApiErrorBody);
    return JSON.parse(current.response) as T;
  }
}

/**
 * A refusal stored with a key (rows written before only successes were kept) is replayed as the domain error of its
 * status, with its message and field errors: the exception filter answers the same status and body again.
 */
function replayedError(status: number, body: ApiErrorBody): DomainError {
  const message = body?.message ?? MSG.common.serverError;
  switch (status) {
    case 400:
      return new RefusedError(message);
    case 401:
      return new UnauthorizedError(message);
    case 403:
      return new ForbiddenError(message);
    case 404:
      return new NotFoundError(message);
    case 413:
      return new TooLargeError(message);
    case 422:
      return new InvalidError(body?.errors ?? {}, message);
    case 429:
      return new TooManyAttemptsError(message);
    case 502:
      return new UpstreamError(message);
    case 503:
      return new UnavailableError(message);
    default:
      return new ConflictError(message, body?.errors);
  }
}
