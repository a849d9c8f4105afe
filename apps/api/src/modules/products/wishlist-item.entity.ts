import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';
import { User } from '../users/user.entity';
import { Product } from './product.entity';

@Entity('wishlist_items')
@Index('uq_wishlist_user_product', ['user_id', 'product_id'], { unique: true })
export class WishlistItem extends BaseEntity {
  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'integer' })
  product_id!: number;

  @ManyToOne(() => Product, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;
}
