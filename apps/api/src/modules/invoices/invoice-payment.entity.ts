import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { InvoicePaymentStatus, WalletCurrency } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { Invoice } from './invoice.entity';

/**
 * What became of a card payment:
 * - pending: started, the gateway has not said it succeeded;
 * - completed: the gateway took exactly this amount and currency and the invoice was paid with it;
 * - failed: the gateway said it failed (a later genuine success still settles it);
 * - superseded: the invoice was re-priced or cancelled while this was pending, so it can never pay the invoice;
 * - refunded: the gateway took the money but the invoice could not take it (paid meanwhile, cancelled, re-priced): the
 *   amount went to the payer's wallet (ledger reference refund-<reference>);
 * - mismatch: the gateway reported another amount or currency than we asked for; nothing settled, an admin must look.
 */
export type { InvoicePaymentStatus };

/**
 * A card payment of an invoice through the gateway, for the amount and currency the invoice had when it started.
 * It settles the invoice only if the invoice still asks for exactly that (see InvoicesService.settle).
 */
@Entity('invoice_payments')
@Index('idx_invoice_payments_invoice', ['invoice_id', 'status'])
@Index('idx_invoice_payments_status', ['status', 'id'])
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
  status!: InvoicePaymentStatus;

  @Column({ type: 'varchar', length: 10 })
  gateway!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  authorization_url!: string | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  settled_at!: Date | null;

  /** What the gateway reported when it did not match (status mismatch). */
  @Column({ type: 'bigint', transformer: numeric, nullable: true })
  gateway_amount_minor!: number | null;

  @Column({ type: 'varchar', length: 3, nullable: true })
  gateway_currency!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  note!: string | null;
}
