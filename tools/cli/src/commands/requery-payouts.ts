import { PayoutsService } from '#api-maintenance';
import { parseOptions, UsageError, type CliContext } from '../context';

export const requeryPayoutsHelp = `Usage: npm run cli -- requery-payouts [--dry-run] [--at <ISO date-time>]

Asks Paystack (GET /transfer/verify) about payout transfers processing longer than PAYOUT_REQUERY_AFTER_MINUTES and
settles them as their webhook would (paid; failed or reversed with the money returned to the vendor's balance); an
approved payout whose send got no answer is sent again with the same reference (Paystack never pays one twice). The
API does the same every PAYOUT_REQUERY_INTERVAL_SECONDS; this runs it once, through the API's own PayoutsService.
See docs/decisions/037-payout-policy.md.
  --dry-run   count the payouts due; change nothing
  --at        treat this moment as now (default: the current time)`;

export async function requeryPayouts(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { at: 'string', 'dry-run': 'boolean' });
  const at = options.at === undefined ? new Date() : new Date(String(options.at));
  if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO date-time, e.g. 2026-11-22T10:00:00Z.');
  const app = await ctx.app();
  try {
    const payouts = app.get(PayoutsService);
    const due = await payouts.countDue(at);
    if (options['dry-run']) {
      ctx.io.out(
        due
          ? `Dry run: ${due} payout(s) would be re-queried or sent again; nothing changed.`
          : 'Dry run: no payout is waiting on Paystack.',
      );
      return 0;
    }
    const changed = await payouts.requery(at, 1000);
    ctx.io.out(due ? `Re-queried ${due} payout(s); ${changed} changed status.` : 'No payout is waiting on Paystack.');
    return 0;
  } finally {
    await app.close();
  }
}
