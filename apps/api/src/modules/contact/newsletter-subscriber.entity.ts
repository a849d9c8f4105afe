import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';

@Entity('newsletter_subscribers')
export class NewsletterSubscriber extends BaseEntity {
  @Index('uq_newsletter_email', { unique: true })
  @Column({ type: 'varchar', length: 191 })
  email!: string;
}
