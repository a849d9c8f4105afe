import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An event written in the same transaction as the change it reports (docs/decisions/028-outbox.md): it exists if and
 * only if the change committed, and is delivered to the listeners at least once, however the process ends.
 */
@Entity('outbox_events')
@Index('idx_outbox_due', ['delivered_at', 'available_at', 'id'])
export class OutboxEvent {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'datetime', precision: 6 })
  created_at!: Date;

  /** The event's name (common/events.ts EVENTS). */
  @Column({ type: 'varchar', length: 60 })
  event!: string;

  /** The payload as JSON. */
  @Column({ type: 'text' })
  payload!: string;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** Not before: the next try after a failure (backoff). */
  @Column({ type: 'datetime', precision: 6 })
  available_at!: Date;

  /** A delivery in progress holds the event until then (a worker that died lets it go). */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  claimed_until!: Date | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  delivered_at!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  last_error!: string | null;
}
