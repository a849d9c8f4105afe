import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Issue 22, a readable back office: the admin's wallets list sorts by balance (naira by default, largest first, or
 * dollars), so each balance has an index (with the user, the join key).
 */
export class WalletBalanceIndexes1764030000000 implements MigrationInterface {
  name = 'WalletBalanceIndexes1764030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'wallets',
      new TableIndex({ name: 'idx_wallets_ngn_user', columnNames: ['ngn_minor', 'user_id'] }),
    );
    await queryRunner.createIndex(
      'wallets',
      new TableIndex({ name: 'idx_wallets_usd_user', columnNames: ['usd_minor', 'user_id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('wallets', 'idx_wallets_usd_user');
    await queryRunner.dropIndex('wallets', 'idx_wallets_ngn_user');
  }
}
