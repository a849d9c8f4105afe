import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';
import { Delivery } from './delivery.entity';

/**
 * confirm: the guest confirms the e-mail they gave; pay: the guest sees and pays the fee (decision 032); measure: the
 * guest accepts or disputes a measure far from what they declared (decision 046).
 */
export type GuestLinkPurpose = 'confirm' | 'pay' | 'measure';

/**
 * A link e-mailed to a guest: one current link per delivery and purpose (a new one replaces the old, whose token then
 * matches nothing). Only the SHA-256 of the random token is kept: a database read gives nobody a working link.
 */
@Entity('guest_links')
@Index('uq_guest_links_delivery', ['delivery_id', 'purpose'], { unique: true })
export class GuestLink extends BaseEntity {
  @Column({ type: 'integer' })
  delivery_id!: number;

  @ManyToOne(() => Delivery, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: Delivery;

  @Column({ type: 'varchar', length: 10 })
  purpose!: GuestLinkPurpose;

  @Index('uq_guest_links_token', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  token_hash!: string;

  @Column({ type: 'datetime', precision: 6 })
  expires_at!: Date;

  /** A confirm link: when the guest confirmed (the contact is confirmed from then on). Pay and measure links are never used up. */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  used_at!: Date | null;
}
