import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { PayoutStatus } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { User } from '../users/user.entity';

/**
 * A withdrawal (issue 24). Its amount and fee left the vendor's wallet by two ledger debits (payout-<id>,
 * payout-fee-<id>) in the transaction that created it; a failure, reversal or rejection returns both by one credit
 * (payout-return-<id>). Status changes are conditional UPDATEs on the status read (see PAYOUT_TRANSITIONS).
 * The account is copied at request time (what the transfer was sent to).
 */
@Entity('payouts')
@Index('uq_payouts_reference', ['reference'], { unique: true })
// The back office's list: by status (the queue) or vendor, newest first; sorts by amount; the requery job.
@Index('idx_payouts_status_created', ['status', 'created_at', 'id'])
@Index('idx_payouts_vendor_created', ['vendor_id', 'created_at', 'id'])
@Index('idx_payouts_created', ['created_at', 'id'])
@Index('idx_payouts_amount', ['amount_minor', 'id'])
@Index('idx_payouts_status_amount', ['status', 'amount_minor', 'id'])
@Index('idx_payouts_vendor_amount', ['vendor_id', 'amount_minor', 'id'])
@Index('idx_payouts_status_sent', ['status', 'sent_at'])
export class Payout extends BaseEntity {
  @Column({ type: 'integer' })
  vendor_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'vendor_id' })
  vendor?: User;

  @Column({ type: 'integer' })
  account_id!: number;

  @Column({ type: 'bigint', transformer: numeric })
  amount_minor!: number;

  @Column({ type: 'bigint', transformer: numeric })
  fee_minor!: number;

  @Column({ type: 'varchar', length: 20 })
  status!: PayoutStatus;

  /** Our transfer reference sent to Paystack (payout-<id>-<random>). */
  @Column({ type: 'varchar', length: 100 })
  reference!: string;

  @Column({ type: 'varchar', length: 60 })
  recipient_code!: string;

  @Column({ type: 'varchar', length: 120 })
  bank_name!: string;

  @Column({ type: 'varchar', length: 10 })
  account_number!: string;

  @Column({ type: 'varchar', length: 120 })
  account_name!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  reason!: string | null;

  @Column({ type: 'integer', nullable: true })
  approved_by!: number | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  approved_at!: Date | null;

  /** When the transfer was (last) sent to Paystack: the requery job asks about processing ones after a while. */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  sent_at!: Date | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  completed_at!: Date | null;
}
