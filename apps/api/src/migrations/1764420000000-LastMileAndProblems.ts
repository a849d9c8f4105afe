import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import type { TableColumnOptions } from 'typeorm';
import { idColumn, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

const fk = (column: string, table: string, onDelete: 'CASCADE' | 'RESTRICT') =>
  new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete,
    onUpdate: 'NO ACTION',
  });
const integer = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'integer',
  ...extra,
});

/**
 * Issue 26 (helper H, decision 045): declared contents (delivery_contents), the last mile (deliveries.last_mile,
 * rider_id, a rider's attempts with their private proof of delivery), and the problem queue (status_changed_at to
 * find stalled parcels by index, problem_actions for who did what).
 */
export class LastMileAndProblems1764420000000 implements MigrationInterface {
  name = 'LastMileAndProblems1764420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('deliveries', [
      new TableColumn(varchar('last_mile', 10, { default: "'address'" })),
      new TableColumn(integer('rider_id', { isNullable: true })),
      new TableColumn(nullableDatetime('status_changed_at')),
    ]);
    // Until now the last change of a parcel was its updated_at (close enough for the queue's first days).
    await queryRunner.query('UPDATE deliveries SET status_changed_at = updated_at WHERE status_changed_at IS NULL');
    await queryRunner.createForeignKey('deliveries', fk('rider_id', 'users', 'RESTRICT'));
    for (const [name, columns] of [
      ['idx_deliveries_rider_status', ['rider_id', 'status', 'id']],
      ['idx_deliveries_status_since', ['status', 'status_changed_at', 'id']],
    ] as const)
      await queryRunner.createIndex('deliveries', new TableIndex({ name, columnNames: [...columns] }));

    await queryRunner.createTable(
      new Table({
        name: 'delivery_contents',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          integer('delivery_id'),
          integer('position'),
          varchar('description', 200),
          integer('quantity'),
          { name: 'value_cents', type: 'bigint' },
          varchar('category', 20),
        ],
        indices: [new TableIndex({ name: 'idx_delivery_contents_delivery', columnNames: ['delivery_id', 'position'] })],
        foreignKeys: [fk('delivery_id', 'deliveries', 'CASCADE')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'delivery_attempts',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          integer('delivery_id'),
          integer('rider_id'),
          varchar('outcome', 10),
          varchar('reason', 20, { isNullable: true }),
          varchar('recipient_name', 120, { isNullable: true }),
          varchar('photo_key', 80, { isNullable: true }),
          varchar('signature_key', 80, { isNullable: true }),
          integer('open', { default: 0 }),
        ],
        indices: [
          new TableIndex({ name: 'idx_delivery_attempts_delivery', columnNames: ['delivery_id', 'id'] }),
          new TableIndex({ name: 'idx_delivery_attempts_open', columnNames: ['open', 'created_at', 'id'] }),
          new TableIndex({ name: 'idx_delivery_attempts_rider', columnNames: ['rider_id', 'created_at', 'id'] }),
        ],
        foreignKeys: [fk('delivery_id', 'deliveries', 'RESTRICT'), fk('rider_id', 'users', 'RESTRICT')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'problem_actions',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          integer('delivery_id'),
          varchar('category', 30),
          varchar('action', 30),
          varchar('note', 500, { isNullable: true }),
          integer('actor_id'),
        ],
        indices: [
          new TableIndex({ name: 'idx_problem_actions_delivery', columnNames: ['delivery_id', 'category', 'id'] }),
        ],
        foreignKeys: [fk('delivery_id', 'deliveries', 'CASCADE'), fk('actor_id', 'users', 'RESTRICT')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('problem_actions');
    await queryRunner.dropTable('delivery_attempts');
    await queryRunner.dropTable('delivery_contents');
    const table = await queryRunner.getTable('deliveries');
    const riderFk = table?.foreignKeys.find((f) => f.columnNames.includes('rider_id'));
    if (riderFk) await queryRunner.dropForeignKey('deliveries', riderFk);
    for (const name of ['idx_deliveries_rider_status', 'idx_deliveries_status_since'])
      await queryRunner.dropIndex('deliveries', name);
    for (const name of ['status_changed_at', 'rider_id', 'last_mile']) await queryRunner.dropColumn('deliveries', name);
  }
}
