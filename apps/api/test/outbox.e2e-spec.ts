import { EventEmitter2 } from '@nestjs/event-emitter';
import { EVENTS, type WalletFundedEvent } from '../src/common/events';
import { OutboxService } from '../src/common/outbox/outbox.service';
import { inTransaction } from '../src/database/transaction';
import { countRows } from './support/money';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The outbox (docs/decisions/028-outbox.md): an event is written with the change it reports, exists only if that change
 * committed, and reaches its listeners at least once, also when the process ended between the commit and the delivery
 * or a listener failed; two workers never deliver one event at the same time.
 */
describe('Outbox: events written with their change, delivered at least once (e2e)', () => {
  let t: TestApp;
  let outbox: OutboxService;
  const seen: WalletFundedEvent[] = [];
  let failNext = 0;

  beforeAll(async () => {
    t = await startTestApp({ OUTBOX_INTERVAL_MS: '0' });
    outbox = t.app.get(OutboxService);
    for (const app of t.apps)
      app.get(EventEmitter2).on(EVENTS.walletFunded, async (event: WalletFundedEvent) => {
        if (failNext > 0) {
          failNext--;
          throw new Error('listener down');
        }
        seen.push(event);
      });
  });
  afterAll(() => t.close());

  const event = (reference: string): WalletFundedEvent => ({ userId: 1, reference, amountMinor: 100, currency: 'NGN' });
  const delivered = (reference: string) => seen.filter((e) => e.reference === reference).length;
  const write = (reference: string) =>
    inTransaction(t.db, (m) => outbox.enqueue(m, EVENTS.walletFunded, event(reference)));

  it('an event of a rolled-back change does not exist', async () => {
    await expect(
      inTransaction(t.db, async (m) => {
        await outbox.enqueue(m, EVENTS.walletFunded, event('rolled-back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countRows(t.db, `SELECT COUNT(*) AS n FROM outbox_events WHERE payload LIKE '%rolled-back%'`)).toBe(0);
  });

  it('delivers right after the commit, once', async () => {
    const id = await write('now');
    await outbox.deliver([id]);
    await outbox.deliver([id]);
    await outbox.deliverDue();
    expect(delivered('now')).toBe(1);
  });

  it('a crash between the commit and the delivery loses nothing: the worker delivers it', async () => {
    await write('crashed'); // committed, never delivered by its request
    expect(delivered('crashed')).toBe(0);
    expect(await outbox.pending()).toBeGreaterThanOrEqual(1);
    await outbox.deliverDue();
    expect(delivered('crashed')).toBe(1);
    await outbox.deliverDue();
    expect(delivered('crashed')).toBe(1);
  });

  it('a failed listener is retried after a backoff, with the error kept', async () => {
    const id = await write('flaky');
    failNext = 1;
    await outbox.deliver([id]);
    expect(delivered('flaky')).toBe(0);
    const [row] = await t.db.query('SELECT attempts, last_error, delivered_at FROM outbox_events WHERE id = ?', [id]);
    expect(row).toMatchObject({ last_error: 'listener down', delivered_at: null });
    expect(Number(row.attempts)).toBe(1);
    await outbox.deliverDue(); // not yet: the backoff has not passed
    expect(delivered('flaky')).toBe(0);
    await outbox.deliverDue(new Date(Date.now() + 60_000));
    expect(delivered('flaky')).toBe(1);
  });

  it('two workers at once deliver each event once', async () => {
    const refs = Array.from({ length: 10 }, (_, i) => `pair-${i}`);
    for (const ref of refs) await write(ref);
    const other = t.apps[t.apps.length - 1].get(OutboxService);
    await Promise.all([outbox.deliverDue(), other.deliverDue(), outbox.deliverDue()]);
    expect(refs.map(delivered)).toEqual(refs.map(() => 1));
  });
});
