import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { idColumn, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

/** Users (identity, e-mail codes, Google link) and their notifications. */
export class Identity1763700000000 implements MigrationInterface {
  name = 'Identity1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('name', 120, { isNullable: true }),
          varchar('email', 191),
          varchar('password_hash', 100, { isNullable: true }),
          varchar('phone', 40, { isNullable: true }),
          varchar('address', 255, { isNullable: true }),
          varchar('city', 100, { isNullable: true }),
          varchar('postal_code', 20, { isNullable: true }),
          varchar('country', 100, { isNullable: true }),
          varchar('image', 255, { isNullable: true }),
          varchar('role', 20, { default: "'customer'" }),
          varchar('status', 2, { default: "'1'" }),
          nullableDatetime('email_verified_at'),
          varchar('otp_hash', 64, { isNullable: true }),
          nullableDatetime('otp_expires_at'),
          { name: 'otp_attempts', type: 'integer', default: 0 },
          nullableDatetime('otp_sent_at'),
          varchar('google_id', 64, { isNullable: true }),
        ],
        indices: [
          new TableIndex({ name: 'uq_users_email', columnNames: ['email'], isUnique: true }),
          new TableIndex({ name: 'uq_users_google_id', columnNames: ['google_id'], isUnique: true }),
          new TableIndex({ name: 'idx_users_role', columnNames: ['role'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'notifications',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'user_id', type: 'integer' },
          varchar('title', 191),
          varchar('description', 255, { isNullable: true }),
          { name: 'message', type: 'text', isNullable: true },
          { name: 'status', type: 'integer', default: 0 },
        ],
        indices: [new TableIndex({ name: 'idx_notifications_user_status', columnNames: ['user_id', 'status'] })],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('notifications');
    await queryRunner.dropTable('users');
  }
}
