import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, LessThanOrEqual, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config';
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
    const now = new Date();
    const row = m.create(OutboxEvent, {
      created_at: now,
      event,
      payload: JSON.stringify(payload),
      attempts: 0,
      available_at: now,
      claimed_until: null,
      delivered_at: null,
      last_error: null,
    });
    await m.insert(OutboxEvent, row);
    return row.id;
  }

  /** Delivers these events now (after their transaction committed); ones already delivered or held are skipped. */
  async deliver(ids: number[]): Promise<void> {
    for (const id of ids) await this.deliverOne(id);
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
      const attempts = row.attempts + 1;
      this.logger.error(
        `Listener of ${row.event} (outbox ${row.id}, try ${attempts}) failed: ${(error as Error).message}`,
      );
      await inTransaction(this.db, (m) =>
        m.update(
          OutboxEvent,
          { id },
          {
            attempts,
            available_at: new Date(Date.now() + backoffMs(attempts)),
            claimed_until: null,
            last_error: String((error as Error).message).slice(0, 255),
          },
        ),
      );
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
