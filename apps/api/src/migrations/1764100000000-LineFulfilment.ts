import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { isMysql, nullableDatetime, varchar } from '../database/migration-helpers';

/**
 * Issue 22, line-level fulfilment (decision 031): each order line has its own progress (pending, ready_for_pickup,
 * shipped, delivered), the courier and tracking number it shipped with, and when it was made ready and shipped.
 * Lines of orders already past To Ship take their order's progress (To Receive: shipped; received or returned:
 * delivered), so old orders read the same as new ones.
 */
export class LineFulfilment1764100000000 implements MigrationInterface {
  name = 'LineFulfilment1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) {
      await queryRunner.addColumns('order_items', [
        new TableColumn(varchar('fulfilment', 20, { default: "'pending'" })),
        new TableColumn(varchar('courier', 60, { isNullable: true })),
        new TableColumn(varchar('tracking_no', 40, { isNullable: true })),
        new TableColumn(nullableDatetime('ready_at')),
        new TableColumn(nullableDatetime('shipped_at')),
      ]);
    } else {
      // On SQLite a plain ALTER TABLE for each new column (addColumn would rebuild the table each time).
      await queryRunner.query(
        'ALTER TABLE "order_items" ADD COLUMN "fulfilment" varchar(20) NOT NULL DEFAULT (\'pending\')',
      );
      await queryRunner.query('ALTER TABLE "order_items" ADD COLUMN "courier" varchar(60)');
      await queryRunner.query('ALTER TABLE "order_items" ADD COLUMN "tracking_no" varchar(40)');
      await queryRunner.query('ALTER TABLE "order_items" ADD COLUMN "ready_at" datetime(6)');
      await queryRunner.query('ALTER TABLE "order_items" ADD COLUMN "shipped_at" datetime(6)');
    }
    await queryRunner.query(
      "UPDATE order_items SET fulfilment = 'shipped' WHERE order_id IN (SELECT id FROM orders WHERE status = 2)",
    );
    await queryRunner.query(
      "UPDATE order_items SET fulfilment = 'delivered' WHERE order_id IN (SELECT id FROM orders WHERE status IN (3, 4))",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['shipped_at', 'ready_at', 'tracking_no', 'courier', 'fulfilment'])
      await queryRunner.dropColumn('order_items', column);
  }
}
