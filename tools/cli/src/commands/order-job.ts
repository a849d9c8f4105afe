import { OrdersService } from '#api-maintenance';
import { parseOptions, UsageError, type CliContext } from '../context';
import { Progress } from '../progress';

/** One of the orders module's batch jobs, as the CLI runs it: how many are due, and one batch at a time. */
export interface OrderJob {
  due(orders: OrdersService, at: Date): Promise<number>;
  batch(orders: OrdersService, at: Date): Promise<number>;
  text: { dryRun: (due: number) => string; done: (total: number) => string };
}

/**
 * Runs an orders job once through the API's own OrdersService (release-unpaid-orders, release-sale-credits):
 * --dry-run counts what is due; --at moves "now"; batches run until one changes nothing, with a progress bar.
 */
export async function runOrderJob(ctx: CliContext, args: string[], job: OrderJob): Promise<number> {
  const options = parseOptions(args, { at: 'string', 'dry-run': 'boolean' });
  const at = options.at === undefined ? new Date() : new Date(String(options.at));
  if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO date-time, e.g. 2026-11-22T10:00:00Z.');
  const app = await ctx.app();
  try {
    const orders = app.get(OrdersService);
    const due = await job.due(orders, at);
    if (options['dry-run']) {
      ctx.io.out(job.text.dryRun(due));
      return 0;
    }
    const progress = new Progress(ctx.io, 'Releasing', due);
    let total = 0;
    for (;;) {
      const released = await job.batch(orders, at);
      total += released;
      progress.update(total, Math.max(due, total));
      if (released === 0) break;
    }
    progress.finish();
    ctx.io.out(job.text.done(total));
    return 0;
  } finally {
    await app.close();
  }
}
