import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, LessThanOrEqual, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { insertRows } from '../../database/inserted-ids';
import { inTransaction } from '../../database/transaction';
import type { EventMap, EventName } from '../events';
import { runExclusive } from '../rate-limit/job-lock';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../rate-limit/rate-limit.store';
import { OutboxEvent } from './outbox-event.entity';

/** How long one delivery holds an event; a worker that dies lets it go after this. */
const CLAIM_MS = 60_000;
/** The wait before the n-th retry of an event whose listener failed: 5 s, 10 s, 20 s ... at most an hour. */
const backoffMs = (attempts: number) => Math.min(3600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
const BATCH = 100;

/** An event to write: its name and payload (a service that owns the event builds it; a caller may write several). */
export interface OutboxDraft<K extends EventName = EventName> {
  event: K;
  payload: EventMap[K];
}

/** An event as written by enqueueAll: its id, name and payload text (delivered without reading it back). */
export interface OutboxWritten {
  id: number;
  event: EventName;
  payload: string;
}

/** A draft of one event, typed by its name. */
export function outboxDraft<K extends EventName>(event: K, payload: EventMap[K]): OutboxDraft<K> {
  return { event, payload };
}

/**
 * The outbox (docs/decisions/028-outbox.md). A service writes the event with `enqueue(m, ...)` inside the transaction
 * of the change it reports, so the event exists exactly when the change committed; after the commit it calls
 * `deliver(ids)`, which hands each event to its listeners at once (the request's answer waits, as before). Anything
 * not delivered (the process ended in between, a listener failed) is delivered by a worker every OUTBOX_INTERVAL_MS,
 * on one instance at a time (a lock in the shared store). Delivery is at least once: listeners are idempotent.
 */
@Injectable()
export class OutboxService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Outbox');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventEmitter2,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RATE_LIMIT_STORE) private readonly shared: RateLimitStore,
  ) {}

  onModuleInit(): void {
    const every = this.config.outbox.intervalMs;
    if (every <= 0) return;
    this.timer = setInterval(() => {
      runExclusive(this.shared, 'outbox', Math.max(every, CLAIM_MS), () => this.deliverDue()).catch((error: Error) =>
        this.logger.error(`Delivering the outbox failed: ${error.message}`),
      );
    }, every);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Writes an event inside the caller's transaction; answers its id (deliver it after the commit). */
  async enqueue<K extends EventName>(m: EntityManager, event: K, payload: EventMap[K]): Promise<number> {
    const [written] = await this.enqueueAll(m, [{ event, payload }]);
    return written.id;
  }

  /**
   * Writes several events inside the caller's transaction in one INSERT, in the order given (their ids ascend the
   * same way). Answers them as written: `deliverWritten` delivers them after the commit without reading them back.
   */
  async enqueueAll(m: EntityManager, drafts: readonly OutboxDraft[]): Promise<OutboxWritten[]> {
    if (!drafts.length) return [];
    const now = new Date();
    const rows = drafts.map((d) => ({
      created_at: now,
      event: d.event,
      payload: JSON.stringify(d.payload),
      attempts: 0,
      available_at: now,
      claimed_until: null,
      delivered_at: null,
      last_error: null,
    }));
    const ids = await insertRows(m, OutboxEvent, rows);
    return rows.map((row, i) => ({ id: ids[i], event: row.event, payload: row.payload }));
  }

  /** Delivers these events now (after their transaction committed); ones already delivered or held are skipped. */
  async deliver(ids: number[]): Promise<void> {
    for (const id of ids) await this.deliverOne(id);
  }

  /**
   * Delivers events this process has just written with `enqueueAll` (after their commit), as `deliver` does but with
   * one claim for all of them and one delivered mark for all that went through: the claim is one conditional UPDATE
   * (not delivered, not held), and the payloads are the ones written, never read back. An event the worker claimed
   * first is left to it; a listener's failure puts its event back with a backoff, as in `deliver`.
   */
  async deliverWritten(written: readonly OutboxWritten[]): Promise<void> {
    if (!written.length) return;
    const now = new Date();
    const until = new Date(now.getTime() + CLAIM_MS);
    const ids = written.map((w) => w.id);
    const claimed = await this.writeOnce((m) =>
      m
        .createQueryBuilder()
        .update(OutboxEvent)
        .set({ claimed_until: until })
        .where('id IN (:...ids) AND delivered_at IS NULL AND available_at <= :now', { ids, now })
        .andWhere('(claimed_until IS NULL OR claimed_until < :now)', { now })
        .execute(),
    );
    let mine = written;
    if (claimed.affected !== written.length) {
      // The worker took some first (rare: they were just written): this call delivers those held by its own claim.
      const held = await this.db.getRepository(OutboxEvent).find({
        select: ['id'],
        where: { id: In(ids), claimed_until: until, delivered_at: IsNull() },
      });
      const heldIds = new Set(held.map((h) => h.id));
      mine = written.filter((w) => heldIds.has(w.id));
    }
    const delivered: number[] = [];
    for (const event of mine) {
      try {
        await this.events.emitAsync(event.event, JSON.parse(event.payload), { outboxId: event.id });
        delivered.push(event.id);
      } catch (error) {
        // Written by enqueueAll just now: this was its first delivery.
        await this.putBack(event.id, event.event, 1, error as Error);
      }
    }
    if (!delivered.length) return;
    await this.writeOnce((m) =>
      m
        .createQueryBuilder()
        .update(OutboxEvent)
        .set({ delivered_at: new Date(), claimed_until: null, attempts: () => 'attempts + 1' })
        .where('id IN (:...ids)', { ids: delivered })
        .execute(),
    );
  }

  /**
   * One statement that changes outbox rows outside any business transaction. SQLite: in the transaction queue (one
   * connection is shared, so a statement outside the queue would join whatever transaction is open). MySQL/MariaDB:
   * the statement alone (autocommit is atomic for one statement; no BEGIN and COMMIT round trips).
   */
  private writeOnce<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    const type = this.db.options.type;
    if (type === 'mysql' || type === 'mariadb') return work(this.db.manager);
    return inTransaction(this.db, work);
  }

  /** A listener failed: the event goes back with the error and a backoff before its next try. */
  private async putBack(id: number, event: string, attempts: number, error: Error): Promise<void> {
    this.logger.error(`Listener of ${event} (outbox ${id}, try ${attempts}) failed: ${error.message}`);
    await inTransaction(this.db, (m) =>
      m.update(
        OutboxEvent,
        { id },
        {
          attempts,
          available_at: new Date(Date.now() + backoffMs(attempts)),
          claimed_until: null,
          last_error: String(error.message).slice(0, 255),
        },
      ),
    );
  }

  /** Every event due (never delivered, not held, its backoff passed), oldest first; answers how many were delivered. */
  async deliverDue(now = new Date()): Promise<number> {
    let delivered = 0;
    let after = 0;
    for (;;) {
      const due = await this.db.getRepository(OutboxEvent).find({
        select: ['id'],
        where: { delivered_at: IsNull(), available_at: LessThanOrEqual(now) },
        order: { id: 'ASC' },
        take: BATCH,
      });
      const ids = due.map((d) => d.id).filter((id) => id > after);
      if (!ids.length) return delivered;
      for (const id of ids) if (await this.deliverOne(id, now)) delivered++;
      after = ids[ids.length - 1];
      if (due.length < BATCH) return delivered;
    }
  }

  /** How many events wait for delivery (for health and the reconciliation). */
  pending(): Promise<number> {
    return this.db.getRepository(OutboxEvent).count({ where: { delivered_at: IsNull() } });
  }

  /** Events of one name written after `afterId` (tests and the CLI read what a change wrote). */
  written(event: EventName, afterId = 0): Promise<OutboxEvent[]> {
    return this.db
      .getRepository(OutboxEvent)
      .createQueryBuilder('e')
      .where('e.event = :event AND e.id > :afterId', { event, afterId })
      .orderBy('e.id', 'ASC')
      .getMany();
  }

  /**
   * Claims the event (a conditional UPDATE: not delivered, not held by another delivery), runs its listeners, and marks
   * it delivered; a listener's failure puts it back with a backoff and the error. Answers whether it was delivered.
   */
  private async deliverOne(id: number, now = new Date()): Promise<boolean> {
    const until = new Date(Date.now() + CLAIM_MS);
    const claimed = await inTransaction(this.db, (m) =>
      m
        .createQueryBuilder()
        .update(OutboxEvent)
        .set({ claimed_until: until })
        .where('id = :id AND delivered_at IS NULL AND available_at <= :now', { id, now })
        .andWhere('(claimed_until IS NULL OR claimed_until < :now)', { now })
        .execute(),
    );
    if (claimed.affected !== 1) return false;
    const row = await this.db.getRepository(OutboxEvent).findOneByOrFail({ id });
    try {
      await this.events.emitAsync(row.event, JSON.parse(row.payload), { outboxId: row.id });
    } catch (error) {
      await this.putBack(id, row.event, row.attempts + 1, error as Error);
      return false;
    }
    await inTransaction(this.db, (m) =>
      m.update(OutboxEvent, { id }, { delivered_at: new Date(), claimed_until: null, attempts: row.attempts + 1 }),
    );
    return true;
  }

  /** Marks events delivered without running listeners (maintenance: events that must not be delivered any more). */
  async discard(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await inTransaction(this.db, (m) => m.update(OutboxEvent, { id: In(ids) }, { delivered_at: new Date() }));
  }
}
