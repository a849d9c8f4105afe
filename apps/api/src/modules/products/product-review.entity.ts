import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';
import { User } from '../users/user.entity';
import { Product } from './product.entity';

/** A buyer's review of a product, one per order line (the line is at To Review when it is written). */
@Entity('product_reviews')
@Index('idx_reviews_user_product', ['user_id', 'product_id'])
@Index('idx_reviews_product_created', ['product_id', 'created_at', 'id'])
export class ProductReview extends BaseEntity {
  @Column({ type: 'integer' })
  product_id!: number;

  @ManyToOne(() => Product, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;

  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'integer' })
  rating!: number;

  /** The order line this review was left for (one review per line); null for reviews from before orders existed. */
  @Index('uq_reviews_order_item', { unique: true })
  @Column({ type: 'integer', nullable: true })
  order_item_id!: number | null;

  @Column({ type: 'text', nullable: true })
  comment!: string | null;
}
