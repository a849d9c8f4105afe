import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { idColumn, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

const fk = (column: string, table: string, onDelete: 'RESTRICT' | 'CASCADE' = 'RESTRICT') =>
  new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete,
    onUpdate: 'NO ACTION',
  });
const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });
const integer = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'integer', ...extra });
const bigint = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'bigint', ...extra });

/**
 * Issue 10, orders: orders with their delivery details and totals in kobo, lines priced at checkout with the
 * marketplace split, the append-only status history; reviews become one per order line.
 */
export class Orders1763770000000 implements MigrationInterface {
  name = 'Orders1763770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'orders',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('order_no', 20),
          integer('user_id'),
          integer('status', { default: 0 }),
          varchar('currency', 3, { default: "'NGN'" }),
          bigint('subtotal_minor'),
          bigint('shipping_minor', { default: 0 }),
          bigint('total_minor'),
          varchar('payment_method', 16),
          varchar('full_name', 120),
          varchar('street_address', 255),
          varchar('city', 100),
          varchar('postal_code', 20),
          varchar('country', 60),
          { name: 'notes', type: 'text', isNullable: true },
          integer('invoice_id', { isNullable: true }),
          nullableDatetime('expires_at'),
          nullableDatetime('paid_at'),
          nullableDatetime('shipped_at'),
          nullableDatetime('received_at'),
          nullableDatetime('return_requested_at'),
          varchar('return_reason', 500, { isNullable: true }),
          nullableDatetime('stock_released_at'),
        ],
        indices: [
          index('uq_orders_order_no', ['order_no'], true),
          index('idx_orders_created', ['created_at', 'id']),
          index('idx_orders_status_created', ['status', 'created_at', 'id']),
          index('idx_orders_user_created', ['user_id', 'created_at', 'id']),
          index('idx_orders_user_status_created', ['user_id', 'status', 'created_at', 'id']),
          index('idx_orders_status_expires', ['status', 'expires_at']),
        ],
        foreignKeys: [fk('user_id', 'users')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'order_items',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          integer('order_id'),
          integer('product_id'),
          integer('vendor_id', { isNullable: true }),
          varchar('product_name', 191),
          varchar('product_image', 255, { isNullable: true }),
          bigint('unit_price_minor'),
          integer('quantity'),
          bigint('line_total_minor'),
          bigint('commission_minor', { default: 0 }),
          bigint('vendor_credit_minor', { default: 0 }),
          nullableDatetime('settled_at'),
          nullableDatetime('reversed_at'),
        ],
        indices: [
          index('idx_order_items_order', ['order_id', 'id']),
          index('idx_order_items_vendor_order', ['vendor_id', 'order_id']),
          index('idx_order_items_product_order', ['product_id', 'order_id']),
          index('idx_order_items_created_product', ['created_at', 'product_id']),
        ],
        foreignKeys: [fk('order_id', 'orders', 'CASCADE')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'order_status_changes',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          integer('order_id'),
          integer('from_status', { isNullable: true }),
          integer('to_status'),
          integer('actor_id', { isNullable: true }),
          varchar('actor_role', 10),
          varchar('note', 500, { isNullable: true }),
        ],
        indices: [index('idx_order_status_changes_order', ['order_id', 'id'])],
        foreignKeys: [fk('actor_id', 'users')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'order_vendors',
        columns: [
          idColumn(),
          integer('order_id'),
          integer('vendor_id'),
          integer('status'),
          { name: 'created_at', type: 'datetime', precision: 6 },
        ],
        indices: [
          index('uq_order_vendors_order_vendor', ['order_id', 'vendor_id'], true),
          index('idx_order_vendors_vendor_created', ['vendor_id', 'created_at', 'order_id']),
          index('idx_order_vendors_vendor_status_created', ['vendor_id', 'status', 'created_at', 'order_id']),
        ],
        foreignKeys: [fk('order_id', 'orders', 'CASCADE')],
      }),
    );
    // Reviews: one per order line (a buyer may review a product again after buying it again).
    await queryRunner.createIndex('product_reviews', index('idx_reviews_user_product', ['user_id', 'product_id']));
    await queryRunner.dropIndex('product_reviews', 'uq_reviews_product_user');
    await queryRunner.addColumn(
      'product_reviews',
      new TableColumn({ name: 'order_item_id', type: 'integer', isNullable: true }),
    );
    await queryRunner.createIndex('product_reviews', index('uq_reviews_order_item', ['order_item_id'], true));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('product_reviews', 'uq_reviews_order_item');
    await queryRunner.dropColumn('product_reviews', 'order_item_id');
    await queryRunner.createIndex('product_reviews', index('uq_reviews_product_user', ['product_id', 'user_id'], true));
    await queryRunner.dropIndex('product_reviews', 'idx_reviews_user_product');
    await queryRunner.dropTable('order_vendors');
    await queryRunner.dropTable('order_status_changes');
    await queryRunner.dropTable('order_items');
    await queryRunner.dropTable('orders');
  }
}
