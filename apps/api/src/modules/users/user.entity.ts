import { Column, Entity, Index } from 'typeorm';
import type { Role, UserStatusValue } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';

@Entity('users')
// Admin list indexes (CatalogueSpeed1763750000000); on SQLite the name column is COLLATE NOCASE, for the
// case-insensitive name sort.
@Index('idx_users_deleted_created', ['deleted_at', 'created_at', 'id'])
@Index('idx_users_deleted_name', ['deleted_at', 'name', 'id'])
@Index('idx_users_deleted_role_created', ['deleted_at', 'role', 'created_at', 'id'])
@Index('idx_users_deleted_status_created', ['deleted_at', 'status', 'created_at', 'id'])
export class User extends BaseEntity {
  @Column({ type: 'varchar', length: 120, nullable: true })
  name!: string | null;

  /** Stored lowercased; unique. */
  @Index('uq_users_email', { unique: true })
  @Column({ type: 'varchar', length: 191 })
  email!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  password_hash!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  address!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  postal_code!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  country!: string | null;

  /** Path of the stored avatar relative to the upload folder, e.g. avatars/1f3c....webp. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  image!: string | null;

  @Index('idx_users_role')
  @Column({ type: 'varchar', length: 20, default: 'customer' })
  role!: Role;

  @Column({ type: 'varchar', length: 2, default: '1' })
  status!: UserStatusValue;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  email_verified_at!: Date | null;

  /**
   * A new address waiting for its code (POST /user/change-email); `email` stays in force until the code
   * sent to this address is confirmed.
   */
  @Column({ type: 'varchar', length: 191, nullable: true })
  pending_email!: string | null;

  /**
   * The user's one open e-mail code (HMAC, never the code): the sign-up code while the account is unverified,
   * the e-mail change code (bound to pending_email) once it is verified.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  otp_hash!: string | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  otp_expires_at!: Date | null;

  @Column({ type: 'integer', default: 0 })
  otp_attempts!: number;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  otp_sent_at!: Date | null;

  @Index('uq_users_google_id', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  google_id!: string | null;

  /**
   * Carried in every API token as `ver`; the JWT strategy refuses a token whose `ver` differs. Raising it
   * (logout, password, role, status or e-mail change) ends every session of the user at once.
   */
  @Column({ type: 'integer', default: 0 })
  token_version!: number;

  /**
   * Set when an admin deletes the user: the row stays (reviews, and soon orders and ledgers, keep their owner)
   * but is deactivated and anonymised, and hidden from the admin's user list.
   */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  deleted_at!: Date | null;

  /** 1: e-mail the updates (deliveries, orders, support replies) too; 0: in-app only. Essential mail is always sent. */
  @Column({ type: 'integer', default: 1 })
  email_updates!: number;
}
