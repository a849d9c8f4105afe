import type { CliContext } from '../context';

export const migrateHelp = `Usage: npm run cli -- migrate

Runs every pending database migration (SQLite file by default, MySQL/MariaDB when DATABASE_URL is set).`;

export async function migrate(ctx: CliContext): Promise<number> {
  const db = await ctx.open();
  try {
    const ran = await db.runMigrations({ transaction: 'each' });
    ctx.io.out(
      ran.length ? `Ran ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}` : 'Database is up to date.',
    );
    return 0;
  } finally {
    await db.destroy();
  }
}
