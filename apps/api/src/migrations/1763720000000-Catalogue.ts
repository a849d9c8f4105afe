import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { idColumn, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

const fk = (column: string, table: string, onDelete: 'CASCADE' | 'RESTRICT') =>
  new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete,
    onUpdate: 'NO ACTION',
  });

/** Categories, products (price in kobo), reviews and wishlists. */
export class Catalogue1763720000000 implements MigrationInterface {
  name = 'Catalogue1763720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'categories',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('name', 100),
          { name: 'status', type: 'integer', default: 1 },
        ],
        indices: [new TableIndex({ name: 'uq_categories_name', columnNames: ['name'], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'products',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'user_id', type: 'integer' },
          varchar('name', 191),
          { name: 'category_id', type: 'integer' },
          varchar('type', 20),
          { name: 'description', type: 'text' },
          { name: 'price_kobo', type: 'bigint' },
          { name: 'status', type: 'integer', default: 1 },
          varchar('image', 255, { isNullable: true }),
          { name: 'average_rating', type: 'decimal', precision: 3, scale: 2, default: 0 },
          { name: 'review_count', type: 'integer', default: 0 },
          { name: 'stock_quantity', type: 'integer', default: 0 },
          varchar('sku', 64, { isNullable: true }),
          varchar('weight', 50, { isNullable: true }),
          varchar('dimensions', 100, { isNullable: true }),
          varchar('discount', 20, { isNullable: true }),
          nullableDatetime('flash_start_at'),
          nullableDatetime('flash_end_at'),
        ],
        indices: [
          new TableIndex({ name: 'idx_products_status_type', columnNames: ['status', 'type'] }),
          new TableIndex({ name: 'idx_products_user', columnNames: ['user_id'] }),
          new TableIndex({ name: 'idx_products_category', columnNames: ['category_id'] }),
          new TableIndex({ name: 'idx_products_price', columnNames: ['price_kobo'] }),
          new TableIndex({ name: 'idx_products_rating', columnNames: ['average_rating'] }),
          new TableIndex({ name: 'idx_products_flash_end', columnNames: ['flash_end_at'] }),
          new TableIndex({ name: 'uq_products_sku', columnNames: ['sku'], isUnique: true }),
        ],
        foreignKeys: [fk('user_id', 'users', 'CASCADE'), fk('category_id', 'categories', 'RESTRICT')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'product_reviews',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'product_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'rating', type: 'integer' },
          { name: 'comment', type: 'text', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'uq_reviews_product_user', columnNames: ['product_id', 'user_id'], isUnique: true }),
        ],
        foreignKeys: [fk('product_id', 'products', 'CASCADE'), fk('user_id', 'users', 'CASCADE')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'wishlist_items',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'user_id', type: 'integer' },
          { name: 'product_id', type: 'integer' },
        ],
        indices: [
          new TableIndex({ name: 'uq_wishlist_user_product', columnNames: ['user_id', 'product_id'], isUnique: true }),
        ],
        foreignKeys: [fk('user_id', 'users', 'CASCADE'), fk('product_id', 'products', 'CASCADE')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('wishlist_items');
    await queryRunner.dropTable('product_reviews');
    await queryRunner.dropTable('products');
    await queryRunner.dropTable('categories');
  }
}
