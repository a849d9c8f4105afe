import { User } from '../../../../apps/api/src/modules/users/user.entity';
import { parseOptions, type CliContext } from '../context';
import { seedCatalogue } from '../seeders/catalogue.seeder';
import { DEMO_ACCOUNTS, seedUsers } from '../seeders/users.seeder';

export const seedHelp = `Usage: npm run cli -- seed [--if-empty]

Adds the demo data (idempotent: running it again adds nothing twice): the demo accounts,
four more vendors, 14 categories and about 300 products with generated images, flash sales and reviews.
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
    const catalogue = await seedCatalogue(db, ctx.config);
    ctx.io.out(
      catalogue.skipped
        ? 'Catalogue: products already there; left as they are.'
        : `Catalogue: ${catalogue.categories} categories, ${catalogue.products} products with images, ${catalogue.reviews} reviews.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}
