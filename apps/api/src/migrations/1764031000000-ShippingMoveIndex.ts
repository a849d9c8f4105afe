import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Issue 22, a readable back office: before a shipping title's status changes, the admin is told how many of its
 * parcels will move and which will not (a count by status of the title's deliveries); the move itself reads them by
 * title and status too.
 */
export class ShippingMoveIndex1764031000000 implements MigrationInterface {
  name = 'ShippingMoveIndex1764031000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'deliveries',
      new TableIndex({ name: 'idx_deliveries_shipping_status', columnNames: ['shipping_id', 'status', 'id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('deliveries', 'idx_deliveries_shipping_status');
  }
}
