import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { SupportStatus } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { User } from '../users/user.entity';

/** A support request: 1 Open (new), 2 In Progress (an admin replied), 0 Closed. */
@Entity('supports')
@Index('idx_supports_created', ['created_at', 'id'])
@Index('idx_supports_status_created', ['status', 'created_at', 'id'])
@Index('idx_supports_user_created', ['user_id', 'created_at', 'id'])
export class Support extends BaseEntity {
  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 191 })
  email!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'integer', default: 1 })
  status!: SupportStatus;

  @Column({ type: 'integer', default: 0 })
  response_count!: number;
}

/** A reply in a request's thread, by the owner or an admin; status 0 unread by the other side, 1 read. */
@Entity('support_responses')
@Index('idx_support_responses_support', ['support_id', 'id'])
export class SupportResponseRow extends BaseEntity {
  @Column({ type: 'integer' })
  support_id!: number;

  @ManyToOne(() => Support, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'support_id' })
  support?: Support;

  @Column({ type: 'integer' })
  responder_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'responder_id' })
  responder?: User;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'integer', default: 0 })
  status!: 0 | 1;
}
