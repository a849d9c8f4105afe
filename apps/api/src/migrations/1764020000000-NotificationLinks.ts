import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { varchar } from '../database/migration-helpers';

/**
 * Issue 22: a notification opens what it is about (an order, an invoice, a parcel, a KYC decision, a support thread):
 * a nullable relative path of the app the recipient uses. Older notifications keep null (nothing to open).
 */
export class NotificationLinks1764020000000 implements MigrationInterface {
  name = 'NotificationLinks1764020000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('notifications', new TableColumn(varchar('link', 255, { isNullable: true })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('notifications', 'link');
  }
}
