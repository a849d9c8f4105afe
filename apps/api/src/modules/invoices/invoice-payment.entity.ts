import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { LedgerStatus, WalletCurrency } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { Invoice } from './invoice.entity';

/**
 * A card payment of an invoice through the gateway: pending until Paystack (or the test checkout) confirms it,
 * then completed or failed exactly once. The amount and currency are what the webhook and verify must match.
 */
@Entity('invoice_payments')
@Index('idx_invoice_payments_invoice', ['invoice_id', 'status'])
export class InvoicePayment extends BaseEntity {
  @Index('uq_invoice_payments_reference', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  reference!: string;

  @Column({ type: 'integer' })
  invoice_id!: number;

  @ManyToOne(() => Invoice, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'invoice_id' })
  invoice?: Invoice;

  @Column({ type: 'bigint', transformer: numeric })
  amount_minor!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: WalletCurrency;

  @Column({ type: 'varchar', length: 10 })
  status!: LedgerStatus;

  @Column({ type: 'varchar', length: 10 })
  gateway!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  authorization_url!: string | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  settled_at!: Date | null;
}
