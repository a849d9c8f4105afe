import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { ContentCategory, DeliveryFailureReason, ProblemActionKind } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { User } from '../users/user.entity';
import { Delivery } from './delivery.entity';

/**
 * One line of a parcel's declared contents (customs, issue 26): what it is, how many, its value in US cents and its
 * category. The list is replaced whole when the customer or staff edit it (ContentsService).
 */
@Entity('delivery_contents')
@Index('idx_delivery_contents_delivery', ['delivery_id', 'position'])
export class DeliveryContent extends BaseEntity {
  @Column({ type: 'integer' })
  delivery_id!: number;

  @ManyToOne(() => Delivery, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: Delivery;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'varchar', length: 200 })
  description!: string;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ type: 'bigint', transformer: numeric })
  value_cents!: number;

  @Column({ type: 'varchar', length: 20 })
  category!: ContentCategory;
}

/**
 * A rider's attempt at the last mile (append-only): delivered (recipient's name, a photo and a signature, both private
 * files) or failed (a reason). `open` is 1 on a failed attempt until a later attempt of the same parcel: the problem
 * queue's failed deliveries are the open ones.
 */
@Entity('delivery_attempts')
@Index('idx_delivery_attempts_delivery', ['delivery_id', 'id'])
@Index('idx_delivery_attempts_open', ['open', 'created_at', 'id'])
@Index('idx_delivery_attempts_rider', ['rider_id', 'created_at', 'id'])
export class DeliveryAttempt extends BaseEntity {
  @Column({ type: 'integer' })
  delivery_id!: number;

  @ManyToOne(() => Delivery, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: Delivery;

  @Column({ type: 'integer' })
  rider_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'rider_id' })
  rider?: User;

  @Column({ type: 'varchar', length: 10 })
  outcome!: 'delivered' | 'failed';

  @Column({ type: 'varchar', length: 20, nullable: true })
  reason!: DeliveryFailureReason | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  recipient_name!: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  photo_key!: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  signature_key!: string | null;

  @Column({ type: 'integer', default: 0 })
  open!: number;
}

/** What staff did about a row of the problem queue (append-only): who, when, which action, a note. */
@Entity('problem_actions')
@Index('idx_problem_actions_delivery', ['delivery_id', 'category', 'id'])
export class ProblemAction extends BaseEntity {
  @Column({ type: 'integer' })
  delivery_id!: number;

  @ManyToOne(() => Delivery, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: Delivery;

  @Column({ type: 'varchar', length: 30 })
  category!: string;

  @Column({ type: 'varchar', length: 30 })
  action!: ProblemActionKind;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note!: string | null;

  @Column({ type: 'integer' })
  actor_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'actor_id' })
  actor?: User;
}
