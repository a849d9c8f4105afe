import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { varchar } from '../database/migration-helpers';

/**
 * Users: `token_version` (in every API token; raising it ends all sessions of the user) and `pending_email`
 * (an e-mail change waiting for the code sent to the new address).
 */
export class IdentityHardening1763730000000 implements MigrationInterface {
  name = 'IdentityHardening1763730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('users', [
      new TableColumn(varchar('pending_email', 191, { isNullable: true })),
      new TableColumn({ name: 'token_version', type: 'integer', default: 0 }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('users', 'token_version');
    await queryRunner.dropColumn('users', 'pending_email');
  }
}
