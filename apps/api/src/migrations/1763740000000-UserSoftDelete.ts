import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { nullableDatetime } from '../database/migration-helpers';

/**
 * Users: `deleted_at`. Deleting a user deactivates and anonymises the row instead of removing it, so the
 * records that point at users (reviews now; orders, deliveries and ledgers soon) never lose their owner.
 */
export class UserSoftDelete1763740000000 implements MigrationInterface {
  name = 'UserSoftDelete1763740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('users', new TableColumn(nullableDatetime('deleted_at')));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('users', 'deleted_at');
  }
}
