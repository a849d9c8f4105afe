import { OrdersService } from '#api-maintenance';
import { parseOptions, UsageError, type CliContext } from '../context';
import { Progress } from '../progress';

export const releaseUnpaidOrdersHelp = `Usage: npm run cli -- release-unpaid-orders [--dry-run] [--at <ISO date-time>]

Cancels every unpaid order (To Pay) whose payment window (ORDER_PAYMENT_WINDOW_MINUTES) has passed, cancels its
invoice and puts its stock back; an order whose invoice turns out paid moves to To Ship instead. The API does the
same every ORDER_EXPIRY_INTERVAL_SECONDS; this runs it once, through the API's own OrdersService (buyers are
notified as usual). Safe to run while the API runs: every change is conditional.
  --dry-run   count the unpaid orders past their window; change nothing
  --at        treat this moment as now (default: the current time)`;

export async function releaseUnpaidOrders(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { at: 'string', 'dry-run': 'boolean' });
  const at = options.at === undefined ? new Date() : new Date(String(options.at));
  if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO date-time, e.g. 2026-11-22T10:00:00Z.');
  const app = await ctx.app();
  try {
    const orders = app.get(OrdersService);
    const due = await orders.countExpired(at);
    if (options['dry-run']) {
      ctx.io.out(
        due
          ? `Dry run: ${due} unpaid order(s) are past their payment window and would be released; nothing changed.`
          : 'Dry run: no unpaid order is past its payment window.',
      );
      return 0;
    }
    const progress = new Progress(ctx.io, 'Releasing', due);
    let total = 0;
    for (;;) {
      const released = await orders.releaseExpired(at);
      total += released;
      progress.update(total, Math.max(due, total));
      if (released === 0) break;
    }
    progress.finish();
    ctx.io.out(
      total ? `Released ${total} unpaid order(s) and their stock.` : 'No unpaid order is past its payment window.',
    );
    return 0;
  } finally {
    await app.close();
  }
}
