import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { idColumn, timestampColumns, varchar } from '../database/migration-helpers';

const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });
const toLocation = () =>
  new TableForeignKey({
    columnNames: ['location_id'],
    referencedTableName: 'locations',
    referencedColumnNames: ['id'],
    onDelete: 'RESTRICT',
    onUpdate: 'NO ACTION',
  });

/** Issue 11, logistics reference data: locations, warehouses, shipping titles and the one row of cargo rates. */
export class Logistics1763780000000 implements MigrationInterface {
  name = 'Logistics1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'locations',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('name', 100),
          { name: 'status', type: 'integer', default: 1 },
        ],
        indices: [
          index('uq_locations_name', ['name'], true),
          index('idx_locations_status_name', ['status', 'name', 'id']),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'warehouses',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('name', 120),
          { name: 'location_id', type: 'integer' },
          varchar('type', 12),
          varchar('address', 500, { isNullable: true }),
          varchar('contact', 255, { isNullable: true }),
        ],
        indices: [
          index('idx_warehouses_type_name', ['type', 'name', 'id']),
          index('idx_warehouses_location', ['location_id', 'id']),
        ],
        foreignKeys: [toLocation()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'shipping_titles',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('name', 120),
          { name: 'location_id', type: 'integer' },
          varchar('type', 12),
          { name: 'status', type: 'integer', default: 1 },
        ],
        indices: [
          index('idx_shipping_titles_type_status', ['type', 'status', 'id']),
          index('idx_shipping_titles_location', ['location_id', 'id']),
        ],
        foreignKeys: [toLocation()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'logistics_settings',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'cost_per_cmb3_cents', type: 'bigint', default: 0 },
          { name: 'cost_per_kg_cents', type: 'bigint', default: 0 },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('logistics_settings');
    await queryRunner.dropTable('shipping_titles');
    await queryRunner.dropTable('warehouses');
    await queryRunner.dropTable('locations');
  }
}
