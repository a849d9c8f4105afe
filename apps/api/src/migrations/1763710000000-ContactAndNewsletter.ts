import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { idColumn, timestampColumns, varchar } from '../database/migration-helpers';

/** Contact-form messages and newsletter subscribers. */
export class ContactAndNewsletter1763710000000 implements MigrationInterface {
  name = 'ContactAndNewsletter1763710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'contact_messages',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('full_name', 120),
          varchar('email', 191),
          { name: 'message', type: 'text' },
          { name: 'user_id', type: 'integer', isNullable: true },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'newsletter_subscribers',
        columns: [idColumn(), ...timestampColumns(queryRunner), varchar('email', 191)],
        indices: [new TableIndex({ name: 'uq_newsletter_email', columnNames: ['email'], isUnique: true })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('newsletter_subscribers');
    await queryRunner.dropTable('contact_messages');
  }
}
