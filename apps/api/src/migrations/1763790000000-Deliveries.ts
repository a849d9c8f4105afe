import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { idColumn, timestampColumns, varchar } from '../database/migration-helpers';

const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });
const fk = (column: string, table: string) =>
  new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete: 'RESTRICT',
    onUpdate: 'NO ACTION',
  });
const bigint = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'bigint', ...extra });

/**
 * Issue 11, deliveries: parcels sent to a Jara warehouse (signed-in or guest), with a server-made tracking number,
 * weight and size in hundredths, the cargo fee in US cents and its invoice, and the append-only status history.
 * An index for every filter and sort of the deliveries lists and the tracking table.
 */
export class Deliveries1763790000000 implements MigrationInterface {
  name = 'Deliveries1763790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'deliveries',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('tracking_no', 20),
          varchar('external_no', 100),
          { name: 'user_id', type: 'integer', isNullable: true },
          varchar('name', 120, { isNullable: true }),
          varchar('phone', 30, { isNullable: true }),
          varchar('phone_key', 20, { isNullable: true }),
          varchar('email', 191, { isNullable: true }),
          varchar('type', 10),
          { name: 'from_jara', type: 'integer', default: 0 },
          { name: 'warehouse_id', type: 'integer' },
          varchar('shipping_type', 12, { isNullable: true }),
          { name: 'shipping_id', type: 'integer', isNullable: true },
          { name: 'status', type: 'integer', default: 1 },
          bigint('weight_hundredths', { isNullable: true }),
          bigint('size_hundredths', { isNullable: true }),
          bigint('amount_minor', { isNullable: true }),
          { name: 'invoice_id', type: 'integer', isNullable: true },
        ],
        indices: [
          index('uq_deliveries_tracking_no', ['tracking_no'], true),
          index('idx_deliveries_created', ['created_at', 'id']),
          index('idx_deliveries_type_created', ['type', 'created_at', 'id']),
          index('idx_deliveries_user_created', ['user_id', 'created_at', 'id']),
          index('idx_deliveries_user_type_created', ['user_id', 'type', 'created_at', 'id']),
          index('idx_deliveries_status_created', ['status', 'created_at', 'id']),
          index('idx_deliveries_type_status_created', ['type', 'status', 'created_at', 'id']),
          index('idx_deliveries_status', ['status', 'id']),
          index('idx_deliveries_weight', ['weight_hundredths', 'id']),
          index('idx_deliveries_size', ['size_hundredths', 'id']),
          index('idx_deliveries_shipping', ['shipping_id', 'created_at', 'id']),
          index('idx_deliveries_warehouse', ['warehouse_id', 'id']),
          index('idx_deliveries_phone_key', ['phone_key']),
          index('idx_deliveries_email', ['email']),
        ],
        foreignKeys: [fk('user_id', 'users'), fk('warehouse_id', 'warehouses'), fk('shipping_id', 'shipping_titles')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'delivery_status_changes',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'delivery_id', type: 'integer' },
          { name: 'from_status', type: 'integer', isNullable: true },
          { name: 'to_status', type: 'integer' },
          { name: 'actor_id', type: 'integer', isNullable: true },
          varchar('actor_role', 10),
          varchar('note', 500, { isNullable: true }),
          varchar('location', 120, { isNullable: true }),
        ],
        indices: [index('idx_delivery_status_changes_delivery', ['delivery_id', 'id'])],
        foreignKeys: [fk('delivery_id', 'deliveries'), fk('actor_id', 'users')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('delivery_status_changes');
    await queryRunner.dropTable('deliveries');
  }
}
