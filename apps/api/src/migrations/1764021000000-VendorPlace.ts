import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Issue 22, a vendor's own place. My Products (mine=1, 20,000 items) filters by status and sorts by newest, price,
 * stock and rating: each served by an index leading with the owner (then the status when it is filtered), so a page
 * is read off the index instead of sorting every product of the vendor; the dashboard's low-stock list reads
 * (user_id, status, stock_quantity). The dashboard's pending earnings sum the vendor's pending sale entries of the
 * ledger by (user_id, kind, status).
 */
const PRODUCT_INDEXES: Array<[string, string[]]> = [
  ['idx_products_user_status_created', ['user_id', 'status', 'created_at', 'id']],
  ['idx_products_user_price', ['user_id', 'price_kobo', 'id']],
  ['idx_products_user_status_price', ['user_id', 'status', 'price_kobo', 'id']],
  ['idx_products_user_stock', ['user_id', 'stock_quantity', 'id']],
  ['idx_products_user_status_stock', ['user_id', 'status', 'stock_quantity', 'id']],
  ['idx_products_user_rating', ['user_id', 'average_rating', 'id']],
  ['idx_products_user_status_rating', ['user_id', 'status', 'average_rating', 'id']],
];

export class VendorPlace1764021000000 implements MigrationInterface {
  name = 'VendorPlace1764021000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, columnNames] of PRODUCT_INDEXES)
      await queryRunner.createIndex('products', new TableIndex({ name, columnNames }));
    await queryRunner.createIndex(
      'wallet_ledger',
      new TableIndex({ name: 'idx_ledger_user_kind_status', columnNames: ['user_id', 'kind', 'status'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('wallet_ledger', 'idx_ledger_user_kind_status');
    for (const [name] of [...PRODUCT_INDEXES].reverse()) await queryRunner.dropIndex('products', name);
  }
}
