import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { User } from '../users/user.entity';

export const WALLET_NON_NEGATIVE_CHECK = 'chk_wallets_non_negative';

/**
 * One wallet per user (created by its first credit): integer minor units per currency. Balances change only
 * through WalletLedger, by conditional UPDATEs next to a ledger entry in one transaction, and can never go below
 * zero (the conditional debit, and a CHECK constraint as the last line of defence).
 */
@Entity('wallets')
// The admin's wallets list sorts by either balance (issue 22).
@Index('idx_wallets_ngn_user', ['ngn_minor', 'user_id'])
@Index('idx_wallets_usd_user', ['usd_minor', 'user_id'])
@Check(WALLET_NON_NEGATIVE_CHECK, 'usd_minor >= 0 AND ngn_minor >= 0')
export class Wallet extends BaseEntity {
  @Index('uq_wallets_user', { unique: true })
  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'bigint', default: 0, transformer: numeric })
  usd_minor!: number;

  @Column({ type: 'bigint', default: 0, transformer: numeric })
  ngn_minor!: number;
}
