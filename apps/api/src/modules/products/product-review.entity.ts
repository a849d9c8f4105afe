import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';
import { User } from '../users/user.entity';
import { Product } from './product.entity';

/** One review per user per product (posting again replaces it). */
@Entity('product_reviews')
@Index('uq_reviews_product_user', ['product_id', 'user_id'], { unique: true })
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

  @Column({ type: 'text', nullable: true })
  comment!: string | null;
}
