import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { InvoiceStatus, InvoiceType, PaymentMethod, WalletCurrency } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { User } from '../users/user.entity';

/**
 * An invoice: an order, a delivery (cargo fee) or a manual charge. One per (type, subject) for orders and
 * deliveries (the unique index also refuses a concurrent duplicate); manual ones have no subject (NULLs never
 * collide). pending -> paid or cancelled, each by a conditional UPDATE on status = 'pending'.
 */
@Entity('invoices')
@Index('uq_invoices_type_subject', ['type', 'subject_id'], { unique: true })
@Index('idx_invoices_created', ['created_at', 'id'])
@Index('idx_invoices_status_created', ['status', 'created_at', 'id'])
@Index('idx_invoices_type_created', ['type', 'created_at', 'id'])
@Index('idx_invoices_user_created', ['user_id', 'created_at', 'id'])
// Sorted by amount (the back office), alone and under the status and type filters (issue 25).
@Index('idx_invoices_amount', ['amount_minor', 'id'])
@Index('idx_invoices_status_amount', ['status', 'amount_minor', 'id'])
@Index('idx_invoices_type_amount', ['type', 'amount_minor', 'id'])
export class Invoice extends BaseEntity {
  @Index('uq_invoices_reference', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  reference!: string;

  /** null: a guest's cargo fee (decision 032), paid by card through the guest's pay link, never from a wallet. */
  @Column({ type: 'integer', nullable: true })
  user_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 20 })
  type!: InvoiceType;

  @Column({ type: 'integer', nullable: true })
  subject_id!: number | null;

  /** How the subject is shown (e.g. 'Order #12', a tracking number); null for a manual invoice. */
  @Column({ type: 'varchar', length: 191, nullable: true })
  subject_label!: string | null;

  @Column({ type: 'varchar', length: 255 })
  description!: string;

  @Column({ type: 'bigint', transformer: numeric })
  amount_minor!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: WalletCurrency;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  status!: InvoiceStatus;

  @Column({ type: 'varchar', length: 10, nullable: true })
  payment_method!: PaymentMethod | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  paid_at!: Date | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  cancelled_at!: Date | null;

  /** A paid invoice whose money went back to the payer's wallet (one ledger refund entry with this invoice's id). */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  refunded_at!: Date | null;

  /**
   * What has been refunded of a paid invoice (wallet and card, pending card refunds included): raised by one
   * conditional UPDATE that never passes amount_minor; refunded_at is set when it reaches it (issue 24).
   */
  @Column({ type: 'bigint', transformer: numeric, default: 0 })
  refunded_minor!: number;

  /** The admin who raised a manual invoice. */
  @Column({ type: 'integer', nullable: true })
  created_by!: number | null;
}
