import { User } from '../../../../apps/api/src/modules/users/user.entity';
import { parseOptions, type CliContext } from '../context';
import { DEMO_ACCOUNTS, seedUsers } from '../seeders/users.seeder';

export const seedHelp = `Usage: npm run cli -- seed [--if-empty]

Adds the demo data (idempotent: running it again adds nothing twice).
  --if-empty   only seed when the database has no users yet (used by npm start)

Demo accounts:
${DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(9)} ${a.email} / ${a.password}`).join('\n')}`;

export async function seed(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { 'if-empty': 'boolean' });
  const db = await ctx.open();
  try {
    await db.runMigrations({ transaction: 'each' });
    if (options['if-empty'] && (await db.getRepository(User).count()) > 0) {
      ctx.io.out('Database already has data; seed skipped.');
      return 0;
    }
    const users = await seedUsers(db);
    ctx.io.out(`Demo accounts: ${users.created} created, ${users.kept} already there.`);
    return 0;
  } finally {
    await db.destroy();
  }
}
