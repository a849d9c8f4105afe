import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/** Issue 25 (decision 049): the back office's amount sort under its filters reads an index, not a sort. */
const INDEXES: ReadonlyArray<readonly [table: string, name: string, columns: string[]]> = [
  // Payouts: the queue (by status) and one vendor's payouts, largest first.
  ['payouts', 'idx_payouts_status_amount', ['status', 'amount_minor', 'id']],
  ['payouts', 'idx_payouts_vendor_amount', ['vendor_id', 'amount_minor', 'id']],
  // Invoices: by amount, alone and under the status and type filters.
  ['invoices', 'idx_invoices_amount', ['amount_minor', 'id']],
  ['invoices', 'idx_invoices_status_amount', ['status', 'amount_minor', 'id']],
  ['invoices', 'idx_invoices_type_amount', ['type', 'amount_minor', 'id']],
];

export class ListSortIndexes1764530000000 implements MigrationInterface {
  name = 'ListSortIndexes1764530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, name, columnNames] of INDEXES)
      await queryRunner.createIndex(table, new TableIndex({ name, columnNames }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, name] of [...INDEXES].reverse()) await queryRunner.dropIndex(table, name);
  }
}
