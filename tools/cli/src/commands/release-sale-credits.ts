import { OrdersService } from '#api-maintenance';
import { parseOptions, UsageError, type CliContext } from '../context';
import { Progress } from '../progress';

export const releaseSaleCreditsHelp = `Usage: npm run cli -- release-sale-credits [--dry-run] [--at <ISO date-time>]

Releases vendors' pending sale credits (posted when the buyer confirmed receipt) to their wallet balance once the
return window (ORDER_RETURN_WINDOW_DAYS after receipt) has passed with no return asked for. The API does the same
every ORDER_EXPIRY_INTERVAL_SECONDS; this runs it once, through the API's own OrdersService. Safe to run while the
API runs: every credit is completed by a conditional update, once. See docs/decisions/023-sale-credit-hold.md.
  --dry-run   count the credits due; change nothing
  --at        treat this moment as now (default: the current time)`;

export async function releaseSaleCredits(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { at: 'string', 'dry-run': 'boolean' });
  const at = options.at === undefined ? new Date() : new Date(String(options.at));
  if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO date-time, e.g. 2026-11-22T10:00:00Z.');
  const app = await ctx.app();
  try {
    const orders = app.get(OrdersService);
    const due = await orders.countDueSaleCredits(at);
    if (options['dry-run']) {
      ctx.io.out(
        due
          ? `Dry run: ${due} sale credit(s) are past the return window and would be released; nothing changed.`
          : 'Dry run: no sale credit is past the return window.',
      );
      return 0;
    }
    const progress = new Progress(ctx.io, 'Releasing', due);
    let total = 0;
    for (;;) {
      const released = await orders.releaseSaleCredits(at);
      total += released;
      progress.update(total, Math.max(due, total));
      if (released === 0) break;
    }
    progress.finish();
    ctx.io.out(
      total ? `Released ${total} sale credit(s) to vendors' wallets.` : 'No sale credit is past the return window.',
    );
    return 0;
  } finally {
    await app.close();
  }
}
