import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKey, TableIndex } from 'typeorm';
import { idColumn, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

const integer = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'integer',
  ...extra,
});
const bigint = (name: string): TableColumnOptions => ({ name, type: 'bigint' });
const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });
const vendorFk = () =>
  new TableForeignKey({
    columnNames: ['vendor_id'],
    referencedTableName: 'users',
    referencedColumnNames: ['id'],
    onDelete: 'RESTRICT',
    onUpdate: 'NO ACTION',
  });

/**
 * Issue 24, vendor payouts (docs/decisions/037-payout-policy.md): payout_accounts (one active per vendor, replaced
 * ones kept) and payouts (withdrawals; their money moves in wallet_ledger as payout, payout_fee, payout_return).
 */
export class Payouts1764200000000 implements MigrationInterface {
  name = 'Payouts1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'payout_accounts',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          integer('vendor_id'),
          integer('active_vendor_id', { isNullable: true }),
          varchar('bank_code', 20),
          varchar('bank_name', 120),
          varchar('account_number', 10),
          varchar('account_name', 120),
          varchar('recipient_code', 60),
          { name: 'payable_after', type: 'datetime', precision: 6 },
          nullableDatetime('replaced_at'),
        ],
        indices: [
          index('idx_payout_accounts_vendor', ['vendor_id', 'id']),
          index('uq_payout_accounts_active', ['active_vendor_id'], true),
        ],
        foreignKeys: [vendorFk()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'payouts',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          integer('vendor_id'),
          integer('account_id'),
          bigint('amount_minor'),
          bigint('fee_minor'),
          varchar('status', 20),
          varchar('reference', 100),
          varchar('recipient_code', 60),
          varchar('bank_name', 120),
          varchar('account_number', 10),
          varchar('account_name', 120),
          varchar('reason', 255, { isNullable: true }),
          integer('approved_by', { isNullable: true }),
          nullableDatetime('approved_at'),
          nullableDatetime('sent_at'),
          nullableDatetime('completed_at'),
        ],
        indices: [
          index('uq_payouts_reference', ['reference'], true),
          index('idx_payouts_status_created', ['status', 'created_at', 'id']),
          index('idx_payouts_vendor_created', ['vendor_id', 'created_at', 'id']),
          index('idx_payouts_created', ['created_at', 'id']),
          index('idx_payouts_amount', ['amount_minor', 'id']),
          index('idx_payouts_status_sent', ['status', 'sent_at']),
        ],
        foreignKeys: [vendorFk()],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('payouts');
    await queryRunner.dropTable('payout_accounts');
  }
}
