import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';

/**
 * mismatch: the gateway reported success for another amount or currency than the one we asked for;
 * unknown: a signed webhook for a reference Jara never issued.
 */
export type PaymentExceptionKind = 'mismatch' | 'unknown';

/**
 * A gateway answer that did not settle: kept once per (reference, kind) until an admin resolves it, so the money the
 * gateway holds and the books never silently disagree. Listed by the reconciliation with what to do.
 */
@Entity('payment_exceptions')
@Index('uq_payment_exceptions_reference_kind', ['reference', 'kind'], { unique: true })
@Index('idx_payment_exceptions_resolved', ['resolved_at', 'id'])
export class PaymentException extends BaseEntity {
  @Column({ type: 'varchar', length: 100 })
  reference!: string;

  @Column({ type: 'varchar', length: 20 })
  kind!: PaymentExceptionKind;

  /** verify, webhook or test. */
  @Column({ type: 'varchar', length: 10 })
  source!: string;

  @Column({ type: 'varchar', length: 20 })
  gateway_status!: string;

  @Column({ type: 'bigint', transformer: numeric, nullable: true })
  gateway_amount_minor!: number | null;

  @Column({ type: 'varchar', length: 3, nullable: true })
  gateway_currency!: string | null;

  @Column({ type: 'bigint', transformer: numeric, nullable: true })
  expected_amount_minor!: number | null;

  @Column({ type: 'varchar', length: 3, nullable: true })
  expected_currency!: string | null;

  @Column({ type: 'varchar', length: 255 })
  note!: string;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  resolved_at!: Date | null;

  @Column({ type: 'integer', nullable: true })
  resolved_by!: number | null;
}
