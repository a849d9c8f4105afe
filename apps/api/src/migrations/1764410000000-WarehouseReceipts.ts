import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { idColumn, timestampColumns, varchar } from '../database/migration-helpers';

const fk = (column: string, table: string, onDelete: 'RESTRICT' | 'CASCADE' = 'RESTRICT') =>
  new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete,
    onUpdate: 'NO ACTION',
  });

/**
 * Issue 26, warehouse receipts, declared vs measured, consolidation (docs/decisions/044-receipts-and-consolidation.md):
 * - deliveries: the customer's declared measure, the latest volumetric weight, measure_status (the problem queue's
 *   'disputed'), dispute_reason, parent_id (the consolidated parcel a member travels in) and consolidation_id;
 * - delivery_receipts (append-only) and delivery_receipt_photos (private files);
 * - receipt_settings (one row: divisors per shipping type, variance percent; defaults 6000 / 1000 / 10);
 * - consolidations.
 */
export class WarehouseReceipts1764410000000 implements MigrationInterface {
  name = 'WarehouseReceipts1764410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('deliveries', [
      new TableColumn({ name: 'declared_weight_hundredths', type: 'bigint', isNullable: true }),
      new TableColumn({ name: 'declared_length_cm', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'declared_width_cm', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'declared_height_cm', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'volumetric_hundredths', type: 'bigint', isNullable: true }),
      new TableColumn({ ...varchar('measure_status', 20), default: "'none'" }),
      new TableColumn({ ...varchar('dispute_reason', 500), isNullable: true }),
      new TableColumn({ name: 'parent_id', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'consolidation_id', type: 'integer', isNullable: true }),
    ]);
    await q.createIndices('deliveries', [
      new TableIndex({ name: 'idx_deliveries_measure_status', columnNames: ['measure_status', 'id'] }),
      new TableIndex({ name: 'idx_deliveries_parent', columnNames: ['parent_id', 'id'] }),
      new TableIndex({ name: 'idx_deliveries_consolidation', columnNames: ['consolidation_id', 'id'] }),
    ]);
    await q.createTable(
      new Table({
        name: 'delivery_receipts',
        columns: [
          idColumn(),
          ...timestampColumns(q),
          { name: 'delivery_id', type: 'integer' },
          varchar('scanned_no', 100),
          { name: 'weight_hundredths', type: 'bigint' },
          { name: 'length_cm', type: 'integer' },
          { name: 'width_cm', type: 'integer' },
          { name: 'height_cm', type: 'integer' },
          { name: 'divisor', type: 'integer' },
          { name: 'volumetric_hundredths', type: 'bigint' },
          { name: 'pieces', type: 'integer' },
          varchar('condition', 10),
          varchar('note', 500, { isNullable: true }),
          { name: 'actor_id', type: 'integer', isNullable: true },
        ],
        indices: [new TableIndex({ name: 'idx_delivery_receipts_delivery', columnNames: ['delivery_id', 'id'] })],
        foreignKeys: [fk('delivery_id', 'deliveries'), fk('actor_id', 'users')],
      }),
    );
    await q.createTable(
      new Table({
        name: 'delivery_receipt_photos',
        columns: [
          idColumn(),
          ...timestampColumns(q),
          { name: 'receipt_id', type: 'integer' },
          varchar('file_key', 100),
        ],
        indices: [new TableIndex({ name: 'idx_delivery_receipt_photos_receipt', columnNames: ['receipt_id', 'id'] })],
        foreignKeys: [fk('receipt_id', 'delivery_receipts', 'CASCADE')],
      }),
    );
    await q.createTable(
      new Table({
        name: 'receipt_settings',
        columns: [
          idColumn(),
          ...timestampColumns(q),
          { name: 'air_divisor', type: 'integer' },
          { name: 'sea_divisor', type: 'integer' },
          { name: 'variance_percent', type: 'integer' },
        ],
      }),
    );
    await q.query(
      'INSERT INTO receipt_settings (id, air_divisor, sea_divisor, variance_percent) VALUES (1, 6000, 1000, 10)',
    );
    await q.createTable(
      new Table({
        name: 'consolidations',
        columns: [
          idColumn(),
          ...timestampColumns(q),
          { name: 'user_id', type: 'integer' },
          { name: 'warehouse_id', type: 'integer' },
          varchar('shipping_type', 12, { isNullable: true }),
          varchar('status', 10),
          { name: 'parent_id', type: 'integer', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_consolidations_user', columnNames: ['user_id', 'id'] }),
          new TableIndex({ name: 'idx_consolidations_status', columnNames: ['status', 'id'] }),
        ],
        foreignKeys: [fk('user_id', 'users'), fk('warehouse_id', 'warehouses'), fk('parent_id', 'deliveries')],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('consolidations');
    await q.dropTable('receipt_settings');
    await q.dropTable('delivery_receipt_photos');
    await q.dropTable('delivery_receipts');
    for (const name of ['idx_deliveries_measure_status', 'idx_deliveries_parent', 'idx_deliveries_consolidation'])
      await q.dropIndex('deliveries', name);
    for (const column of [
      'declared_weight_hundredths',
      'declared_length_cm',
      'declared_width_cm',
      'declared_height_cm',
      'volumetric_hundredths',
      'measure_status',
      'dispute_reason',
      'parent_id',
      'consolidation_id',
    ])
      await q.dropColumn('deliveries', column);
  }
}
