import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { idColumn, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

/**
 * Issue 26, SMS and WhatsApp status updates (docs/decisions/043-sms-and-whatsapp.md), both tables the messaging
 * module's:
 * - message_settings: a user's verified phone (unique), a pending one with its hashed code, and the channels chosen;
 * - outbound_messages: one row per event, channel and user (unique), sent at least once and never twice.
 */
export class Messaging1764400000000 implements MigrationInterface {
  name = 'Messaging1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'message_settings',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'user_id', type: 'integer' },
          varchar('phone', 20, { isNullable: true }),
          nullableDatetime('phone_verified_at'),
          varchar('pending_phone', 20, { isNullable: true }),
          varchar('code_hash', 64, { isNullable: true }),
          nullableDatetime('code_expires_at'),
          { name: 'code_attempts', type: 'integer', default: 0 },
          nullableDatetime('code_sent_at'),
          varchar('codes_day', 10, { isNullable: true }),
          { name: 'codes_sent', type: 'integer', default: 0 },
          { name: 'in_app', type: 'integer', default: 1 },
          { name: 'sms', type: 'integer', default: 0 },
          { name: 'whatsapp', type: 'integer', default: 0 },
        ],
        indices: [
          new TableIndex({ name: 'uq_message_settings_user', columnNames: ['user_id'], isUnique: true }),
          new TableIndex({ name: 'uq_message_settings_phone', columnNames: ['phone'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'outbound_messages',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'user_id', type: 'integer' },
          varchar('channel', 10),
          varchar('event_key', 100),
          varchar('to_phone', 20),
          varchar('body', 480),
          varchar('params', 480, { isNullable: true }),
          varchar('status', 10),
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'available_at', type: 'datetime', precision: 6 },
          nullableDatetime('claimed_until'),
          nullableDatetime('sent_at'),
          varchar('provider_ref', 191, { isNullable: true }),
          varchar('last_error', 255, { isNullable: true }),
        ],
        indices: [
          new TableIndex({
            name: 'uq_outbound_messages_event',
            columnNames: ['event_key', 'channel', 'user_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_outbound_messages_due', columnNames: ['status', 'available_at', 'id'] }),
          new TableIndex({ name: 'idx_outbound_messages_user_day', columnNames: ['user_id', 'channel', 'created_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('outbound_messages');
    await queryRunner.dropTable('message_settings');
  }
}
