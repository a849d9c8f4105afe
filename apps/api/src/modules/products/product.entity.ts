import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { ProductType } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { Category } from '../categories/category.entity';
import { User } from '../users/user.entity';

@Entity('products')
@Index('idx_products_status_type', ['status', 'type'])
export class Product extends BaseEntity {
  @Index('idx_products_user')
  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  owner?: User;

  @Column({ type: 'varchar', length: 191 })
  name!: string;

  @Index('idx_products_category')
  @Column({ type: 'integer' })
  category_id!: number;

  @ManyToOne(() => Category, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'category_id' })
  category?: Category;

  @Column({ type: 'varchar', length: 20 })
  type!: ProductType;

  @Column({ type: 'text' })
  description!: string;

  /** Price in kobo (integer minor units). */
  @Index('idx_products_price')
  @Column({ type: 'bigint', transformer: numeric })
  price_kobo!: number;

  /** 1 active, 0 inactive. */
  @Column({ type: 'integer', default: 1 })
  status!: 0 | 1;

  /** Stored image key (products/<hex>.webp); a -card variant sits beside it. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  image!: string | null;

  @Index('idx_products_rating')
  @Column({ type: 'decimal', precision: 3, scale: 2, default: 0, transformer: numeric })
  average_rating!: number;

  @Column({ type: 'integer', default: 0 })
  review_count!: number;

  @Column({ type: 'integer', default: 0 })
  stock_quantity!: number;

  @Index('uq_products_sku', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  sku!: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  weight!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  dimensions!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  discount!: string | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  flash_start_at!: Date | null;

  @Index('idx_products_flash_end')
  @Column({ type: 'datetime', precision: 6, nullable: true })
  flash_end_at!: Date | null;
}
