import { AuthService } from '#api-maintenance';
import { parseOptions, UsageError, type CliContext } from '../context';

export const purgeExpiredCodesHelp = `Usage: npm run cli -- purge-expired-codes [--dry-run] [--at <ISO date-time>]

Forgets every e-mail code that has expired: sign-up verification codes and e-mail change codes (with the new
address waiting for one). Only the code goes (its hash and tries); the account, its verified state and its resend
interval stay, and someone who enters an old code is still told it expired. Runs through the API's own
AuthService, in one conditional statement per kind, so a code sent meanwhile is left alone.
  --dry-run   count what would be purged; change nothing
  --at        treat this moment as now (default: the current time)`;

export async function purgeExpiredCodes(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { 'dry-run': 'boolean', at: 'string' });
  const at = options.at === undefined ? new Date() : new Date(String(options.at));
  if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO date-time, e.g. 2026-11-22T10:00:00Z.');
  const dryRun = options['dry-run'] === true;
  const app = await ctx.app();
  try {
    const { signUp, emailChange } = await app.get(AuthService).purgeExpiredCodes(at, { dryRun });
    const total = signUp + emailChange;
    const what = `${signUp} sign-up code(s) and ${emailChange} e-mail change code(s)`;
    if (dryRun) ctx.io.out(total ? `Dry run: would purge ${what}; nothing changed.` : 'Dry run: no expired code.');
    else ctx.io.out(total ? `Purged ${what}.` : 'No expired code.');
    return 0;
  } finally {
    await app.close();
  }
}
