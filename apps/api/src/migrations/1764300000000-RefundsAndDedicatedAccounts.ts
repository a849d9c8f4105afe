import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { idColumn, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

/**
 * Issue 24, refunds to the card and dedicated accounts (docs/decisions/038-refunds-and-dedicated-accounts.md):
 * - order_refunds (invoices module): every refund of an order, to the wallet (processed at once) or to the card
 *   (pending at Paystack until refund.processed / refund.failed), with our unique reference;
 * - invoices.refunded_minor: what has been refunded of a paid invoice, raised by one conditional UPDATE that never
 *   passes amount_minor (so concurrent refunds can never exceed what was paid); backfilled for refunded invoices;
 * - orders.refund_to: where the buyer asked a return's refund to go;
 * - dedicated_accounts (wallet module): a user's Paystack dedicated NUBAN; a transfer into it credits the wallet.
 */
export class RefundsAndDedicatedAccounts1764300000000 implements MigrationInterface {
  name = 'RefundsAndDedicatedAccounts1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'order_refunds',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'order_id', type: 'integer' },
          { name: 'invoice_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          varchar('destination', 6),
          { name: 'amount_minor', type: 'bigint' },
          varchar('currency', 3),
          varchar('status', 10),
          varchar('reference', 100),
          varchar('transaction_reference', 100, { isNullable: true }),
          varchar('gateway_refund_id', 50, { isNullable: true }),
          varchar('reason', 255, { isNullable: true }),
          varchar('note', 255, { isNullable: true }),
          { name: 'actor_id', type: 'integer', isNullable: true },
          { name: 'fallback_of', type: 'integer', isNullable: true },
          nullableDatetime('sent_at'),
          nullableDatetime('completed_at'),
          nullableDatetime('resolved_at'),
        ],
        indices: [
          new TableIndex({ name: 'uq_order_refunds_reference', columnNames: ['reference'], isUnique: true }),
          new TableIndex({ name: 'idx_order_refunds_order', columnNames: ['order_id', 'id'] }),
          new TableIndex({ name: 'idx_order_refunds_invoice', columnNames: ['invoice_id', 'status'] }),
          new TableIndex({ name: 'idx_order_refunds_gateway', columnNames: ['gateway_refund_id'] }),
          new TableIndex({ name: 'idx_order_refunds_status', columnNames: ['status', 'id'] }),
        ],
      }),
    );
    await queryRunner.addColumns('invoices', [new TableColumn({ name: 'refunded_minor', type: 'bigint', default: 0 })]);
    await queryRunner.query('UPDATE invoices SET refunded_minor = amount_minor WHERE refunded_at IS NOT NULL');
    await queryRunner.addColumns('orders', [new TableColumn(varchar('refund_to', 6, { isNullable: true }))]);
    await queryRunner.createTable(
      new Table({
        name: 'dedicated_accounts',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'user_id', type: 'integer' },
          varchar('customer_code', 50),
          varchar('gateway_id', 50, { isNullable: true }),
          varchar('bank_name', 100),
          varchar('bank_slug', 50, { isNullable: true }),
          varchar('account_number', 20),
          varchar('account_name', 191),
        ],
        indices: [
          new TableIndex({ name: 'uq_dedicated_accounts_user', columnNames: ['user_id'], isUnique: true }),
          new TableIndex({ name: 'uq_dedicated_accounts_number', columnNames: ['account_number'], isUnique: true }),
          new TableIndex({ name: 'idx_dedicated_accounts_customer', columnNames: ['customer_code'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('dedicated_accounts');
    await queryRunner.dropColumn('orders', 'refund_to');
    await queryRunner.dropColumn('invoices', 'refunded_minor');
    await queryRunner.dropTable('order_refunds');
  }
}
