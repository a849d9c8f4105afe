import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { idColumn, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

/**
 * Issue 21, money integrity (docs/decisions/021-payments-settle-what-the-invoice-is.md):
 * - invoices.refunded_at: a paid invoice whose money went back to the payer's wallet (a cancelled delivery's fee, a return);
 * - invoice_payments: what the gateway reported when it did not settle (another amount or currency) and a note, and an index
 *   by status for the reconciliation's listing of payments that need a person;
 * - payment_exceptions: every gateway answer that did not settle (an amount or currency other than the one asked for, a
 *   reference Jara does not know), once per reference and kind, until an admin marks it resolved.
 */
export class PaymentIntegrity1763900000000 implements MigrationInterface {
  name = 'PaymentIntegrity1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('invoices', [new TableColumn(nullableDatetime('refunded_at'))]);
    await queryRunner.addColumns('invoice_payments', [
      new TableColumn({ name: 'gateway_amount_minor', type: 'bigint', isNullable: true }),
      new TableColumn(varchar('gateway_currency', 3, { isNullable: true })),
      new TableColumn(varchar('note', 255, { isNullable: true })),
    ]);
    await queryRunner.createIndex(
      'invoice_payments',
      new TableIndex({ name: 'idx_invoice_payments_status', columnNames: ['status', 'id'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'payment_exceptions',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('reference', 100),
          varchar('kind', 20),
          varchar('source', 10),
          varchar('gateway_status', 20),
          { name: 'gateway_amount_minor', type: 'bigint', isNullable: true },
          varchar('gateway_currency', 3, { isNullable: true }),
          { name: 'expected_amount_minor', type: 'bigint', isNullable: true },
          varchar('expected_currency', 3, { isNullable: true }),
          varchar('note', 255),
          nullableDatetime('resolved_at'),
          { name: 'resolved_by', type: 'integer', isNullable: true },
        ],
        indices: [
          new TableIndex({
            name: 'uq_payment_exceptions_reference_kind',
            columnNames: ['reference', 'kind'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_payment_exceptions_resolved', columnNames: ['resolved_at', 'id'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('payment_exceptions');
    await queryRunner.dropIndex('invoice_payments', 'idx_invoice_payments_status');
    await queryRunner.dropColumn('invoice_payments', 'note');
    await queryRunner.dropColumn('invoice_payments', 'gateway_currency');
    await queryRunner.dropColumn('invoice_payments', 'gateway_amount_minor');
    await queryRunner.dropColumn('invoices', 'refunded_at');
  }
}
