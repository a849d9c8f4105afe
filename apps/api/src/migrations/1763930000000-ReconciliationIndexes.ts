import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Issue 21, reconciliation (docs/decisions/026-reconciliation.md): the reconciliation reads each batch of invoices'
 * wallet debits and refunds by invoice_id; without an index every batch would scan the whole ledger.
 */
export class ReconciliationIndexes1763930000000 implements MigrationInterface {
  name = 'ReconciliationIndexes1763930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'wallet_ledger',
      new TableIndex({ name: 'idx_ledger_invoice', columnNames: ['invoice_id', 'kind', 'status'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('wallet_ledger', 'idx_ledger_invoice');
  }
}
