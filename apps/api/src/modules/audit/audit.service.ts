import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { DataSource, EntityManager, EntityMetadata, EntitySubscriberInterface, InsertEvent } from 'typeorm';
import type { AuditLogEntry } from '@jara/contracts';
import { NotFoundError } from '../../common/errors';
import { applyDateRange } from '../../common/list/date-range';
import {
  integerFilter,
  invalidateListCounts,
  paginate,
  type ListQuery,
  type ListResult,
  type ListSpec,
} from '../../common/list/list-query';
import { addTransactionHook, inTransaction, type TransactionHook } from '../../database/transaction';
import type { User } from '../users/user.entity';
import { AuditLog } from './audit-log.entity';
import { AUDIT_REFS, AUDIT_TARGETS, diff, redact, type AuditTarget } from './audit-targets';

export const AUDIT_COUNTS = 'audit_logs';

const AUDIT_SPEC: ListSpec = {
  sortable: { created_at: 'a.created_at' },
  filterable: {
    actor_id: integerFilter('a.actor_id', { ops: ['eq'] }),
    entity_type: { expr: 'a.entity_type', ops: ['eq'] },
    entity_id: integerFilter('a.entity_id', { ops: ['eq'] }),
    action: { expr: 'a.action', ops: ['eq'] },
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'a.id',
  defaultPerPage: 20,
  limitOffset: true,
  // Totals are kept a few seconds per filter (each new entry starts them again), not counted on every page.
  countCache: { tag: AUDIT_COUNTS, ttlMs: 15_000 },
};

type Row = Record<string, unknown>;

/** One admin request being recorded (kept in AsyncLocalStorage while its handler runs). */
export interface AuditContext {
  db: DataSource;
  actor: { id: number; email: string; role: string };
  method: string;
  path: string;
  requestId: string | null;
  ip: string | null;
  entityType: string;
  action: string;
  target: (AuditTarget & { meta: EntityMetadata }) | null;
  /** The target's key: known from the route, or the id of the row the request inserted. */
  key: number | null;
  /** The key came from an insert inside a transaction not yet committed. */
  keyFromOpenTransaction: boolean;
  before: Row | null;
  body: Row | null;
  /** The entry once written, and the target as it recorded it. */
  entryId: number | null;
  recorded: Row | null;
  /** What to restore if the transaction that wrote the entry rolls back. */
  undo: { entryId: number | null; recorded: Row | null } | null;
  /** The request has answered: work it left running (an event listener) no longer touches its entry. */
  finished: boolean;
}

const storage = new AsyncLocalStorage<AuditContext>();

function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function numericKey(raw: unknown): number | null {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

function refKey(row: Pick<AuditLog, 'entity_type' | 'entity_id'>): string {
  return `${row.entity_type}:${row.entity_id}`;
}

function parseJson(text: string | null): Row | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Row;
  } catch {
    return null;
  }
}

export function presentAuditLog(row: AuditLog, entityRef: string | null = null): AuditLogEntry {
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    actor: { id: row.actor_id, email: row.actor_email, role: row.actor_role },
    actor_id: row.actor_id,
    action: row.action,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    entity_ref: entityRef,
    method: row.method,
    path: row.path,
    before: parseJson(row.before),
    after: parseJson(row.after),
    body: parseJson(row.body),
    request_id: row.request_id,
    ip: row.ip,
  };
}

/**
 * The audit log. Admin writes are recorded by AuditInterceptor (one entry per successful admin request) with the
 * help of this service: the target row is read before the handler runs, and the entry is written inside the first
 * transaction (inTransaction) that changes the target, or right after the handler when no transaction did.
 */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    addTransactionHook(AUDIT_HOOK);
    if (!db.subscribers.includes(AUDIT_HOOK)) db.subscribers.push(AUDIT_HOOK);
  }

  async list(query: ListQuery): Promise<ListResult<AuditLogEntry>> {
    const qb = this.db.getRepository(AuditLog).createQueryBuilder('a');
    const rest = applyDateRange(qb, query, 'a.created_at');
    const page = await paginate(qb, rest, AUDIT_SPEC);
    const refs = await this.refs(page.data);
    return page.map((row) => presentAuditLog(row, refs.get(refKey(row)) ?? null));
  }

  async get(id: number): Promise<AuditLogEntry> {
    const row = await this.db.getRepository(AuditLog).findOneBy({ id });
    if (!row) throw new NotFoundError('Audit log entry not found.');
    return presentAuditLog(row, (await this.refs([row])).get(refKey(row)) ?? null);
  }

  /**
   * The records' own numbers or names (an order's order_no, a delivery's tracking_no...), one statement per record
   * type on the page (a page is at most a hundred entries).
   */
  private async refs(rows: AuditLog[]): Promise<Map<string, string>> {
    const ids = new Map<string, Set<number>>();
    for (const row of rows) {
      if (row.entity_id === null || !AUDIT_REFS[row.entity_type]) continue;
      const set = ids.get(row.entity_type) ?? new Set<number>();
      set.add(row.entity_id);
      ids.set(row.entity_type, set);
    }
    const out = new Map<string, string>();
    for (const [type, set] of ids) {
      const { table, column } = AUDIT_REFS[type];
      const found: Array<{ id: number | string; ref: unknown }> = await this.db
        .createQueryBuilder()
        .select('t.id', 'id')
        .addSelect(`t.${column}`, 'ref')
        .from(table, 't')
        .where('t.id IN (:...ids)', { ids: [...set] })
        .getRawMany();
      for (const { id, ref } of found)
        if (ref !== null && ref !== undefined && ref !== '') out.set(`${type}:${Number(id)}`, String(ref));
    }
    return out;
  }

  /** The context of one admin write: who, where from, what it targets and the target as it was. */
  async begin(
    req: Request & { id?: string; user?: User },
    controllerPath: string,
    handler: string,
  ): Promise<AuditContext> {
    const user = req.user as User;
    const mapped = AUDIT_TARGETS[controllerPath];
    const meta = mapped ? this.db.entityMetadatas.find((m) => m.tableName === mapped.table) : undefined;
    const target = mapped && meta ? { ...mapped, meta } : null;
    const entityType = target?.type ?? snakeCase(controllerPath.replace(/[^A-Za-z0-9]+/g, '_')).slice(0, 50);
    let key: number | null = null;
    if (target) {
      const source = target.key ?? { param: 'id' };
      if ('actor' in source) key = user.id;
      else if ('fixed' in source) key = source.fixed;
      else key = numericKey((req.params ?? {})[source.param]);
    } else key = numericKey((req.params ?? {}).id);
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? redact(req.body as Row) : null;
    const ctx: AuditContext = {
      db: this.db,
      actor: { id: user.id, email: user.email, role: user.role },
      method: req.method,
      path: req.originalUrl.split('?')[0].slice(0, 255),
      requestId: req.id ?? null,
      ip: req.ip ?? null,
      entityType,
      action: `${entityType}.${snakeCase(handler)}`.slice(0, 100),
      target,
      key,
      keyFromOpenTransaction: false,
      before: null,
      body: body && Object.keys(body).length ? body : null,
      entryId: null,
      recorded: null,
      undo: null,
      finished: false,
    };
    if (target && key !== null) ctx.before = await snapshot(this.db.manager, ctx);
    return ctx;
  }

  /** Runs the handler with the context active, so transactions and inserts it makes can find it. */
  run<T>(ctx: AuditContext, fn: () => T): T {
    return storage.run(ctx, fn);
  }

  /**
   * After a successful handler: the entry is written now if no transaction wrote it, or brought up to date if a
   * later step of the same request changed the target again.
   */
  async finish(ctx: AuditContext, result: unknown): Promise<void> {
    if (ctx.key === null) {
      const data = (result as { data?: { id?: unknown } } | null)?.data;
      ctx.key = numericKey(data?.id);
    }
    const now = ctx.target && ctx.key !== null ? await snapshot(this.db.manager, ctx) : null;
    if (ctx.entryId !== null && JSON.stringify(now) === JSON.stringify(ctx.recorded)) return;
    // In a transaction of its own (on SQLite, queued like every other, so no other request's rollback can take
    // the entry with it), outside the request's context so the hook does not see it.
    await storage.exit(() =>
      inTransaction(this.db, async (m) => {
        if (ctx.entryId === null) return write(m, ctx, now);
        const change = diff(ctx.before, now);
        await m.update(
          AuditLog,
          { id: ctx.entryId },
          { before: json(change.before), after: json(change.after), entity_id: ctx.key },
        );
        ctx.recorded = now;
      }),
    );
  }
}

function json(value: Row | null): string | null {
  return value ? JSON.stringify(value) : null;
}

/** The target row's columns (null when there is none), read with `manager` (inside a transaction: as it sees it). */
async function snapshot(manager: EntityManager, ctx: AuditContext): Promise<Row | null> {
  if (!ctx.target || ctx.key === null) return null;
  const { meta } = ctx.target;
  const column = ctx.target.column ?? 'id';
  const entity = await manager
    .getRepository(meta.target)
    .createQueryBuilder('t')
    .where(`t.${column} = :key`, { key: ctx.key })
    .getOne();
  if (!entity) return null;
  const row: Row = {};
  for (const col of meta.columns) {
    if (col.isVirtual) continue;
    row[col.databaseName] = col.getEntityValue(entity);
  }
  return JSON.parse(JSON.stringify(row)) as Row;
}

async function write(manager: EntityManager, ctx: AuditContext, after: Row | null): Promise<void> {
  const change = diff(ctx.before, after);
  const row = manager.create(AuditLog, {
    actor_id: ctx.actor.id,
    actor_email: ctx.actor.email,
    actor_role: ctx.actor.role,
    action: ctx.action,
    entity_type: ctx.entityType,
    entity_id: ctx.key,
    method: ctx.method,
    path: ctx.path,
    before: json(change.before),
    after: json(change.after),
    body: json(ctx.body),
    request_id: ctx.requestId,
    ip: ctx.ip,
  });
  await manager.insert(AuditLog, row);
  ctx.entryId = row.id;
  ctx.recorded = after;
  invalidateListCounts(ctx.db, AUDIT_COUNTS);
}

/**
 * Inside every inTransaction of an audited request: once the target has changed, the entry is written in that
 * transaction (a rollback takes it away with the change); a later transaction that changes the target again
 * brings the entry up to date. Also listens to inserts, to learn the id of the row a creation made.
 */
const AUDIT_HOOK: TransactionHook & EntitySubscriberInterface = {
  async beforeCommit(manager: EntityManager): Promise<void> {
    const ctx = storage.getStore();
    if (!ctx?.target || ctx.key === null || ctx.finished) return;
    const now = await snapshot(manager, ctx);
    const base = ctx.entryId !== null ? ctx.recorded : ctx.before;
    if (JSON.stringify(now) === JSON.stringify(base)) return;
    ctx.undo = { entryId: ctx.entryId, recorded: ctx.recorded };
    if (ctx.entryId === null) {
      await write(manager, ctx, now);
    } else {
      const change = diff(ctx.before, now);
      await manager.update(AuditLog, { id: ctx.entryId }, { before: json(change.before), after: json(change.after) });
      ctx.recorded = now;
    }
  },

  afterCommit(): void {
    const ctx = storage.getStore();
    if (!ctx) return;
    ctx.undo = null;
    ctx.keyFromOpenTransaction = false;
  },

  afterRollback(): void {
    const ctx = storage.getStore();
    if (!ctx) return;
    if (ctx.undo) {
      ctx.entryId = ctx.undo.entryId;
      ctx.recorded = ctx.undo.recorded;
      ctx.undo = null;
    }
    if (ctx.keyFromOpenTransaction) {
      ctx.key = null;
      ctx.keyFromOpenTransaction = false;
    }
  },

  afterInsert(event: InsertEvent<Row>): void {
    const ctx = storage.getStore();
    if (!ctx?.target || ctx.key !== null || ctx.finished || event.metadata.tableName !== ctx.target.meta.tableName)
      return;
    if ((ctx.target.column ?? 'id') !== 'id') return;
    const id = numericKey(event.entity?.id);
    if (id === null) return;
    ctx.key = id;
    ctx.keyFromOpenTransaction = event.queryRunner.isTransactionActive;
  },
};
