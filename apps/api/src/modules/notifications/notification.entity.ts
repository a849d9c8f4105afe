import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { NotificationStatus } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { User } from '../users/user.entity';

@Entity('notifications')
@Index('idx_notifications_user_created', ['user_id', 'created_at', 'id'])
@Index('idx_notifications_user_status_created', ['user_id', 'status', 'created_at', 'id'])
export class Notification extends BaseEntity {
  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 191 })
  title!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description!: string | null;

  @Column({ type: 'text', nullable: true })
  message!: string | null;

  /** What it is about: a relative path of the recipient's app (notificationLink), or null. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  link!: string | null;

  /** 0 unread, 1 read. */
  @Column({ type: 'integer', default: 0 })
  status!: NotificationStatus;
}
