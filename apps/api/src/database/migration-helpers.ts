import { QueryRunner, TableColumnOptions } from 'typeorm';

/**
 * Dialect-neutral column builders for migrations, so one migration runs on SQLite and MySQL/MariaDB.
 * The shapes match what the entities declare, so the schema-sync test finds nothing to change.
 */
export function isMysql(queryRunner: QueryRunner): boolean {
  const type = queryRunner.connection.driver.options.type;
  return type === 'mysql' || type === 'mariadb';
}

export function idColumn(): TableColumnOptions {
  return { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
}

export function timestampColumns(queryRunner: QueryRunner): TableColumnOptions[] {
  const mysql = isMysql(queryRunner);
  return [
    {
      name: 'created_at',
      type: 'datetime',
      precision: 6,
      default: mysql ? 'CURRENT_TIMESTAMP(6)' : "datetime('now')",
    },
    {
      name: 'updated_at',
      type: 'datetime',
      precision: 6,
      default: mysql ? 'CURRENT_TIMESTAMP(6)' : "datetime('now')",
      onUpdate: mysql ? 'CURRENT_TIMESTAMP(6)' : undefined,
    },
  ];
}

export function varchar(name: string, length: number, extra: Partial<TableColumnOptions> = {}): TableColumnOptions {
  return { name, type: 'varchar', length: String(length), ...extra };
}

export function nullableDatetime(name: string): TableColumnOptions {
  return { name, type: 'datetime', precision: 6, isNullable: true };
}
