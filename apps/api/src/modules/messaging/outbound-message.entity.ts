import { Column, Entity, Index } from 'typeorm';
import type { OutboundMessageStatus, PhoneChannel } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';

/**
 * One SMS or WhatsApp message for one event, channel and user (issue 26, docs/decisions/043). The unique key
 * (event_key, channel, user_id) makes a replayed event or a second worker write nothing new, so an event is never
 * sent twice; a claim (claimed_until) lets one sender at a time send it; `sent_at` is set after the provider's answer.
 */
@Entity('outbound_messages')
@Index('uq_outbound_messages_event', ['event_key', 'channel', 'user_id'], { unique: true })
@Index('idx_outbound_messages_due', ['status', 'available_at', 'id'])
@Index('idx_outbound_messages_user_day', ['user_id', 'channel', 'created_at'])
export class OutboundMessage extends BaseEntity {
  @Column({ type: 'integer' })
  user_id!: number;

  @Column({ type: 'varchar', length: 10 })
  channel!: PhoneChannel;

  /** What it reports, e.g. outbox:123 (the outbox event's id). */
  @Column({ type: 'varchar', length: 100 })
  event_key!: string;

  /** The number it goes to (E.164). */
  @Column({ type: 'varchar', length: 20 })
  to_phone!: string;

  /** The SMS text, or the WhatsApp template's text as the user will read it. */
  @Column({ type: 'varchar', length: 480 })
  body!: string;

  /** WhatsApp: the template's name (its topic's; null on rows written before topics: the delivery template). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  template!: string | null;

  /** WhatsApp: the template's body parameters as JSON; SMS: null. */
  @Column({ type: 'varchar', length: 480, nullable: true })
  params!: string | null;

  @Column({ type: 'varchar', length: 10 })
  status!: OutboundMessageStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'datetime', precision: 6 })
  available_at!: Date;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  claimed_until!: Date | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  sent_at!: Date | null;

  /** The provider's message id, or outbox:<file> when written to the local outbox. */
  @Column({ type: 'varchar', length: 191, nullable: true })
  provider_ref!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  last_error!: string | null;
}
