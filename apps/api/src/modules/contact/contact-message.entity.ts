import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';

/** A message sent through the public contact form; admins read them in the back office. */
@Entity('contact_messages')
@Index('idx_contact_created', ['created_at', 'id'])
export class ContactMessage extends BaseEntity {
  @Column({ type: 'varchar', length: 120 })
  full_name!: string;

  @Column({ type: 'varchar', length: 191 })
  email!: string;

  @Column({ type: 'text' })
  message!: string;

  /** The signed-in sender, when there was one. */
  @Column({ type: 'integer', nullable: true })
  user_id!: number | null;
}
