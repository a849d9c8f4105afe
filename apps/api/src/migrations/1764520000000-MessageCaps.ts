import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { varchar } from '../database/migration-helpers';

/**
 * Issue 26 follow-up (docs/decisions/048-exact-message-cap.md), the messaging module's tables:
 * - message_settings: the day (Lagos) and count of each phone channel's messages, claimed by a conditional UPDATE so
 *   two events of one user at once cannot pass the daily cap;
 * - outbound_messages.template: the WhatsApp template of the message's topic (delivery, order, invoice); null on rows
 *   written before, which were all delivery updates.
 */
export class MessageCaps1764520000000 implements MigrationInterface {
  name = 'MessageCaps1764520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('message_settings', [
      new TableColumn(varchar('sms_day', 10, { isNullable: true })),
      new TableColumn({ name: 'sms_sent', type: 'integer', default: 0 }),
      new TableColumn(varchar('whatsapp_day', 10, { isNullable: true })),
      new TableColumn({ name: 'whatsapp_sent', type: 'integer', default: 0 }),
    ]);
    await queryRunner.addColumn('outbound_messages', new TableColumn(varchar('template', 100, { isNullable: true })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('outbound_messages', 'template');
    for (const column of ['whatsapp_sent', 'whatsapp_day', 'sms_sent', 'sms_day'])
      await queryRunner.dropColumn('message_settings', column);
  }
}
