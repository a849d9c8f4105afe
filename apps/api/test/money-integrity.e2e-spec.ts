import { MSG, type Invoice } from '@jara/contracts';
import { inTransaction } from '../src/database/transaction';
import { InvoicesService } from '../src/modules/invoices/invoices.service';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { balances, bearer, countRows, creditWallet, ledgerDrift } from './support/money';
import { signUp, startTestApp, type TestApp } from './support/test-app';
import { expectReconciled } from './support/reconcile';

/**
 * Issue 21, the seams between invoices, payments and the wallet: a payment settles an invoice only for the amount and
 * currency the invoice asks for now; a wallet payment debits exactly what it marked paid; an order's invoice is not
 * cancelled on its own; gateway answers that do not settle are kept for an admin and never lose a later success.
 */
describe('Money integrity: invoices, card payments and the wallet (e2e)', () => {
  let t: TestApp;
  let paystack: FakePaystack;
  let invoices: InvoicesService;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let buyer: Awaited<ReturnType<typeof signUp>>;
  let subject = 9_000;

  beforeAll(async () => {
    paystack = await startFakePaystack();
    t = await startTestApp({ PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url });
    invoices = t.app.get(InvoicesService);
    admin = await signUp(t, { role: 'admin' });
    buyer = await signUp(t);
  });
  afterAll(async () => {
    expect(await ledgerDrift(t.db)).toEqual([]);
    await expectReconciled(t);
    await t.close();
    await paystack.close();
  });

  /** A delivery fee invoice of `cents` for the buyer (as Proceed raises it), through the owner API. */
  const feeInvoice = async (cents: number): Promise<number> => {
    subject++;
    const row = await inTransaction(t.db, (m) =>
      invoices.issueIn(m, {
        userId: buyer.user.id,
        type: 'delivery',
        subjectId: subject,
        subjectLabel: `JT-TEST-${subject}`,
        amountMinor: cents,
        currency: 'USD',
        description: `Cargo fee ${subject}`,
      }),
    );
    return row.id;
  };
  const reprice = (id: number, cents: number) =>
    inTransaction(t.db, (m) => invoices.amendIn(m, id, { amountMinor: cents }));
  const startCard = async (id: number): Promise<string> =>
    (
      await t
        .http()
        .post(`/api/v1/invoices/${id}/pay`)
        .set(bearer(buyer.token))
        .send({ method: 'paystack' })
        .expect(200)
    ).body.data.reference;
  const webhook = async (reference: string, overrides: Parameters<FakePaystack['webhook']>[1] = {}) => {
    const { body, signature } = paystack.webhook(reference, overrides);
    await t
      .http()
      .post('/api/v1/webhooks/paystack')
      .set('content-type', 'application/json')
      .set('x-paystack-signature', signature)
      .send(body)
      .expect(200);
  };
  const invoiceRow = async (id: number) =>
    (await t.db.query('SELECT status, amount_minor, payment_method FROM invoices WHERE id = ?', [id]))[0] as {
      status: string;
      amount_minor: number | string;
      payment_method: string | null;
    };
  const paymentRow = async (reference: string) =>
    (
      await t.db.query('SELECT status, note, gateway_amount_minor FROM invoice_payments WHERE reference = ?', [
        reference,
      ])
    )[0] as {
      status: string;
      note: string | null;
      gateway_amount_minor: number | string | null;
    };

  describe('a card payment started at an old amount (finding 1)', () => {
    it('never pays a re-priced invoice: the money goes to the wallet and the invoice stays pending', async () => {
      const id = await feeInvoice(1_000); // $10 at 1 kg
      const reference = await startCard(id);
      await reprice(id, 100_000); // the admin corrects the weight: $1,000
      const before = await balances(t.db, buyer.user.id);
      paystack.pay(reference); // the customer completes the old $10 checkout and comes back to the invoice page
      const back = await t
        .http()
        .get(`/api/v1/invoices/${id}/verify`)
        .query({ reference })
        .set(bearer(buyer.token))
        .expect(200);
      expect(back.body.data).toMatchObject({ status: 'pending', payment: { reference, status: 'refunded' } });
      await webhook(reference);
      expect(Number((await invoiceRow(id)).amount_minor)).toBe(100_000);
      expect((await paymentRow(reference)).status).toBe('refunded');
      expect((await balances(t.db, buyer.user.id)).usd).toBe(before.usd + 1_000);
      expect(
        await countRows(t.db, `SELECT COUNT(*) AS n FROM wallet_ledger WHERE reference = ? AND kind = 'refund'`, [
          `refund-${reference}`,
        ]),
      ).toBe(1);
      // Replays of the same webhook and our own verify change nothing more.
      await webhook(reference);
      await t.http().get(`/api/v1/invoices/${id}/verify`).query({ reference }).set(bearer(buyer.token)).expect(200);
      expect((await balances(t.db, buyer.user.id)).usd).toBe(before.usd + 1_000);
      // A checkout started at the new amount pays it.
      const fresh = await startCard(id);
      paystack.pay(fresh);
      await webhook(fresh);
      expect(await invoiceRow(id)).toMatchObject({ status: 'paid', payment_method: 'paystack' });
    });

    it('a fee lowered after the checkout started is not overcharged: the old payment is refunded in full', async () => {
      const id = await feeInvoice(50_000);
      const reference = await startCard(id);
      await reprice(id, 5_000);
      const before = await balances(t.db, buyer.user.id);
      paystack.pay(reference);
      await webhook(reference);
      expect((await invoiceRow(id)).status).toBe('pending');
      expect((await balances(t.db, buyer.user.id)).usd).toBe(before.usd + 50_000);
    });

    it('re-pricing supersedes the pending payments, and a paid invoice cannot be re-priced', async () => {
      const id = await feeInvoice(2_000);
      const reference = await startCard(id);
      await reprice(id, 3_000);
      expect((await paymentRow(reference)).status).toBe('superseded');
      await creditWallet(t, admin.token, buyer.user.id, '30.00', 'USD');
      await t.http().post(`/api/v1/invoices/${id}/pay`).set(bearer(buyer.token)).send({ method: 'wallet' }).expect(200);
      await expect(reprice(id, 4_000)).rejects.toThrow(MSG.money.invoiceAlreadyPaid);
    });
  });

  describe('a wallet payment racing a re-pricing (finding 3)', () => {
    it('debits exactly the amount the invoice was paid at, whichever commits first', async () => {
      await creditWallet(t, admin.token, buyer.user.id, '10000.00', 'USD');
      for (let round = 0; round < 8; round++) {
        const id = await feeInvoice(1_000);
        const [paid] = await Promise.allSettled([
          t.http().post(`/api/v1/invoices/${id}/pay`).set(bearer(buyer.token)).send({ method: 'wallet' }),
          reprice(id, 100_000),
        ]);
        const invoice = await invoiceRow(id);
        const debits: Array<{ amount_minor: number | string }> = await t.db.query(
          `SELECT amount_minor FROM wallet_ledger WHERE invoice_id = ? AND kind = 'invoice_payment'`,
          [id],
        );
        if (invoice.status === 'paid') {
          expect(debits.map((d) => Number(d.amount_minor))).toEqual([Number(invoice.amount_minor)]);
        } else {
          expect(debits).toEqual([]);
          expect(invoice.status).toBe('pending');
          expect(paid.status === 'fulfilled' ? paid.value.status : 0).not.toBe(200);
        }
      }
    });
  });

  describe("an order's invoice (finding 2)", () => {
    it('cannot be cancelled on its own from the Invoices screen', async () => {
      subject++;
      const invoice = (await invoices.issue({
        userId: buyer.user.id,
        type: 'order',
        subjectId: subject,
        amountMinor: 500_000_00,
        currency: 'NGN',
        description: 'Order by bank transfer',
      })) as Invoice;
      const answer = await t.http().post(`/api/v1/invoices/${invoice.id}/cancel`).set(bearer(admin.token)).expect(409);
      expect(answer.body.message).toBe(MSG.money.invoiceOfOrder);
      expect((await invoiceRow(invoice.id)).status).toBe('pending');
    });
  });

  describe('gateway answers that do not settle (finding 10)', () => {
    it('compares with the requested amount when Paystack passes its fees to the customer', async () => {
      const id = await feeInvoice(10_000);
      const reference = await startCard(id);
      paystack.pay(reference);
      await webhook(reference, { amount: 10_150, requested_amount: 10_000 });
      expect(await invoiceRow(id)).toMatchObject({ status: 'paid', payment_method: 'paystack' });
    });

    it('keeps a mismatch for an admin and still settles a later genuine success', async () => {
      const id = await feeInvoice(20_000);
      const reference = await startCard(id);
      paystack.pay(reference);
      await webhook(reference, { amount: 2_000 });
      expect(await paymentRow(reference)).toMatchObject({ status: 'mismatch' });
      expect(Number((await paymentRow(reference)).gateway_amount_minor)).toBe(2_000);
      expect((await invoiceRow(id)).status).toBe('pending');
      const kept: Array<{ kind: string; expected_amount_minor: number | string }> = await t.db.query(
        'SELECT kind, expected_amount_minor FROM payment_exceptions WHERE reference = ?',
        [reference],
      );
      expect(kept.map((k) => [k.kind, Number(k.expected_amount_minor)])).toEqual([['mismatch', 20_000]]);
      await webhook(reference, { amount: 2_000 }); // a replay records nothing twice
      expect(
        await countRows(t.db, 'SELECT COUNT(*) AS n FROM payment_exceptions WHERE reference = ?', [reference]),
      ).toBe(1);
      await webhook(reference); // the genuine success
      expect(await invoiceRow(id)).toMatchObject({ status: 'paid', payment_method: 'paystack' });
      expect((await paymentRow(reference)).status).toBe('completed');
      // The money arrived as asked in the end: nobody needs to look at that mismatch any more.
      expect(
        await countRows(
          t.db,
          'SELECT COUNT(*) AS n FROM payment_exceptions WHERE reference = ? AND resolved_at IS NULL',
          [reference],
        ),
      ).toBe(0);
    });

    it('a verify that finds nothing or a failure does not close the payment for good', async () => {
      const id = await feeInvoice(30_000);
      const reference = await startCard(id);
      paystack.decline(reference);
      await t.http().get(`/api/v1/invoices/${id}/verify`).query({ reference }).set(bearer(buyer.token)).expect(200);
      expect((await paymentRow(reference)).status).toBe('failed');
      paystack.pay(reference); // the customer retried on Paystack's page and it went through
      await webhook(reference);
      expect((await invoiceRow(id)).status).toBe('paid');
    });

    it('a signed webhook for a reference Jara never issued is kept once as an exception', async () => {
      const stray = `ipay-${'f'.repeat(24)}`;
      await webhook(stray, { amount: 5_000, currency: 'NGN' });
      await webhook(stray, { amount: 5_000, currency: 'NGN' });
      const kept: Array<{ kind: string }> = await t.db.query(
        'SELECT kind FROM payment_exceptions WHERE reference = ?',
        [stray],
      );
      expect(kept).toEqual([{ kind: 'unknown' }]);
      // An admin who dealt with it marks it resolved, once; it then has who and when.
      const [{ id }] = await t.db.query('SELECT id FROM payment_exceptions WHERE reference = ?', [stray]);
      await t.http().post(`/api/v1/payments/exceptions/${id}/resolve`).set(bearer(buyer.token)).expect(403);
      await t.http().post(`/api/v1/payments/exceptions/${id}/resolve`).set(bearer(admin.token)).expect(200);
      const again = await t
        .http()
        .post(`/api/v1/payments/exceptions/${id}/resolve`)
        .set(bearer(admin.token))
        .expect(409);
      expect(again.body.message).toBe(MSG.money.paymentExceptionResolved);
      const [row] = await t.db.query('SELECT resolved_by FROM payment_exceptions WHERE id = ?', [id]);
      expect(Number(row.resolved_by)).toBe(admin.user.id);
    });

    it('a wallet funding reported at another amount credits nothing, and a later genuine success credits once', async () => {
      const start = await t
        .http()
        .post('/api/v1/wallet/fund')
        .set(bearer(buyer.token))
        .send({ amount: '100.00', currency: 'NGN' })
        .expect(201);
      const reference: string = start.body.data.reference;
      const before = await balances(t.db, buyer.user.id);
      paystack.pay(reference, { amount: 100 });
      await t.http().get('/api/v1/wallet/fund/verify').query({ reference }).set(bearer(buyer.token)).expect(200);
      expect((await balances(t.db, buyer.user.id)).ngn).toBe(before.ngn);
      expect(
        await countRows(
          t.db,
          `SELECT COUNT(*) AS n FROM payment_exceptions WHERE reference = ? AND kind = 'mismatch'`,
          [reference],
        ),
      ).toBe(1);
      paystack.pay(reference);
      await webhook(reference);
      await webhook(reference);
      expect((await balances(t.db, buyer.user.id)).ngn).toBe(before.ngn + 10_000);
    });
  });
});
