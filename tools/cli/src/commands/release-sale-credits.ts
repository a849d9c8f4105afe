import type { CliContext } from '../context';
import { runOrderJob } from './order-job';

export const releaseSaleCreditsHelp = `Usage: npm run cli -- release-sale-credits [--dry-run] [--at <ISO date-time>]

Releases vendors' pending sale credits (posted when the buyer confirmed receipt) to their wallet balance once the
return window (ORDER_RETURN_WINDOW_DAYS after receipt) has passed with no return asked for. The API does the same
every ORDER_EXPIRY_INTERVAL_SECONDS; this runs it once, through the API's own OrdersService. Safe to run while the
API runs: every credit is completed by a conditional update, once. See docs/decisions/023-sale-credit-hold.md.
  --dry-run   count the credits due; change nothing
  --at        treat this moment as now (default: the current time)`;

export function releaseSaleCredits(ctx: CliContext, args: string[]): Promise<number> {
  return runOrderJob(ctx, args, {
    due: (orders, at) => orders.countDueSaleCredits(at),
    batch: (orders, at) => orders.releaseSaleCredits(at),
    text: {
      dryRun: (due) =>
        due
          ? `Dry run: ${due} sale credit(s) are past the return window and would be released; nothing changed.`
          : 'Dry run: no sale credit is past the return window.',
      done: (total) =>
        total ? `Released ${total} sale credit(s) to vendors' wallets.` : 'No sale credit is past the return window.',
    },
  });
}
