import { Column, Entity, Index } from 'typeorm';
import type { RefundDestination, RefundStatus, WalletCurrency } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';

/**
 * A refund of an order's paid invoice (issue 24, decision 038), owned by the invoices module with the invoice's
 * refunded_minor. wallet: processed at once (a ledger credit with this reference). card: pending until Paystack's
 * refund.processed or refund.failed; a failed one is resolved by a wallet refund standing in for it (fallback_of).
 */
@Entity('order_refunds')
@Index('idx_order_refunds_order', ['order_id', 'id'])
@Index('idx_order_refunds_invoice', ['invoice_id', 'status'])
@Index('idx_order_refunds_status', ['status', 'id'])
export class OrderRefund extends BaseEntity {
  @Column({ type: 'integer' })
  order_id!: number;

  @Column({ type: 'integer' })
  invoice_id!: number;

  /** The buyer (whose wallet a wallet refund credits). */
  @Column({ type: 'integer' })
  user_id!: number;

  @Column({ type: 'varchar', length: 6 })
  destination!: RefundDestination;

  @Column({ type: 'bigint', transformer: numeric })
  amount_minor!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: WalletCurrency;

  @Column({ type: 'varchar', length: 10 })
  status!: RefundStatus;

  /** Ours, unique: the ledger reference of a wallet refund, the idempotency key of the row. */
  @Index('uq_order_refunds_reference', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  reference!: string;

  /** A card refund: the Paystack reference of the payment that paid the invoice (POST /refund's transaction). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  transaction_reference!: string | null;

  /** A card refund: Paystack's id of the refund (its webhooks name it). */
  @Index('idx_order_refunds_gateway')
  @Column({ type: 'varchar', length: 50, nullable: true })
  gateway_refund_id!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  reason!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  note!: string | null;

  /** The admin who refunded (null: an accepted return's refund names the admin in the order's history). */
  @Column({ type: 'integer', nullable: true })
  actor_id!: number | null;

  /** A wallet refund standing in for the failed card refund with this id. */
  @Column({ type: 'integer', nullable: true })
  fallback_of!: number | null;

  /** A card refund: when it was handed to Paystack (claimed once, so it is never sent twice). */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  sent_at!: Date | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  completed_at!: Date | null;

  /** A failed card refund whose money reached the buyer another way (the wallet fallback). */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  resolved_at!: Date | null;
}
