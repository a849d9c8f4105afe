import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { idColumn, isMysql, varchar } from '../database/migration-helpers';

const index = (name: string, columnNames: string[]) => new TableIndex({ name, columnNames });

/**
 * Issue 14, hardening: the audit log of admin writes (append-only; no foreign key, so an entry outlives anything it
 * names). One index per filter of the list, each followed by the list's order (created_at, id).
 */
export class AuditLog1763880000000 implements MigrationInterface {
  name = 'AuditLog1763880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'audit_logs',
        columns: [
          idColumn(),
          {
            name: 'created_at',
            type: 'datetime',
            precision: 6,
            default: isMysql(queryRunner) ? 'CURRENT_TIMESTAMP(6)' : "datetime('now')",
          },
          { name: 'actor_id', type: 'integer' },
          varchar('actor_email', 191),
          varchar('actor_role', 20),
          varchar('action', 100),
          varchar('entity_type', 50),
          { name: 'entity_id', type: 'integer', isNullable: true },
          varchar('method', 10),
          varchar('path', 255),
          { name: 'before', type: 'text', isNullable: true },
          { name: 'after', type: 'text', isNullable: true },
          { name: 'body', type: 'text', isNullable: true },
          varchar('request_id', 100, { isNullable: true }),
          varchar('ip', 64, { isNullable: true }),
        ],
        indices: [
          index('idx_audit_logs_created', ['created_at', 'id']),
          index('idx_audit_logs_actor_created', ['actor_id', 'created_at', 'id']),
          index('idx_audit_logs_type_created', ['entity_type', 'created_at', 'id']),
          index('idx_audit_logs_entity_created', ['entity_id', 'created_at', 'id']),
          index('idx_audit_logs_action_created', ['action', 'created_at', 'id']),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_logs');
  }
}
