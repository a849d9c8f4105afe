import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { idColumn, isMysql, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });
const fk = (column: string, table: string, onDelete: 'RESTRICT' | 'CASCADE' = 'RESTRICT') =>
  new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete,
    onUpdate: 'NO ACTION',
  });

/**
 * Issue 12, trust and care: KYC submissions (private document keys, one live submission per user by a unique
 * index on active_user_id), the log of admins opening a document, support requests and their threads, and the
 * users' choice to receive update e-mails.
 */
export class TrustAndCare1763800000000 implements MigrationInterface {
  name = 'TrustAndCare1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A user may keep update e-mails (deliveries, orders, support replies) off; essential ones are always sent.
    // On SQLite a plain ALTER TABLE: TypeORM's addColumn rebuilds the table there and would drop the users' indexes
    // that an earlier migration created in SQL (COLLATE NOCASE).
    if (isMysql(queryRunner))
      await queryRunner.addColumn('users', new TableColumn({ name: 'email_updates', type: 'integer', default: 1 }));
    else await queryRunner.query('ALTER TABLE "users" ADD COLUMN "email_updates" integer NOT NULL DEFAULT (1)');
    await queryRunner.createTable(
      new Table({
        name: 'kyc_submissions',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'user_id', type: 'integer' },
          { name: 'active_user_id', type: 'integer', isNullable: true },
          varchar('name', 120),
          varchar('dob', 10),
          varchar('gender', 10),
          varchar('address', 255),
          varchar('id_type', 30),
          varchar('id_number', 50),
          varchar('id_image_key', 80),
          varchar('user_image_key', 80, { isNullable: true }),
          { name: 'status', type: 'integer', default: 0 },
          varchar('reason', 500, { isNullable: true }),
          { name: 'reviewed_by', type: 'integer', isNullable: true },
          nullableDatetime('reviewed_at'),
        ],
        indices: [
          index('uq_kyc_active_user', ['active_user_id'], true),
          index('idx_kyc_created', ['created_at', 'id']),
          index('idx_kyc_status_created', ['status', 'created_at', 'id']),
          index('idx_kyc_user', ['user_id', 'id']),
        ],
        foreignKeys: [fk('user_id', 'users')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'kyc_document_views',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'submission_id', type: 'integer' },
          { name: 'viewer_id', type: 'integer' },
          varchar('file', 12),
        ],
        indices: [index('idx_kyc_document_views_submission', ['submission_id', 'id'])],
        foreignKeys: [fk('viewer_id', 'users')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'supports',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'user_id', type: 'integer' },
          varchar('name', 120),
          varchar('email', 191),
          varchar('subject', 200),
          { name: 'message', type: 'text' },
          { name: 'status', type: 'integer', default: 1 },
          { name: 'response_count', type: 'integer', default: 0 },
        ],
        indices: [
          index('idx_supports_created', ['created_at', 'id']),
          index('idx_supports_status_created', ['status', 'created_at', 'id']),
          index('idx_supports_user_created', ['user_id', 'created_at', 'id']),
        ],
        foreignKeys: [fk('user_id', 'users')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'support_responses',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'support_id', type: 'integer' },
          { name: 'responder_id', type: 'integer' },
          { name: 'message', type: 'text' },
          { name: 'status', type: 'integer', default: 0 },
        ],
        indices: [index('idx_support_responses_support', ['support_id', 'id'])],
        foreignKeys: [fk('support_id', 'supports', 'CASCADE'), fk('responder_id', 'users')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('support_responses');
    await queryRunner.dropTable('supports');
    await queryRunner.dropTable('kyc_document_views');
    await queryRunner.dropTable('kyc_submissions');
    if (isMysql(queryRunner)) await queryRunner.dropColumn('users', 'email_updates');
    else await queryRunner.query('ALTER TABLE "users" DROP COLUMN "email_updates"');
  }
}
