import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';

/**
 * A user's phone for messages and their channel choice (issue 26; the messaging module alone writes it). One row per
 * user, made on first use. `phone` is verified (unique: a number belongs to one account); `pending_phone` waits for
 * its code, which is kept only as an HMAC. E-mail updates stay users.email_updates (the users module's).
 */
@Entity('message_settings')
export class MessageSettingsRow extends BaseEntity {
  @Index('uq_message_settings_user', { unique: true })
  @Column({ type: 'integer' })
  user_id!: number;

  /** The verified number, E.164 (+234...); null until a code is confirmed. */
  @Index('uq_message_settings_phone', { unique: true })
  @Column({ type: 'varchar', length: 20, nullable: true })
  phone!: string | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  phone_verified_at!: Date | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  pending_phone!: string | null;

  /** HMAC-SHA256 of the user, the pending number and the code; never the code. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  code_hash!: string | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  code_expires_at!: Date | null;

  @Column({ type: 'integer', default: 0 })
  code_attempts!: number;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  code_sent_at!: Date | null;

  /** The Lagos day (YYYY-MM-DD) codes_sent counts for. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  codes_day!: string | null;

  @Column({ type: 'integer', default: 0 })
  codes_sent!: number;

  /** 1: delivery updates in the notification bell (the default); 0: not. */
  @Column({ type: 'integer', default: 1 })
  in_app!: number;

  @Column({ type: 'integer', default: 0 })
  sms!: number;

  @Column({ type: 'integer', default: 0 })
  whatsapp!: number;

  /**
   * The Lagos day (YYYY-MM-DD) sms_sent counts for, and the SMS updates written for sending that day: a slot is
   * claimed by a conditional UPDATE (sms_sent < cap), so two events at once cannot pass the daily cap (decision 048).
   */
  @Column({ type: 'varchar', length: 10, nullable: true })
  sms_day!: string | null;

  @Column({ type: 'integer', default: 0 })
  sms_sent!: number;

  /** As sms_day and sms_sent, for WhatsApp. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  whatsapp_day!: string | null;

  @Column({ type: 'integer', default: 0 })
  whatsapp_sent!: number;
}
