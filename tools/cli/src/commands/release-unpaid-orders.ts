import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../../../apps/api/src/app.module';
import { OrdersService } from '../../../../apps/api/src/modules/orders/orders.service';
import { parseOptions, UsageError, type CliContext } from '../context';

export const releaseUnpaidOrdersHelp = `Usage: npm run cli -- release-unpaid-orders [--at <ISO date-time>]

Cancels every unpaid order (To Pay) whose payment window (ORDER_PAYMENT_WINDOW_MINUTES) has passed, cancels its
invoice and puts its stock back; an order whose invoice turns out paid moves to To Ship instead. The API does the
same every ORDER_EXPIRY_INTERVAL_SECONDS; this runs it once, through the API's own OrdersService (buyers are
notified as usual). Safe to run while the API runs: every change is conditional.
  --at   treat this moment as now (default: the current time)`;

export async function releaseUnpaidOrders(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { at: 'string' });
  const at = options.at === undefined ? new Date() : new Date(String(options.at));
  if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO date-time, e.g. 2026-11-22T10:00:00Z.');
  const config = { ...ctx.config, orders: { ...ctx.config.orders, expiryIntervalSeconds: 0 }, requestLog: false };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error'] });
  try {
    let total = 0;
    for (;;) {
      const released = await app.get(OrdersService).releaseExpired(at);
      total += released;
      if (released === 0) break;
    }
    ctx.io.out(
      total ? `Released ${total} unpaid order(s) and their stock.` : 'No unpaid order is past its payment window.',
    );
    return 0;
  } finally {
    await app.close();
  }
}
