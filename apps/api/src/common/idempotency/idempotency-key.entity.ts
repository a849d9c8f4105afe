import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../base.entity';
import { User } from '../../modules/users/user.entity';

/**
 * An Idempotency-Key a user sent with a money request, the request it was used for (scope) and the answer given,
 * so a replay (even a concurrent one) gets the same answer and moves money once. Unique per user and key.
 */
@Entity('idempotency_keys')
@Index('uq_idempotency_user_key', ['user_id', 'idem_key'], { unique: true })
export class IdempotencyKey extends BaseEntity {
  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 255 })
  idem_key!: string;

  /** The request the key was first used for, e.g. 'POST /invoices/12/pay wallet'. */
  @Column({ type: 'varchar', length: 191 })
  scope!: string;

  /** SHA-256 (hex) of the scope and the canonical JSON of the request's body: the same key with another body is a 422. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  request_hash!: string | null;

  /** The answer's status code; null while the request is still being processed. */
  @Column({ type: 'integer', nullable: true })
  status_code!: number | null;

  /** The answer's JSON body. */
  @Column({ type: 'text', nullable: true })
  response!: string | null;
}
