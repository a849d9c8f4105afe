import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { isMysql, nullableDatetime } from '../database/migration-helpers';

/**
 * Issue 21 (orders): idempotency_keys.request_hash, the SHA-256 of the request a key was first used for (a replay with
 * another body is a 422, decision 009); order_items.credit_released_at, when a vendor's pending sale credit was
 * released to their balance after the return window (docs/decisions/023-sale-credit-hold.md).
 */
export class OrdersMoney1763910000000 implements MigrationInterface {
  name = 'OrdersMoney1763910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // On SQLite a plain ALTER TABLE: TypeORM's addColumn rebuilds the table there (and its indexes made in SQL).
    if (isMysql(queryRunner)) {
      await queryRunner.addColumn(
        'idempotency_keys',
        new TableColumn({ name: 'request_hash', type: 'varchar', length: '64', isNullable: true }),
      );
      await queryRunner.addColumn('order_items', new TableColumn(nullableDatetime('credit_released_at')));
    } else {
      await queryRunner.query('ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" varchar(64)');
      await queryRunner.query('ALTER TABLE "order_items" ADD COLUMN "credit_released_at" datetime(6)');
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('order_items', 'credit_released_at');
    await queryRunner.dropColumn('idempotency_keys', 'request_hash');
  }
}
