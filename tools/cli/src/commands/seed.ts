import { User } from '#api-maintenance';
import { parseOptions, type CliContext } from '../context';
import { seedCatalogue } from '../seeders/catalogue.seeder';
import { seedMoney } from '../seeders/money.seeder';
import { seedDeliveries } from '../seeders/deliveries.seeder';
import { seedLogistics } from '../seeders/logistics.seeder';
import { seedOrders } from '../seeders/orders.seeder';
import { DEMO_ACCOUNTS, seedUsers } from '../seeders/users.seeder';

export const seedHelp = `Usage: npm run cli -- seed [--if-empty] [--force-demo]

Adds the demo data (idempotent: running it again adds nothing twice): the demo accounts,
four more vendors, 14 categories and about 300 products with generated images, flash sales and reviews,
and a funded demo wallet (NGN 250,000 and USD 100) with one pending invoice for the demo customer.
  --if-empty     only seed when the database has no users yet (used by npm start)
  --force-demo   seed even when NODE_ENV=production (the demo accounts' passwords are public)

With NODE_ENV=production the seed refuses: create the first admin with create-admin instead.

Demo accounts:
${DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(9)} ${a.email} / ${a.password}`).join('\n')}`;

/** Why a production seed is refused, and what to do instead. */
export const PRODUCTION_SEED_REFUSED = `Refusing to seed: NODE_ENV=production, and the demo data creates accounts whose passwords are published
(${DEMO_ACCOUNTS.map((a) => a.email).join(', ')} and the demo vendors).
Create the first admin instead:  npm run cli -- create-admin --email <email> --password <password>
To load the demo data anyway (a throwaway demo server), run:  npm run cli -- seed --force-demo`;

export async function seed(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { 'if-empty': 'boolean', 'force-demo': 'boolean' });
  const refuse = ctx.config.nodeEnv === 'production' && !options['force-demo'];
  if (refuse && !options['if-empty']) {
    ctx.io.err(PRODUCTION_SEED_REFUSED);
    return 1;
  }
  const db = await ctx.open();
  try {
    await db.runMigrations({ transaction: 'each' });
    if (options['if-empty'] && (await db.getRepository(User).count()) > 0) {
      ctx.io.out('Database already has data; seed skipped.');
      return 0;
    }
    if (refuse) {
      ctx.io.err(PRODUCTION_SEED_REFUSED);
      return 1;
    }
    const users = await seedUsers(db);
    ctx.io.out(`Demo accounts: ${users.created} created, ${users.kept} already there.`);
    const catalogue = await seedCatalogue(db, ctx.config);
    ctx.io.out(
      catalogue.skipped
        ? 'Catalogue: products already there; left as they are.'
        : `Catalogue: ${catalogue.categories} categories, ${catalogue.products} products with images, ${catalogue.reviews} reviews.`,
    );
    const money = await seedMoney(db);
    ctx.io.out(
      money.skipped
        ? 'Wallet: no demo customer; skipped.'
        : `Wallet: ${money.credits} demo credit(s) and ${money.invoices} demo invoice(s) added (existing ones kept).`,
    );
    const logistics = await seedLogistics(db);
    ctx.io.out(
      logistics.skipped
        ? 'Logistics: locations already there; left as they are.'
        : `Logistics: ${logistics.locations} locations with warehouses, shipping titles and cargo rates.`,
    );
    const orders = await seedOrders(db, ctx.config);
    ctx.io.out(
      orders.skipped
        ? 'Orders: orders already there (or no catalogue); left as they are.'
        : `Orders: ${orders.orders} demo orders of the last 30 days.`,
    );
    const deliveries = await seedDeliveries(db);
    ctx.io.out(
      deliveries.skipped
        ? 'Deliveries: deliveries already there (or no warehouses); left as they are.'
        : `Deliveries: ${deliveries.deliveries} demo deliveries with their history and cargo-fee invoices.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}
