import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';
import { User } from '../users/user.entity';

/**
 * A vendor's payout bank account (issue 24). One active account per vendor (active_vendor_id is the vendor's id while
 * active, NULL once replaced: a unique index keeps one); a replaced account is kept for the record. The Paystack
 * transfer recipient is created once per account and its code never leaves the API.
 */
@Entity('payout_accounts')
@Index('idx_payout_accounts_vendor', ['vendor_id', 'id'])
export class PayoutAccount extends BaseEntity {
  @Column({ type: 'integer' })
  vendor_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'vendor_id' })
  vendor?: User;

  /** The vendor's id while this is the active account; NULL once replaced. */
  @Index('uq_payout_accounts_active', { unique: true })
  @Column({ type: 'integer', nullable: true })
  active_vendor_id!: number | null;

  @Column({ type: 'varchar', length: 20 })
  bank_code!: string;

  @Column({ type: 'varchar', length: 120 })
  bank_name!: string;

  @Column({ type: 'varchar', length: 10 })
  account_number!: string;

  @Column({ type: 'varchar', length: 120 })
  account_name!: string;

  /** Paystack's transfer recipient (RCP_...): server-side only. */
  @Column({ type: 'varchar', length: 60 })
  recipient_code!: string;

  /** Payouts to this account are refused before this moment (an account change waits out a delay). */
  @Column({ type: 'datetime', precision: 6 })
  payable_after!: Date;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  replaced_at!: Date | null;
}
