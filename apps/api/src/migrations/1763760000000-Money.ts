import {
  MigrationInterface,
  QueryRunner,
  Table,
  TableCheck,
  TableColumnOptions,
  TableForeignKey,
  TableIndex,
} from 'typeorm';
import { SEED_CURRENCIES } from '@jara/contracts';
import { idColumn, isMysql, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

const fk = (column: string, table: string) =>
  new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete: 'RESTRICT',
    onUpdate: 'NO ACTION',
  });

const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });

const bigint = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'bigint',
  ...extra,
});
const integer = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'integer',
  ...extra,
});

const WALLET_CHECK = { name: 'chk_wallets_non_negative', expression: 'usd_minor >= 0 AND ngn_minor >= 0' };

/** 6 decimal places as integer micro-units ('1500' -> 1500000000), without floating-point arithmetic. */
function micro(rate: string): number {
  const [whole, fraction = ''] = rate.split('.');
  return Number(`${whole}${fraction.padEnd(6, '0')}`);
}

/**
 * Issue 9, money: converter currencies (seeded with the section 9 rates), one wallet per user with integer minor
 * units, the append-only wallet ledger, idempotency keys, invoices and their card payments, and the test-mode
 * gateway's transactions. Users are referenced with RESTRICT: money history never disappears with a user (users
 * are soft-deleted).
 */
export class Money1763760000000 implements MigrationInterface {
  name = 'Money1763760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysql(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'currencies',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('name', 100),
          varchar('code', 10),
          bigint('buy_price_micro'),
          bigint('sell_price_micro'),
        ],
        indices: [index('uq_currencies_code', ['code'], true)],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'wallets',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          integer('user_id'),
          bigint('usd_minor', { default: 0 }),
          bigint('ngn_minor', { default: 0 }),
        ],
        indices: [index('uq_wallets_user', ['user_id'], true)],
        foreignKeys: [fk('user_id', 'users')],
        // SQLite keeps the CHECK in the table definition; MySQL/MariaDB get it below (TypeORM leaves theirs alone).
        checks: mysql ? [] : [new TableCheck(WALLET_CHECK)],
      }),
    );
    if (mysql)
      await queryRunner.query(
        `ALTER TABLE \`wallets\` ADD CONSTRAINT \`${WALLET_CHECK.name}\` CHECK (${WALLET_CHECK.expression})`,
      );
    await queryRunner.createTable(
      new Table({
        name: 'wallet_ledger',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          integer('user_id'),
          varchar('description', 255),
          varchar('reference', 100),
          bigint('amount_minor'),
          varchar('currency', 3),
          varchar('direction', 6),
          varchar('status', 10),
          varchar('kind', 20),
          varchar('gateway', 10, { isNullable: true }),
          integer('invoice_id', { isNullable: true }),
          integer('actor_id', { isNullable: true }),
          nullableDatetime('settled_at'),
        ],
        indices: [
          index('uq_ledger_reference', ['reference'], true),
          index('idx_ledger_user_created', ['user_id', 'created_at', 'id']),
        ],
        foreignKeys: [fk('user_id', 'users')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          integer('user_id'),
          varchar('idem_key', 255),
          varchar('scope', 191),
          integer('status_code', { isNullable: true }),
          { name: 'response', type: 'text', isNullable: true },
        ],
        indices: [index('uq_idempotency_user_key', ['user_id', 'idem_key'], true)],
        foreignKeys: [fk('user_id', 'users')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'invoices',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('reference', 32),
          integer('user_id'),
          varchar('type', 20),
          integer('subject_id', { isNullable: true }),
          varchar('subject_label', 191, { isNullable: true }),
          varchar('description', 255),
          bigint('amount_minor'),
          varchar('currency', 3),
          varchar('status', 12, { default: "'pending'" }),
          varchar('payment_method', 10, { isNullable: true }),
          nullableDatetime('paid_at'),
          nullableDatetime('cancelled_at'),
          integer('created_by', { isNullable: true }),
        ],
        indices: [
          index('uq_invoices_reference', ['reference'], true),
          index('uq_invoices_type_subject', ['type', 'subject_id'], true),
          // The admin list by every filter with its default sort (newest first), and a user's own list.
          index('idx_invoices_created', ['created_at', 'id']),
          index('idx_invoices_status_created', ['status', 'created_at', 'id']),
          index('idx_invoices_type_created', ['type', 'created_at', 'id']),
          index('idx_invoices_user_created', ['user_id', 'created_at', 'id']),
        ],
        foreignKeys: [fk('user_id', 'users')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'invoice_payments',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('reference', 100),
          integer('invoice_id'),
          bigint('amount_minor'),
          varchar('currency', 3),
          varchar('status', 10),
          varchar('gateway', 10),
          varchar('authorization_url', 500, { isNullable: true }),
          nullableDatetime('settled_at'),
        ],
        indices: [
          index('uq_invoice_payments_reference', ['reference'], true),
          index('idx_invoice_payments_invoice', ['invoice_id', 'status']),
        ],
        foreignKeys: [fk('invoice_id', 'invoices')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'test_payments',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          varchar('reference', 100),
          varchar('email', 191),
          bigint('amount_minor'),
          varchar('currency', 3),
          varchar('status', 10, { default: "'pending'" }),
          varchar('callback_url', 500),
        ],
        indices: [index('uq_test_payments_reference', ['reference'], true)],
      }),
    );
    // Section 9's display rates, so every install has them (the admin edits them later).
    await queryRunner.manager
      .createQueryBuilder()
      .insert()
      .into('currencies', ['name', 'code', 'buy_price_micro', 'sell_price_micro'])
      .values(
        SEED_CURRENCIES.map((c) => ({
          name: c.name,
          code: c.code,
          buy_price_micro: micro(c.buy_price),
          sell_price_micro: micro(c.sell_price),
        })),
      )
      .execute();
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'test_payments',
      'invoice_payments',
      'invoices',
      'idempotency_keys',
      'wallet_ledger',
      'wallets',
      'currencies',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
