import type { CliContext } from '../context';
import { runOrderJob } from './order-job';

export const releaseUnpaidOrdersHelp = `Usage: npm run cli -- release-unpaid-orders [--dry-run] [--at <ISO date-time>]

Cancels every unpaid order (To Pay) whose payment window (ORDER_PAYMENT_WINDOW_MINUTES) has passed, cancels its
invoice and puts its stock back; an order whose invoice turns out paid moves to To Ship instead. The API does the
same every ORDER_EXPIRY_INTERVAL_SECONDS; this runs it once, through the API's own OrdersService (buyers are
notified as usual). Safe to run while the API runs: every change is conditional.
  --dry-run   count the unpaid orders past their window; change nothing
  --at        treat this moment as now (default: the current time)`;

export function releaseUnpaidOrders(ctx: CliContext, args: string[]): Promise<number> {
  return runOrderJob(ctx, args, {
    due: (orders, at) => orders.countExpired(at),
    batch: (orders, at) => orders.releaseExpired(at),
    text: {
      dryRun: (due) =>
        due
          ? `Dry run: ${due} unpaid order(s) are past their payment window and would be released; nothing changed.`
          : 'Dry run: no unpaid order is past its payment window.',
      done: (total) =>
        total ? `Released ${total} unpaid order(s) and their stock.` : 'No unpaid order is past its payment window.',
    },
  });
}
