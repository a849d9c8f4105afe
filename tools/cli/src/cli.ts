import { createContext, UsageError, type CliContext, type Io } from './context';
import { createAdmin, createAdminHelp } from './commands/create-admin';
import { migrate, migrateHelp } from './commands/migrate';
import { releaseUnpaidOrders, releaseUnpaidOrdersHelp } from './commands/release-unpaid-orders';
import { releaseSaleCredits, releaseSaleCreditsHelp } from './commands/release-sale-credits';
import { seed, seedHelp } from './commands/seed';
import { purgeExpiredCodes, purgeExpiredCodesHelp } from './commands/purge-expired-codes';
import { recomputeRatings, recomputeRatingsHelp } from './commands/recompute-ratings';
import { exportProducts, exportProductsHelp } from './commands/export-products';
import { importProducts, importProductsHelp } from './commands/import-products';
import { backup, backupHelp } from './commands/backup';
import { restore, restoreHelp } from './commands/restore';
import { reconcile, reconcileHelp } from './commands/reconcile';
import { requeryPayouts, requeryPayoutsHelp } from './commands/requery-payouts';
import { requeryRefunds, requeryRefundsHelp } from './commands/requery-refunds';

interface Command {
  summary: string;
  help: string;
  run: (ctx: CliContext, args: string[]) => Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  migrate: { summary: 'run pending database migrations', help: migrateHelp, run: (ctx) => migrate(ctx) },
  seed: { summary: 'add the demo data (idempotent)', help: seedHelp, run: seed },
  'create-admin': { summary: 'create or promote an admin account', help: createAdminHelp, run: createAdmin },
  'release-unpaid-orders': {
    summary: 'cancel unpaid orders past their payment window, returning stock',
    help: releaseUnpaidOrdersHelp,
    run: releaseUnpaidOrders,
  },
  'release-sale-credits': {
    summary: "release vendors' pending sale credits past the return window",
    help: releaseSaleCreditsHelp,
    run: releaseSaleCredits,
  },
  'purge-expired-codes': {
    summary: 'forget expired sign-up and e-mail change codes',
    help: purgeExpiredCodesHelp,
    run: purgeExpiredCodes,
  },
  'recompute-ratings': {
    summary: "put products' average rating and review count back in line with their reviews",
    help: recomputeRatingsHelp,
    run: recomputeRatings,
  },
  'export-products': { summary: 'write every product as CSV', help: exportProductsHelp, run: exportProducts },
  'import-products': {
    summary: "create a vendor's products from a CSV file, all or nothing",
    help: importProductsHelp,
    run: importProducts,
  },
  backup: { summary: 'write a consistent copy of the database to a file', help: backupHelp, run: backup },
  restore: { summary: 'load a backup file into an empty database (or --force)', help: restoreHelp, run: restore },
  'requery-payouts': {
    summary: 'ask Paystack about payout transfers stuck in processing (and resend unsent ones), settling them',
    help: requeryPayoutsHelp,
    run: requeryPayouts,
  },
  'requery-refunds': {
    summary: 'ask Paystack about card refunds still pending (never sending one again), settling them',
    help: requeryRefundsHelp,
    run: requeryRefunds,
  },
  reconcile: {
    summary: 'check that wallets, ledger, invoices, orders and parcels agree (exit 1 on a finding)',
    help: reconcileHelp,
    run: reconcile,
  },
};

export const USAGE = `Jara CLI

Usage: npm run cli -- <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(22)} ${c.summary}`)
  .join('\n')}

Run "npm run cli -- <command> --help" for a command's options.
The database is the SQLite file under data/ unless DATABASE_URL is set (see .env.example).`;

/** Runs one CLI command; returns the exit code (0 ok, 1 failure, 2 bad usage). */
export async function runCli(argv: string[], env: Record<string, string | undefined>, io: Io): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${USAGE}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.out(command.help);
    return 0;
  }
  try {
    return await command.run(createContext(env, io), args);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${command.help}`);
      return 2;
    }
    io.err(`${name} failed: ${(error as Error).message}`);
    return 1;
  }
}
