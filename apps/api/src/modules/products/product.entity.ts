import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { ProductType } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { Category } from '../categories/category.entity';
import { User } from '../users/user.entity';

@Entity('products')
// List indexes (CatalogueSpeed1763750000000): equality filters, then the sort column, then id. On SQLite the
// name column of idx_products_status_name is COLLATE NOCASE, for the case-insensitive name sort.
@Index('idx_products_status_created', ['status', 'created_at', 'id'])
@Index('idx_products_status_price', ['status', 'price_kobo', 'id'])
@Index('idx_products_status_rating', ['status', 'average_rating', 'id'])
@Index('idx_products_status_name', ['status', 'name', 'id'])
@Index('idx_products_status_stock', ['status', 'stock_quantity', 'id'])
@Index('idx_products_status_flash_end', ['status', 'flash_end_at', 'id'])
@Index('idx_products_status_category_created', ['status', 'category_id', 'created_at', 'id'])
@Index('idx_products_status_type_created', ['status', 'type', 'created_at', 'id'])
@Index('idx_products_status_type_flash_end', ['status', 'type', 'flash_end_at', 'id'])
@Index('idx_products_user_created', ['user_id', 'created_at', 'id'])
// My Products (VendorPlace1764021000000): the owner, the status when filtered, then the sort column.
@Index('idx_products_user_status_created', ['user_id', 'status', 'created_at', 'id'])
@Index('idx_products_user_price', ['user_id', 'price_kobo', 'id'])
@Index('idx_products_user_status_price', ['user_id', 'status', 'price_kobo', 'id'])
@Index('idx_products_user_stock', ['user_id', 'stock_quantity', 'id'])
@Index('idx_products_user_status_stock', ['user_id', 'status', 'stock_quantity', 'id'])
@Index('idx_products_user_rating', ['user_id', 'average_rating', 'id'])
@Index('idx_products_user_status_rating', ['user_id', 'status', 'average_rating', 'id'])
@Index('idx_products_created', ['created_at', 'id'])
// Full-text search on name: a FULLTEXT index on MySQL/MariaDB, an FTS5 table with triggers on SQLite (not an
// index TypeORM can compare, hence synchronize: false; query-plans.e2e-spec checks both exist).
@Index('ftx_products_name', { synchronize: false })
export class Product extends BaseEntity {
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
