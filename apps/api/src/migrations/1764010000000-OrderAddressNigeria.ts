import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { isMysql, varchar } from '../database/migration-helpers';

/**
 * Issue 22 (a checkout for Nigeria): an order's delivery address gets the buyer's phone (+234XXXXXXXXXX), the state
 * (36 + FCT) and a landmark; the postal code, rarely used in Nigeria, becomes optional. The new columns are nullable so
 * the orders placed before stay valid.
 */
export class OrderAddressNigeria1764010000000 implements MigrationInterface {
  name = 'OrderAddressNigeria1764010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) {
      await queryRunner.addColumn('orders', new TableColumn(varchar('phone', 16, { isNullable: true })));
      await queryRunner.addColumn('orders', new TableColumn(varchar('state', 40, { isNullable: true })));
      await queryRunner.addColumn('orders', new TableColumn(varchar('landmark', 160, { isNullable: true })));
    } else {
      // On SQLite a plain ALTER TABLE for each new column (addColumn would rebuild the table each time).
      await queryRunner.query('ALTER TABLE "orders" ADD COLUMN "phone" varchar(16)');
      await queryRunner.query('ALTER TABLE "orders" ADD COLUMN "state" varchar(40)');
      await queryRunner.query('ALTER TABLE "orders" ADD COLUMN "landmark" varchar(160)');
    }
    // NOT NULL to NULL: MariaDB modifies the column; SQLite rebuilds the table once (foreign keys are off while
    // migrations run, and TypeORM recreates the table's indexes).
    await queryRunner.changeColumn(
      'orders',
      'postal_code',
      new TableColumn(varchar('postal_code', 20, { isNullable: true })),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("UPDATE orders SET postal_code = '' WHERE postal_code IS NULL");
    await queryRunner.changeColumn('orders', 'postal_code', new TableColumn(varchar('postal_code', 20)));
    await queryRunner.dropColumn('orders', 'landmark');
    await queryRunner.dropColumn('orders', 'state');
    await queryRunner.dropColumn('orders', 'phone');
  }
}
