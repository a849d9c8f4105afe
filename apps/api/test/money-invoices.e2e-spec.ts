import { AMOUNT_DECIMALS_MESSAGE, MSG, type Invoice } from '@jara/contracts';
import { EVENTS, type InvoicePaidEvent } from '../src/common/events';
import { InvoicesService } from '../src/modules/invoices/invoices.service';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { balances, bearer, countRows, creditWallet, ledgerDrift, notificationTitles } from './support/money';
import { captureStatements } from './support/query-plan';
import { expectReconciled } from './support/reconcile';
import { signUp, startTestApp, type TestApp } from './support/test-app';

const SHOP = 'http://shop.test';

describe('Money: invoices, wallet and card payments (e2e)', () => {
  let t: TestApp;
  let paystack: FakePaystack;
  let service: InvoicesService;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let chioma: Awaited<ReturnType<typeof signUp>>;
  let emeka: Awaited<ReturnType<typeof signUp>>;
  const paidEvents: InvoicePaidEvent[] = [];

  beforeAll(async () => {
    paystack = await startFakePaystack();
    t = await startTestApp({
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      STOREFRONT_URL: SHOP,
    });
    service = t.app.get(InvoicesService);
    // Events are in-process: listen on every instance (two in the scale-out run).
    for (const app of t.apps)
      app.get(EventEmitter2).on(EVENTS.invoicePaid, (event: InvoicePaidEvent) => paidEvents.push(event));
    admin = await signUp(t, { role: 'admin' });
    chioma = await signUp(t);
    emeka = await signUp(t, { role: 'vendor' });
  });
  afterAll(async () => {
    try {
      // The books agree at the end (issue 21's reconciliation).
      await expectReconciled(t);
    } finally {
      await t.close();
      await paystack.close();
    }
  });

  const manual = (body: object, token = admin.token) => t.http().post('/api/v1/invoices').set(bearer(token)).send(body);
  const pay = (id: number, method: string, token: string, key?: string) => {
    const req = t.http().post(`/api/v1/invoices/${id}/pay`).set(bearer(token));
    if (key) req.set('Idempotency-Key', key);
    return req.send({ method });
  };
  const raise = async (userId: number, amount: string, currency: 'NGN' | 'USD' = 'NGN', description = 'Storage fee') =>
    (await manual({ user_id: userId, amount, currency, description }).expect(201)).body.data as Invoice;

  describe('issuing', () => {
    it('is idempotent per (type, subject) for orders and deliveries, also under concurrent calls', async () => {
      const input = {
        userId: chioma.user.id,
        type: 'order' as const,
        subjectId: 42,
        amountMinor: 1_250_000,
        currency: 'NGN' as const,
        description: 'Order #42',
      };
      const first = await service.issue(input);
      expect(first).toMatchObject({
        type: 'order',
        status: 'pending',
        amount: '12500.00',
        amount_minor: 1_250_000,
        currency: 'NGN',
        subject: { type: 'order', id: 42, label: 'Order #42' },
      });
      expect(first.reference).toMatch(/^INV-[A-Z2-9]{10}$/);
      expect((await service.issue(input)).id).toBe(first.id);
      const many = await Promise.all(
        Array.from({ length: 6 }, () =>
          service.issue({ ...input, type: 'delivery', subjectId: 7, subjectLabel: 'JR-000007' }),
        ),
      );
      expect(new Set(many.map((i) => i.id)).size).toBe(1);
      expect(many[0].subject).toEqual({ type: 'delivery', id: 7, label: 'JR-000007' });
      expect(
        await countRows(t.db, `SELECT COUNT(*) AS n FROM invoices WHERE type = 'delivery' AND subject_id = 7`),
      ).toBe(1);
      expect((await service.forSubject('order', 42))?.id).toBe(first.id);
      // invoice.issued notified once per new invoice (the order and the delivery), not per call.
      expect(
        (await notificationTitles(t.db, chioma.user.id)).filter((n) => n === MSG.money.invoiceIssuedTitle),
      ).toHaveLength(2);
    });

    it('manual invoices (admin): field errors for bad input, 404 for an unknown user, 403 for others', async () => {
      const cases: Array<[object, string, string]> = [
        [
          { user_id: chioma.user.id, amount: 1e21, currency: 'NGN', description: 'x' },
          'amount',
          MSG.money.amountInvalid,
        ],
        [
          { user_id: chioma.user.id, amount: -5, currency: 'NGN', description: 'x' },
          'amount',
          MSG.money.amountPositive,
        ],
        [
          { user_id: chioma.user.id, amount: '1.999', currency: 'NGN', description: 'x' },
          'amount',
          AMOUNT_DECIMALS_MESSAGE,
        ],
        [
          { user_id: chioma.user.id, amount: '100000000.01', currency: 'NGN', description: 'x' },
          'amount',
          MSG.money.amountMax('₦100,000,000'),
        ],
        [{ user_id: 'abc', amount: '10', currency: 'NGN', description: 'x' }, 'user_id', MSG.money.userRequired],
        [{ user_id: 1e21, amount: '10', currency: 'NGN', description: 'x' }, 'user_id', MSG.money.userRequired],
        [
          { user_id: chioma.user.id, amount: '10', currency: 'GBP', description: 'x' },
          'currency',
          MSG.money.currencyWallet,
        ],
        [
          { user_id: chioma.user.id, amount: '10', currency: 'NGN', description: ' ' },
          'description',
          MSG.money.descriptionRequired,
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await manual(body);
        if (res.status !== 422 || res.body.errors?.[field]?.[0] !== message)
          throw new Error(`${JSON.stringify(body)} answered ${res.status} ${JSON.stringify(res.body)}`);
      }
      await manual({ user_id: 999_999, amount: '10', currency: 'NGN', description: 'x' }).expect(404);
      await manual({ user_id: chioma.user.id, amount: '10', currency: 'NGN', description: 'x' }, chioma.token).expect(
        403,
      );
      const invoice = await raise(chioma.user.id, '7,500', 'NGN', 'Storage fee (March)');
      expect(invoice).toMatchObject({
        type: 'manual',
        subject: null,
        status: 'pending',
        amount: '7500.00',
        amount_minor: 750_000,
        payment_method: null,
        paid_at: null,
        user: { id: chioma.user.id, email: chioma.email },
      });
    });
  });

  describe('reading', () => {
    it("shows an invoice to its owner and admins only; another user's is 404", async () => {
      const invoice = await raise(chioma.user.id, '100');
      expect(
        (await t.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(chioma.token)).expect(200)).body.data.id,
      ).toBe(invoice.id);
      expect(
        (await t.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(admin.token)).expect(200)).body.data.id,
      ).toBe(invoice.id);
      expect((await t.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(emeka.token)).expect(404)).body).toEqual({
        message: MSG.money.invoiceNotFound,
      });
      await t.http().get('/api/v1/invoices/999999').set(bearer(chioma.token)).expect(404);
      const own = await t
        .http()
        .get('/api/v1/invoices/user?per_page=100&user_id=1')
        .set(bearer(emeka.token))
        .expect(200);
      expect(own.body.data).toEqual([]);
      const mine = await t.http().get('/api/v1/invoices/user?per_page=100').set(bearer(chioma.token)).expect(200);
      expect(mine.body.data.every((i: Invoice) => i.user?.id === chioma.user.id)).toBe(true);
      expect(mine.body.meta.total).toBe(
        await countRows(t.db, 'SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?', [chioma.user.id]),
      );
      await t.http().get('/api/v1/invoices').set(bearer(chioma.token)).expect(403);
    });

    it('lists every invoice for admins with status, type, e-mail and date filters, checked strictly', async () => {
      const list = (query: string) => t.http().get(`/api/v1/invoices${query}`).set(bearer(admin.token));
      const all = (await list('?per_page=100').expect(200)).body;
      expect(all.meta.total).toBe(await countRows(t.db, 'SELECT COUNT(*) AS n FROM invoices'));
      const manuals = (await list('?type=manual&per_page=100').expect(200)).body.data as Invoice[];
      expect(manuals.length).toBeGreaterThan(0);
      expect(manuals.every((i) => i.type === 'manual')).toBe(true);
      const local = chioma.email.split('@')[0].slice(-6).toUpperCase();
      const byEmail = (await list(`?email=${local}&per_page=100`).expect(200)).body.data as Invoice[];
      expect(byEmail.length).toBe(
        await countRows(t.db, 'SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?', [chioma.user.id]),
      );
      expect((await list(`?email_like=${local}`).expect(200)).body.meta.total).toBe(byEmail.length);
      const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10); // Lagos day
      expect(
        (await list(`?created_at_gte=${today}&created_at_lte=${today}&per_page=100`).expect(200)).body.meta.total,
      ).toBe(all.meta.total);
      expect((await list('?created_at_lte=2001-01-01').expect(200)).body.meta.total).toBe(0);
      for (const bad of [
        '?status=bogus',
        '?type=gift',
        '?created_at_gte=yesterday',
        '?created_at_gte=2026-02-30',
        '?created_at_lte=1e21',
        '?status=paid&status=pending',
        '?created_at_gte=2026-01-01&created_at_gte=2026-01-02',
      ]) {
        const res = await list(bad);
        if (res.status !== 422 || !res.body.errors)
          throw new Error(`${bad} answered ${res.status} ${JSON.stringify(res.body)}`);
      }
      // Keyset paging walks every invoice once.
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { data: Invoice[]; meta: { next_cursor: string | null } } } = await list(
          `?per_page=2${cursor ? `&after=${cursor}` : ''}`,
        ).expect(200);
        seen.push(...page.body.data.map((i) => i.id));
        cursor = page.body.meta.next_cursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(all.meta.total);
    });
  });

  describe('totals', () => {
    it('are kept per filter (a second page does not count) and every invoice write shows in the next total', async () => {
      const buyer = await signUp(t);
      const lists: Array<[string, string, string, unknown[]]> = [
        [admin.token, '/invoices', 'SELECT COUNT(*) AS n FROM invoices', []],
        [admin.token, '/invoices?status=pending', "SELECT COUNT(*) AS n FROM invoices WHERE status = 'pending'", []],
        [
          admin.token,
          '/invoices?status=cancelled',
          "SELECT COUNT(*) AS n FROM invoices WHERE status = 'cancelled'",
          [],
        ],
        [admin.token, '/invoices?type=manual', "SELECT COUNT(*) AS n FROM invoices WHERE type = 'manual'", []],
        [
          admin.token,
          `/invoices?user_id=${buyer.user.id}`,
          'SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?',
          [buyer.user.id],
        ],
        [admin.token, '/invoices?_sort=amount&_order=desc', 'SELECT COUNT(*) AS n FROM invoices', []],
        [buyer.token, '/invoices/user', 'SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?', [buyer.user.id]],
        [
          buyer.token,
          '/invoices/user?status=paid',
          "SELECT COUNT(*) AS n FROM invoices WHERE user_id = ? AND status = 'paid'",
          [buyer.user.id],
        ],
      ];
      const expectExact = async () => {
        for (const [token, path, sql, params] of lists) {
          const res = await t.http().get(`/api/v1${path}`).set(bearer(token)).expect(200);
          expect(res.headers['x-total-count']).toBe(String(res.body.meta.total));
          expect([path, res.body.meta.total]).toEqual([path, await countRows(t.db, sql, params)]);
        }
      };
      await expectExact();
      for (const [token, path] of lists) {
        const statements = await captureStatements(t.db, () =>
          t
            .http()
            .get(`/api/v1${path}${path.includes('?') ? '&' : '?'}page=2`)
            .set(bearer(token))
            .expect(200),
        );
        expect([path, statements.filter((s) => /COUNT\(/i.test(s.sql))]).toEqual([path, []]);
      }
      const first = await raise(buyer.user.id, '300');
      const second = await raise(buyer.user.id, '400');
      await expectExact();
      await creditWallet(t, admin.token, buyer.user.id, '300');
      await pay(first.id, 'wallet', buyer.token).expect(200);
      await expectExact();
      await t.http().post(`/api/v1/invoices/${second.id}/cancel`).set(bearer(admin.token)).expect(200);
      await expectExact();
    });
  });

  describe('paying from the wallet', () => {
    it('refuses a short balance (422), pays once with the debit in the same transaction, then 409', async () => {
      const invoice = await raise(chioma.user.id, '5000');
      const short = await pay(invoice.id, 'wallet', chioma.token).expect(422);
      expect(short.body.message).toBe(MSG.money.insufficientBalance);
      expect((await t.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(chioma.token))).body.data.status).toBe(
        'pending',
      );
      await creditWallet(t, admin.token, chioma.user.id, '6000');
      await pay(invoice.id, 'wallet', emeka.token).expect(404); // another user's invoice cannot be paid
      await pay(invoice.id, 'card', chioma.token).expect(422);
      const paid = await pay(invoice.id, 'wallet', chioma.token).expect(200);
      expect(paid.body.data).toMatchObject({ id: invoice.id, status: 'paid', payment_method: 'wallet' });
      expect(paid.body.data.paid_at).toBeTruthy();
      expect(await balances(t.db, chioma.user.id)).toEqual({ ngn: 100_000, usd: 0 });
      const [debit] = await t.db.query(
        `SELECT direction, status, amount_minor AS amount, invoice_id FROM wallet_ledger WHERE reference = ?`,
        [`pay-${invoice.reference}`],
      );
      expect({ ...debit, amount: Number(debit.amount), invoice_id: Number(debit.invoice_id) }).toEqual({
        direction: 'debit',
        status: 'completed',
        amount: 500_000,
        invoice_id: invoice.id,
      });
      const again = await pay(invoice.id, 'wallet', chioma.token).expect(409);
      expect(again.body).toEqual({ message: MSG.money.invoiceAlreadyPaid });
      await pay(invoice.id, 'paystack', chioma.token).expect(409);
      expect(paidEvents.filter((e) => e.invoiceId === invoice.id)).toEqual([
        expect.objectContaining({ type: 'manual', subjectId: null, method: 'wallet', userId: chioma.user.id }),
      ]);
      expect((await notificationTitles(t.db, chioma.user.id))[0]).toBe(MSG.money.invoicePaidTitle);
      expect(await ledgerDrift(t.db)).toEqual([]);
    });

    it('cancel (admin): pending only; a cancelled invoice cannot be paid', async () => {
      const invoice = await raise(chioma.user.id, '10');
      await t.http().post(`/api/v1/invoices/${invoice.id}/cancel`).set(bearer(chioma.token)).expect(403);
      expect(
        (await t.http().post(`/api/v1/invoices/${invoice.id}/cancel`).set(bearer(admin.token)).expect(200)).body.data
          .status,
      ).toBe('cancelled');
      expect(
        (await t.http().post(`/api/v1/invoices/${invoice.id}/cancel`).set(bearer(admin.token)).expect(409)).body
          .message,
      ).toBe(MSG.money.invoiceAlreadyCancelled);
      expect((await pay(invoice.id, 'wallet', chioma.token).expect(409)).body.message).toBe(MSG.money.invoiceCancelled);
      const paidOne = (await t.http().get('/api/v1/invoices?status=paid').set(bearer(admin.token)).expect(200)).body
        .data[0] as Invoice;
      expect(
        (await t.http().post(`/api/v1/invoices/${paidOne.id}/cancel`).set(bearer(admin.token)).expect(409)).body
          .message,
      ).toBe(MSG.money.invoiceAlreadyPaid);
      await t.http().post('/api/v1/invoices/999999/cancel').set(bearer(admin.token)).expect(404);
    });

    // Replays in flight at the same time: test/security/concurrency.e2e-spec.ts.
    it('an Idempotency-Key replayed debits once and answers the same result', async () => {
      const buyer = await signUp(t);
      await creditWallet(t, admin.token, buyer.user.id, '5000');
      const invoice = await raise(buyer.user.id, '1000');
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await pay(invoice.id, 'wallet', buyer.token, 'checkout-7f3a'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(answers[0].body.data).toMatchObject({ id: invoice.id, status: 'paid' });
      expect(await balances(t.db, buyer.user.id)).toEqual({ ngn: 400_000, usd: 0 });
      expect(
        await countRows(t.db, `SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ? AND direction = 'debit'`, [
          buyer.user.id,
        ]),
      ).toBe(1);
      expect(
        await countRows(t.db, 'SELECT COUNT(*) AS n FROM idempotency_keys WHERE user_id = ?', [buyer.user.id]),
      ).toBe(1);
      // The key belongs to that request: another invoice with it is a 422; a new key on the paid invoice is a 409.
      const other = await raise(buyer.user.id, '10');
      expect((await pay(other.id, 'wallet', buyer.token, 'checkout-7f3a').expect(422)).body.errors).toEqual({
        'Idempotency-Key': [MSG.money.idempotencyKeyReused],
      });
      await pay(invoice.id, 'wallet', buyer.token, 'checkout-8b1c').expect(409);
      // Keys are per user: someone else's identical key is theirs alone (and this invoice is not theirs).
      await pay(invoice.id, 'wallet', emeka.token, 'checkout-7f3a').expect(404);
      expect(paidEvents.filter((e) => e.invoiceId === invoice.id)).toHaveLength(1);
      expect(await ledgerDrift(t.db)).toEqual([]);
    });
  });

  describe('paying by card (Paystack)', () => {
    const verify = (id: number, reference: string, token = chioma.token) =>
      t
        .http()
        .get(`/api/v1/invoices/${id}/verify?reference=${encodeURIComponent(reference)}`)
        .set(bearer(token));
    const webhook = (body: string, signature: string) =>
      t
        .http()
        .post('/api/v1/webhooks/paystack')
        .set('Content-Type', 'application/json')
        .set('x-paystack-signature', signature)
        .send(body);

    it('starts a transaction whose callback is the storefront invoice page, and settles once by webhook', async () => {
      const invoice = await raise(chioma.user.id, '2500.50');
      const start = await pay(invoice.id, 'paystack', chioma.token).expect(200);
      const { authorization_url, reference } = start.body.data as { authorization_url: string; reference: string };
      expect(reference).toMatch(/^ipay-/);
      expect(authorization_url.startsWith(paystack.url)).toBe(true);
      expect(paystack.transactions.get(reference)).toMatchObject({
        amount: 250_050,
        currency: 'NGN',
        email: chioma.email,
        callback_url: `${SHOP}/invoices/${invoice.id}?reference=${reference}`,
      });
      expect((await verify(invoice.id, reference).expect(200)).body.data.status).toBe('pending');
      await verify(invoice.id, reference, emeka.token).expect(404);
      await verify(invoice.id, 'ipay-000').expect(404);

      paystack.pay(reference);
      const forged = paystack.webhook(reference, { amount: 250_000 });
      await webhook(forged.body, forged.signature).expect(200);
      expect((await t.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(chioma.token))).body.data.status).toBe(
        'pending',
      );

      const { body, signature } = paystack.webhook(reference);
      // Delivered again later: settled once (10 deliveries at once: test/security/concurrency.e2e-spec.ts).
      await webhook(body, signature).expect(200);
      await webhook(body, signature).expect(200);
      const after = (await verify(invoice.id, reference).expect(200)).body.data;
      expect(after).toMatchObject({ status: 'paid', payment_method: 'paystack' });
      expect(paidEvents.filter((e) => e.invoiceId === invoice.id)).toEqual([
        expect.objectContaining({ method: 'paystack' }),
      ]);
      await pay(invoice.id, 'paystack', chioma.token).expect(409);
    });

    it('verify settles too; a card payment that lands after a wallet payment goes back to the wallet', async () => {
      const invoice = await raise(chioma.user.id, '300');
      const { reference } = (await pay(invoice.id, 'paystack', chioma.token).expect(200)).body.data;
      const before = await balances(t.db, chioma.user.id);
      await pay(invoice.id, 'wallet', chioma.token).expect(200);
      paystack.pay(reference);
      expect((await verify(invoice.id, reference).expect(200)).body.data).toMatchObject({
        status: 'paid',
        payment_method: 'wallet',
      });
      await verify(invoice.id, reference).expect(200);
      // Paid twice by the customer: the card payment was credited back to the wallet, once.
      expect(await balances(t.db, chioma.user.id)).toEqual(before);
      expect(
        await countRows(
          t.db,
          `SELECT COUNT(*) AS n FROM wallet_ledger WHERE reference = ? AND kind = 'refund' AND status = 'completed'`,
          [`refund-${reference}`],
        ),
      ).toBe(1);
      expect(await ledgerDrift(t.db)).toEqual([]);
    });
  });

  describe('hostile input', () => {
    it('answers every odd body, id and header with a 4xx in the error shape, never a 5xx', async () => {
      const invoice = await raise(chioma.user.id, '10');
      const values: unknown[] = [
        1e21,
        -5,
        '1.999',
        '1e3',
        'NaN',
        '',
        null,
        true,
        [],
        ['1', '2'],
        { $gt: 0 },
        'x'.repeat(5000),
        '\u0000',
        "' OR 1=1 --",
        Number.MAX_SAFE_INTEGER + 2,
      ];
      const bodies = values.flatMap((v) => [
        { amount: v, currency: 'NGN' },
        { amount: '100', currency: v },
        { method: v },
        { user_id: v, amount: '10', currency: 'NGN', description: 'x' },
        { amount: '10', currency: 'NGN', direction: v, reason: v },
        { name: v, code: v, buy_price: v, sell_price: v },
      ]);
      const ids = ['1e21', '-1', '99999999999999999999', 'abc', '0x10', String(invoice.id)];
      const failures: string[] = [];
      const check = async (label: string, req: PromiseLike<{ status: number; body: { message?: unknown } }>) => {
        const res = await req;
        if (res.status >= 500 || (res.status >= 400 && typeof res.body?.message !== 'string'))
          failures.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      };
      for (const body of bodies) {
        const b = body as object;
        await check(
          `fund ${JSON.stringify(b).slice(0, 60)}`,
          t.http().post('/api/v1/wallet/fund').set(bearer(chioma.token)).send(b),
        );
        await check(
          `manual ${JSON.stringify(b).slice(0, 60)}`,
          t.http().post('/api/v1/invoices').set(bearer(admin.token)).send(b),
        );
        await check(
          `pay ${JSON.stringify(b).slice(0, 60)}`,
          t.http().post(`/api/v1/invoices/${invoice.id}/pay`).set(bearer(chioma.token)).send(b),
        );
        await check(
          `adjust ${JSON.stringify(b).slice(0, 60)}`,
          t.http().post(`/api/v1/wallets/${chioma.user.id}/adjustments`).set(bearer(admin.token)).send(b),
        );
        await check(
          `currency ${JSON.stringify(b).slice(0, 60)}`,
          t.http().post('/api/v1/currencies').set(bearer(admin.token)).send(b),
        );
      }
      for (const id of ids) {
        await check(`GET invoice ${id}`, t.http().get(`/api/v1/invoices/${id}`).set(bearer(chioma.token)));
        await check(
          `pay ${id}`,
          t.http().post(`/api/v1/invoices/${id}/pay`).set(bearer(emeka.token)).send({ method: 'wallet' }),
        );
        await check(
          `verify ${id}`,
          t.http().get(`/api/v1/invoices/${id}/verify?reference=ipay-x`).set(bearer(chioma.token)),
        );
        await check(`wallet ${id}`, t.http().get(`/api/v1/wallets/${id}/histories`).set(bearer(admin.token)));
        await check(
          `patch currency ${id}`,
          t.http().patch(`/api/v1/currencies/${id}`).set(bearer(admin.token)).send({ name: 'x' }),
        );
      }
      for (const key of ['', ' ', 'a'.repeat(256), 'tab\there', 'ünïcode', 'k1, k2']) {
        await check(
          `key ${JSON.stringify(key)}`,
          t
            .http()
            .post(`/api/v1/invoices/${invoice.id}/pay`)
            .set(bearer(emeka.token))
            .set('Idempotency-Key', key)
            .send({ method: 'wallet' }),
        );
      }
      for (const ref of ['', 'a'.repeat(300), '%00', "x' OR '1", 'fund-x&reference=y']) {
        await check(
          `verify ref ${ref.slice(0, 20)}`,
          t
            .http()
            .get(`/api/v1/wallet/fund/verify?reference=${encodeURIComponent(ref)}`)
            .set(bearer(chioma.token)),
        );
      }
      expect(failures).toEqual([]);
      // None of it moved money or paid the invoice.
      expect((await t.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(chioma.token))).body.data.status).toBe(
        'pending',
      );
      expect(await ledgerDrift(t.db)).toEqual([]);
    });
  });

  describe('after everything', () => {
    it('leaves every balance equal to its completed ledger entries', async () => {
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM wallet_ledger')).toBeGreaterThan(5);
      expect(await ledgerDrift(t.db)).toEqual([]);
    });
  });
});
