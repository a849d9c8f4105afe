import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { idColumn, isMysql, nullableDatetime, timestampColumns, varchar } from '../database/migration-helpers';

/**
 * Issue 22, a guest learns their parcel's fee and pays it (docs/decisions/032-guest-fee-link.md):
 * - guest_links: one current link per delivery and purpose (confirm the e-mail, pay the fee), holding only the
 *   SHA-256 of its random token, when it expires and when a confirm link was used;
 * - invoices.user_id becomes nullable: a guest's cargo fee is an invoice with no account (paid by card only).
 */
export class GuestFeeLinks1764110000000 implements MigrationInterface {
  name = 'GuestFeeLinks1764110000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'guest_links',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'delivery_id', type: 'integer' },
          varchar('purpose', 10),
          varchar('token_hash', 64),
          { name: 'expires_at', type: 'datetime', precision: 6 },
          nullableDatetime('used_at'),
        ],
        indices: [
          new TableIndex({ name: 'uq_guest_links_token', columnNames: ['token_hash'], isUnique: true }),
          new TableIndex({ name: 'uq_guest_links_delivery', columnNames: ['delivery_id', 'purpose'], isUnique: true }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['delivery_id'],
            referencedTableName: 'deliveries',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
    if (isMysql(queryRunner)) await queryRunner.query('ALTER TABLE `invoices` MODIFY `user_id` int NULL');
    else
      await queryRunner.changeColumn(
        'invoices',
        'user_id',
        new TableColumn({ name: 'user_id', type: 'integer', isNullable: true }),
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('guest_links');
    if (isMysql(queryRunner)) await queryRunner.query('ALTER TABLE `invoices` MODIFY `user_id` int NOT NULL');
    else
      await queryRunner.changeColumn(
        'invoices',
        'user_id',
        new TableColumn({ name: 'user_id', type: 'integer', isNullable: false }),
      );
  }
}
