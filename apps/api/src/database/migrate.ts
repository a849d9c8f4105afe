import { Logger } from '@nestjs/common';
import type { DataSource, Migration } from 'typeorm';

const LOCK = 'jara_migrations';
const WAIT_SECONDS = 300;

/**
 * Runs the pending migrations once, even when several API instances (or the CLI) start together: on MySQL/MariaDB
 * under a named lock (GET_LOCK) held on one connection, so the second instance waits, then finds nothing to run.
 * SQLite is one file on one machine: its own write lock and TypeORM's migrations table suffice.
 */
export async function runMigrationsLocked(db: DataSource): Promise<Migration[]> {
  const type = db.options.type;
  if (type !== 'mysql' && type !== 'mariadb') return db.runMigrations({ transaction: 'each' });
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const [row] = (await runner.query('SELECT GET_LOCK(?, ?) AS got', [LOCK, WAIT_SECONDS])) as Array<{ got: unknown }>;
    if (Number(row?.got) !== 1) throw new Error(`Timed out after ${WAIT_SECONDS} s waiting for the migrations lock`);
    try {
      const ran = await db.runMigrations({ transaction: 'each' });
      if (ran.length) new Logger('Migrations').log(`Ran ${ran.map((m) => m.name).join(', ')}`);
      return ran;
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [LOCK]);
    }
  } finally {
    await runner.release();
  }
}
