import { Column, Entity, Index } from 'typeorm';
import type { WalletCurrency } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';

export type TestPaymentStatus = 'pending' | 'success' | 'failed';

/** Test mode (no Paystack key): the transactions of the stand-in gateway, completed or cancelled on the test checkout. */
@Entity('test_payments')
export class TestPayment extends BaseEntity {
  @Index('uq_test_payments_reference', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  reference!: string;

  @Column({ type: 'varchar', length: 191 })
  email!: string;

  @Column({ type: 'bigint', transformer: numeric })
  amount_minor!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: WalletCurrency;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status!: TestPaymentStatus;

  @Column({ type: 'varchar', length: 500 })
  callback_url!: string;
}
