import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';

/**
 * A user's dedicated virtual account at Paystack (issue 24, decision 038): a transfer into this NUBAN arrives as a
 * charge.success webhook (channel dedicated_nuban) and credits the user's wallet once (reference dva-<Paystack ref>).
 */
@Entity('dedicated_accounts')
export class DedicatedAccount extends BaseEntity {
  @Index('uq_dedicated_accounts_user', { unique: true })
  @Column({ type: 'integer' })
  user_id!: number;

  /** Paystack's customer (CUS_...): the webhook names it. */
  @Index('idx_dedicated_accounts_customer')
  @Column({ type: 'varchar', length: 50 })
  customer_code!: string;

  /** Paystack's id of the dedicated account. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  gateway_id!: string | null;

  @Column({ type: 'varchar', length: 100 })
  bank_name!: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  bank_slug!: string | null;

  @Index('uq_dedicated_accounts_number', { unique: true })
  @Column({ type: 'varchar', length: 20 })
  account_number!: string;

  @Column({ type: 'varchar', length: 191 })
  account_name!: string;
}
