import { RefundsService } from '#api-maintenance';
import { parseOptions, UsageError, type CliContext } from '../context';

export const requeryRefundsHelp = `Usage: npm run cli -- requery-refunds [--dry-run] [--at <ISO date-time>]

Asks Paystack (GET /refund/{id}) about card refunds sent and still pending longer than REFUND_REQUERY_AFTER_MINUTES
and settles them as their refund.processed / refund.failed webhook would (processed; failed with the money credited
to the buyer's wallet instead), the amount checked again. A refund is never sent a second time: one Paystack does not
know, or still pending, stays pending (reconcile flags it after a day). The API does the same every
REFUND_REQUERY_INTERVAL_SECONDS; this runs it once, through the API's own RefundsService.
See docs/decisions/038-refunds-and-dedicated-accounts.md.
  --dry-run   count the refunds due; change nothing
  --at        treat this moment as now (default: the current time)`;

export async function requeryRefunds(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { at: 'string', 'dry-run': 'boolean' });
  const at = options.at === undefined ? new Date() : new Date(String(options.at));
  if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO date-time, e.g. 2026-11-22T10:00:00Z.');
  const app = await ctx.app();
  try {
    const refunds = app.get(RefundsService);
    const due = await refunds.countDue(at);
    if (options['dry-run']) {
      ctx.io.out(
        due
          ? `Dry run: ${due} card refund(s) would be asked about; nothing changed.`
          : 'Dry run: no card refund is waiting on Paystack.',
      );
      return 0;
    }
    const changed = await refunds.requery(at, 1000);
    ctx.io.out(
      due ? `Re-queried ${due} card refund(s); ${changed} changed status.` : 'No card refund is waiting on Paystack.',
    );
    return 0;
  } finally {
    await app.close();
  }
}
