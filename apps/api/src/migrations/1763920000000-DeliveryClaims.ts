import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { idColumn, timestampColumns } from '../database/migration-helpers';

/**
 * Issue 21, defect 6: a guest's request joins an account only when its holder accepts it
 * (docs/decisions/025-guest-request-linking.md). A declined request is never offered to that account again.
 */
export class DeliveryClaims1763920000000 implements MigrationInterface {
  name = 'DeliveryClaims1763920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'delivery_claim_declines',
        columns: [
          idColumn(),
          ...timestampColumns(queryRunner),
          { name: 'delivery_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
        ],
        indices: [
          new TableIndex({
            name: 'uq_delivery_claim_declines',
            columnNames: ['delivery_id', 'user_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_delivery_claim_declines_user', columnNames: ['user_id', 'delivery_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['delivery_id'],
            referencedTableName: 'deliveries',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
          new TableForeignKey({
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('delivery_claim_declines');
  }
}
