import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { LedgerDirection, LedgerStatus, WalletCurrency } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { User } from '../users/user.entity';

/** What moved the money: a Paystack funding, an invoice paid from the wallet, a refund, an admin adjustment, a credit. */
/** sale: a vendor's share of a received order line; sale_reversal: taken back when the return is accepted. */
/** payout / payout_fee: a vendor's withdrawal and its fee, held at request; payout_return: both given back (issue 24). */
export type LedgerKind =
  | 'funding'
  | 'invoice_payment'
  | 'refund'
  | 'adjustment'
  | 'credit'
  | 'sale'
  | 'sale_reversal'
  | 'payout'
  | 'payout_fee'
  | 'payout_return';

/**
 * The wallet's append-only ledger. A completed entry is never edited; a pending one (a funding waiting for
 * Paystack) becomes completed or failed exactly once, by a conditional UPDATE. The reference is unique: it is the
 * idempotency key of the movement (Paystack reference, invoice payment, adjustment id).
 */
@Entity('wallet_ledger')
@Index('idx_ledger_user_created', ['user_id', 'created_at', 'id'])
@Index('idx_ledger_invoice', ['invoice_id', 'kind', 'status'])
@Index('idx_ledger_user_kind_status', ['user_id', 'kind', 'status'])
export class LedgerEntry extends BaseEntity {
  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 255 })
  description!: string;

  @Index('uq_ledger_reference', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  reference!: string;

  /** Always positive; see direction. */
  @Column({ type: 'bigint', transformer: numeric })
  amount_minor!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: WalletCurrency;

  @Column({ type: 'varchar', length: 6 })
  direction!: LedgerDirection;

  @Column({ type: 'varchar', length: 10 })
  status!: LedgerStatus;

  @Column({ type: 'varchar', length: 20 })
  kind!: LedgerKind;

  /** paystack or test (a funding); null otherwise. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  gateway!: string | null;

  /** The invoice it paid (or refunded). */
  @Column({ type: 'integer', nullable: true })
  invoice_id!: number | null;

  /** The admin who made an adjustment. */
  @Column({ type: 'integer', nullable: true })
  actor_id!: number | null;

  /** When a pending entry became completed or failed. */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  settled_at!: Date | null;
}
