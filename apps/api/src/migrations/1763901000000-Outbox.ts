import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { idColumn, nullableDatetime, varchar } from '../database/migration-helpers';

/** Issue 21: the outbox of events written with the change they report (docs/decisions/028-outbox.md). */
export class Outbox1763901000000 implements MigrationInterface {
  name = 'Outbox1763901000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'outbox_events',
        columns: [
          idColumn(),
          { name: 'created_at', type: 'datetime', precision: 6 },
          varchar('event', 60),
          { name: 'payload', type: 'text' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'available_at', type: 'datetime', precision: 6 },
          nullableDatetime('claimed_until'),
          nullableDatetime('delivered_at'),
          varchar('last_error', 255, { isNullable: true }),
        ],
        indices: [new TableIndex({ name: 'idx_outbox_due', columnNames: ['delivered_at', 'available_at', 'id'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('outbox_events');
  }
}
