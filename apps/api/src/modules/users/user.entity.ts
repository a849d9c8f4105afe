import { Column, Entity, Index } from 'typeorm';
import type { Role, UserStatusValue } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';

@Entity('users')
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
}
