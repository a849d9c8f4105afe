import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Issue 26 follow-up (decision 048): the problem queue's unpaid fees start from the pending invoices by age
 * (idx_invoices_status_created) and find each one's parcel by deliveries.invoice_id; without this index every page
 * and count read every parcel and sorted them (apps/api/test/query-plans.e2e-spec.ts).
 */
export class ProblemQueueIndexes1764521000000 implements MigrationInterface {
  name = 'ProblemQueueIndexes1764521000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'deliveries',
      new TableIndex({ name: 'idx_deliveries_invoice', columnNames: ['invoice_id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('deliveries', 'idx_deliveries_invoice');
  }
}
