import { PAYOUT_MSG, formatNaira } from '@jara/contracts';
import { PayoutAccount } from '../src/modules/payouts/payout-account.entity';
import { Payout } from '../src/modules/payouts/payout.entity';
import { PayoutsService } from '../src/modules/payouts/payouts.service';
import { STATEMENT_KINDS } from '../src/modules/wallet/wallet.service';
import { photo, KYC_FIELDS } from './security/world';
import type { FakePaystack } from './support/fake-paystack';
import { balances, bearer, countRows, creditWallet, ledgerDrift, notificationTitles } from './support/money';
import { startWithFakePaystack, type PaystackApp } from './support/paystack-app';
import { captureStatements } from './support/query-plan';
import { resolveOpenPaymentExceptions } from './support/reconcile';
import { buyAndReceive, createCategory, createProduct } from './support/orders';
import { signUp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;
const KINDS = STATEMENT_KINDS.map((k) => `'${k}'`).join(', ');

describe('Vendor payouts: accounts, withdrawals, approval, Paystack transfers and webhooks (e2e)', () => {
  let app: PaystackApp;
  let t: TestApp;
  let paystack: FakePaystack;
  let admin: Account;
  let ada: Account;
  let customer: Account;

  beforeAll(async () => {
    app = await startWithFakePaystack({ PAYOUT_REQUERY_INTERVAL_SECONDS: '0' });
    ({ t, paystack } = app);
    admin = await signUp(t, { role: 'admin' });
    ada = await signUp(t, { role: 'vendor' });
    customer = await signUp(t);
  });
  afterAll(async () => {
    // The tampered webhook left one exception on purpose; an admin resolves it, then the books must agree.
    try {
      await resolveOpenPaymentExceptions(t, admin.token);
      expect(await ledgerDrift(t.db)).toEqual([]);
    } finally {
      await app.closeReconciled();
    }
  });

  const api = (path: string) => `/api/v1${path}`;
  const get = (who: Account, path: string) => t.http().get(api(path)).set(bearer(who.token));
  const post = (who: Account, path: string, body: object = {}) =>
    t.http().post(api(path)).set(bearer(who.token)).send(body);
  const withdraw = (who: Account, amount: string, key?: string) => {
    const req = t.http().post(api('/vendor-payouts/withdrawals')).set(bearer(who.token));
    if (key) req.set('Idempotency-Key', key);
    return req.send({ amount });
  };
  const webhook = (hook: { body: string; signature: string }) => app.webhook(hook);
  const payoutRow = async (id: number) =>
    (
      await t.db.query('SELECT status, reference, amount_minor, fee_minor, reason FROM payouts WHERE id = ?', [id])
    )[0] as {
      status: string;
      reference: string;
    };
  const approveKyc = async (who: Account) => {
    let req = t.http().post(api('/kyc')).set(bearer(who.token));
    for (const [k, v] of Object.entries(KYC_FIELDS)) req = req.field(k, v);
    const res = await req.attach('id_image', await photo(), { filename: 'id.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    await t
      .http()
      .put(api(`/kyc/${res.body.data.id}/approve`))
      .set(bearer(admin.token))
      .send({ status: 1 })
      .expect(200);
  };
  const saveAccount = (who: Account, account_number: string, bank_code = '058', password = who.password) =>
    t.http().put(api('/vendor-payouts/account')).set(bearer(who.token)).send({ bank_code, account_number, password });
  /** A vendor with KYC approved, an account payable now and `naira` in the wallet. */
  const readyVendor = async (naira: string) => {
    const v = await signUp(t, { role: 'vendor' });
    await approveKyc(v);
    await saveAccount(v, '1234567890', '057').expect(200);
    await creditWallet(t, admin.token, v.user.id, naira);
    return v;
  };

  it('is for vendors: customers and admins get 403 on the vendor routes, vendors on the back office', async () => {
    await get(customer, '/vendor-payouts/balance').expect(403);
    await withdraw(customer, '5000').expect(403);
    await get(admin, '/vendor-payouts/account').expect(403);
    await get(ada, '/payouts').expect(403);
    await get(ada, `/payouts/vendors/${ada.user.id}/balance`).expect(403);
    await t.http().get(api('/vendor-payouts/balance')).expect(401);
  });

  it("lists Paystack's banks (cached) and resolves an account name; an unknown NUBAN is a 422", async () => {
    const first = await get(ada, '/vendor-payouts/banks').expect(200);
    expect(first.body.data).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    const calls = paystack.transferCalls.banks;
    await get(ada, '/vendor-payouts/banks').expect(200);
    expect(paystack.transferCalls.banks).toBe(calls);
    const ok = await post(ada, '/vendor-payouts/account/resolve', {
      bank_code: '058',
      account_number: '0123 456 789',
    }).expect(200);
    expect(ok.body.data).toEqual({
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
      account_number: '0123456789',
      account_name: 'ADAEZE OKAFOR',
    });
    const unknown = await post(ada, '/vendor-payouts/account/resolve', {
      bank_code: '058',
      account_number: '5555555555',
    }).expect(422);
    expect(unknown.body.errors.account_number).toEqual([PAYOUT_MSG.accountUnresolved]);
    const bad = await post(ada, '/vendor-payouts/account/resolve', { bank_code: '999', account_number: '12' }).expect(
      422,
    );
    expect(bad.body.errors.account_number).toEqual([PAYOUT_MSG.accountNumberInvalid]);
    expect(
      (
        await post(ada, '/vendor-payouts/account/resolve', { bank_code: '999', account_number: '0123456789' }).expect(
          422,
        )
      ).body.errors.bank_code,
    ).toEqual([PAYOUT_MSG.bankUnknown]);
  });

  it('saves an account with the password (first: payable at once); a change waits 24 h and is e-mailed', async () => {
    expect((await get(ada, '/vendor-payouts/account').expect(200)).body.data).toBeNull();
    const wrong = await saveAccount(ada, '0123456789', '058', 'not-my-password').expect(422);
    expect(wrong.body.errors.password).toEqual([PAYOUT_MSG.passwordWrong]);
    const recipients = paystack.transferCalls.recipient;
    const first = await saveAccount(ada, '0123456789').expect(200);
    expect(first.body.data).toMatchObject({
      account_name: 'ADAEZE OKAFOR',
      active: true,
      bank_name: 'Guaranty Trust Bank',
    });
    expect(first.body.data).not.toHaveProperty('recipient_code');
    expect(new Date(first.body.data.payable_after).getTime()).toBeLessThanOrEqual(Date.now());
    expect(paystack.transferCalls.recipient).toBe(recipients + 1);
    // Saving the same account again changes nothing (no second recipient).
    await saveAccount(ada, '0123456789').expect(200);
    expect(paystack.transferCalls.recipient).toBe(recipients + 1);

    const changed = await saveAccount(ada, '0987654321', '044').expect(200);
    const delay = new Date(changed.body.data.payable_after).getTime() - Date.now();
    expect(delay).toBeGreaterThan(23.9 * 3600_000);
    expect(delay).toBeLessThanOrEqual(24 * 3600_000);
    expect(await notificationTitles(t.db, ada.user.id)).toContain(PAYOUT_MSG.accountChangedTitle);
    const history = await get(admin, `/payouts/vendors/${ada.user.id}/accounts`).expect(200);
    expect(
      history.body.data.map((a: { account_number: string; active: boolean }) => [a.account_number, a.active]),
    ).toEqual([
      ['0987654321', true],
      ['0123456789', false],
    ]);
  });

  it('gates withdrawals: KYC approved, then the account-change delay; amount at least the minimum and within the balance', async () => {
    await creditWallet(t, admin.token, ada.user.id, '200000');
    const kyc = await withdraw(ada, '5000').expect(422);
    expect(kyc.body.errors.blocked_reason).toEqual([PAYOUT_MSG.blockedKyc]);
    expect((await get(ada, '/vendor-payouts/balance').expect(200)).body.data).toMatchObject({
      can_withdraw: false,
      blocked_reason: PAYOUT_MSG.blockedKyc,
    });
    await approveKyc(ada);
    const held = await withdraw(ada, '5000').expect(422);
    expect(held.body.errors.blocked_reason[0]).toMatch(/changed recently/);
    // The clock moves past the change delay.
    await t.db
      .getRepository(PayoutAccount)
      .update({ active_vendor_id: ada.user.id }, { payable_after: new Date(Date.now() - 1000) });
    const small = await withdraw(ada, '999.99').expect(422);
    expect(small.body.errors.amount).toEqual([PAYOUT_MSG.amountMin(formatNaira(100_000))]);
    const big = await withdraw(ada, '200000').expect(422);
    expect(big.body.errors.amount).toEqual([PAYOUT_MSG.amountAboveAvailable(formatNaira(19_995_000))]);
    expect(await countRows(t.db, 'SELECT COUNT(*) FROM payouts')).toBe(0);
    const balance = (await get(ada, '/vendor-payouts/balance').expect(200)).body.data;
    expect(balance).toMatchObject({ can_withdraw: true, blocked_reason: null, available_minor: 20_000_000 });
  });

  let paidId: number;
  it('a withdrawal under the threshold is held and sent at once; transfer.success pays it; 10 replays change nothing', async () => {
    paystack.transferMode = 'pending';
    const res = await withdraw(ada, '5000').expect(201);
    paidId = res.body.data.id;
    expect(res.body.data).toMatchObject({ status: 'processing', amount_minor: 500_000, fee_minor: 5_000 });
    expect(res.body.data.reference).toMatch(new RegExp(`^payout-${paidId}-`));
    expect((await balances(t.db, ada.user.id)).ngn).toBe(20_000_000 - 505_000);
    const sent = paystack.transfers.get(res.body.data.reference);
    expect(sent).toMatchObject({ amount: 500_000, status: 'pending' });
    const hook = paystack.transferWebhook(res.body.data.reference, 'transfer.success');
    for (let i = 0; i < 10; i++) await webhook(hook).expect(200);
    expect(await payoutRow(paidId)).toMatchObject({ status: 'paid' });
    expect((await balances(t.db, ada.user.id)).ngn).toBe(20_000_000 - 505_000);
    expect(await countRows(t.db, "SELECT COUNT(*) FROM wallet_ledger WHERE reference LIKE 'payout-%'")).toBe(2);
    // A late reversal of a paid transfer returns the money (once), however often it comes.
    expect((await get(ada, '/vendor-payouts/balance').expect(200)).body.data).toMatchObject({
      paid_out_minor: 500_000,
      held_minor: 0,
    });
    expect(await notificationTitles(t.db, ada.user.id)).toContain(PAYOUT_MSG.changedTitle);
  });

  it('refuses a tampered webhook (another amount or recipient): nothing moves, an exception is kept', async () => {
    const res = await withdraw(ada, '2000').expect(201);
    const ref = res.body.data.reference;
    await webhook(paystack.transferWebhook(ref, 'transfer.failed', { amount: 1 })).expect(200);
    await webhook(paystack.transferWebhook(ref, 'transfer.failed', { recipient_code: 'RCP_evil' })).expect(200);
    expect(await payoutRow(res.body.data.id)).toMatchObject({ status: 'processing' });
    expect(
      await countRows(t.db, 'SELECT COUNT(*) FROM payment_exceptions WHERE reference = ? AND resolved_at IS NULL', [
        ref,
      ]),
    ).toBe(1);
    // The genuine failure returns amount + fee, once.
    const before = (await balances(t.db, ada.user.id)).ngn;
    const hook = paystack.transferWebhook(ref, 'transfer.failed');
    for (let i = 0; i < 10; i++) await webhook(hook).expect(200);
    // Paystack's word for the failure, not the narration we sent with the transfer.
    expect(await payoutRow(res.body.data.id)).toMatchObject({ status: 'failed', reason: 'Account is dormant' });
    expect((await balances(t.db, ada.user.id)).ngn).toBe(before + 205_000);
  });

  it('above the threshold waits for an admin: approve sends it, transfer.reversed returns the money; reject returns it too', async () => {
    const big = await withdraw(ada, '60000').expect(201);
    expect(big.body.data.status).toBe('awaiting_approval');
    const queue = await get(admin, `/payouts?status=awaiting_approval&vendor_id=${ada.user.id}`).expect(200);
    expect(queue.body.data.map((p: { id: number }) => p.id)).toEqual([big.body.data.id]);
    expect(queue.body.data[0].vendor).toMatchObject({ id: ada.user.id, email: ada.email });
    const approved = await post(admin, `/payouts/${big.body.data.id}/approve`).expect(200);
    expect(approved.body.data).toMatchObject({ status: 'processing', approved_by: admin.user.id });
    expect((await post(admin, `/payouts/${big.body.data.id}/approve`).expect(422)).body.errors.status).toEqual([
      PAYOUT_MSG.notAwaitingApproval,
    ]);
    const before = (await balances(t.db, ada.user.id)).ngn;
    const hook = paystack.transferWebhook(big.body.data.reference, 'transfer.reversed');
    for (let i = 0; i < 10; i++) await webhook(hook).expect(200);
    expect(await payoutRow(big.body.data.id)).toMatchObject({ status: 'reversed', reason: 'Returned by bank' });
    expect((await balances(t.db, ada.user.id)).ngn).toBe(before + 6_005_000);

    const other = await withdraw(ada, '70000').expect(201);
    await post(admin, `/payouts/${other.body.data.id}/reject`, { reason: '' }).expect(422);
    const rejected = await post(admin, `/payouts/${other.body.data.id}/reject`, {
      reason: 'Name differs from KYC',
    }).expect(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Name differs from KYC' });
    expect((await balances(t.db, ada.user.id)).ngn).toBe(before + 6_005_000);
  });

  it('bulk approves what is awaiting approval and says why the others were not', async () => {
    const a = (await withdraw(ada, '51000').expect(201)).body.data.id;
    const b = (await withdraw(ada, '52000').expect(201)).body.data.id;
    const res = await post(admin, '/payouts/approve', { ids: [a, b, paidId, 999999] }).expect(200);
    expect(res.body.data.approved).toEqual([a, b]);
    expect(res.body.data.failed).toEqual([
      { id: paidId, message: PAYOUT_MSG.notAwaitingApproval },
      { id: 999999, message: PAYOUT_MSG.notFound },
    ]);
    await post(admin, '/payouts/approve', { ids: [] }).expect(422);
    for (const id of [a, b]) {
      const { reference } = await payoutRow(id);
      await webhook(paystack.transferWebhook(reference, 'transfer.success')).expect(200);
    }
  });

  it('the re-query job settles a transfer stuck in pending; a refused send fails and returns the money', async () => {
    const res = await withdraw(ada, '3000').expect(201);
    expect(res.body.data.status).toBe('processing');
    const service = t.app.get(PayoutsService);
    expect(await service.requery(new Date())).toBe(0);
    paystack.finishTransfer(res.body.data.reference, 'success');
    expect(await service.requery(new Date(Date.now() + 3600_000))).toBe(1);
    expect(await payoutRow(res.body.data.id)).toMatchObject({ status: 'paid' });

    // Paystack does not answer the send: the payout stays approved, and the job sends it again (same reference).
    paystack.failNext(1);
    const unsent = await withdraw(ada, '2500').expect(201);
    expect(unsent.body.data.status).toBe('approved');
    expect(paystack.transfers.has(unsent.body.data.reference)).toBe(false);
    expect(await service.requery(new Date(Date.now() + 5 * 60_000))).toBe(1);
    expect(await payoutRow(unsent.body.data.id)).toMatchObject({ status: 'processing' });
    await webhook(paystack.transferWebhook(unsent.body.data.reference, 'transfer.success')).expect(200);
    expect(await payoutRow(unsent.body.data.id)).toMatchObject({ status: 'paid' });

    paystack.transferMode = 'refuse';
    const before = (await balances(t.db, ada.user.id)).ngn;
    const refused = await withdraw(ada, '4000').expect(201);
    expect(refused.body.data.status).toBe('failed');
    expect((await balances(t.db, ada.user.id)).ngn).toBe(before);
    paystack.transferMode = 'pending';
  });

  it('an Idempotency-Key replays the first answer and moves the money once', async () => {
    const before = (await balances(t.db, ada.user.id)).ngn;
    const first = await withdraw(ada, '1500', 'withdraw-key-1').expect(201);
    const again = await withdraw(ada, '1500', 'withdraw-key-1').expect(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await balances(t.db, ada.user.id)).ngn).toBe(before - 155_000);
    await webhook(paystack.transferWebhook(first.body.data.reference, 'transfer.success')).expect(200);
  });

  it('20 concurrent withdrawals against a balance for 3 leave exactly 3 held and refuse the rest with a 422', async () => {
    const v = await readyVendor('6150'); // 3 x (2000 + 50)
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(v, '2000')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 422)).toHaveLength(17);
    for (const r of answers.filter((a) => a.status === 422)) expect(r.body.errors.amount).toBeDefined();
    expect(await countRows(t.db, 'SELECT COUNT(*) FROM payouts WHERE vendor_id = ?', [v.user.id])).toBe(3);
    expect((await balances(t.db, v.user.id)).ngn).toBe(0);
    for (const r of answers.filter((a) => a.status === 201))
      await webhook(paystack.transferWebhook(r.body.data.reference, 'transfer.success')).expect(200);
  });

  it('a received sale is pending (the return window) in the balance and on the statement with its gross and commission', async () => {
    const category = await createCategory(t, admin.token, 'Payout phones');
    const product = await createProduct(t, ada.token, category, {
      name: 'Tecno Spark',
      price: '10000',
      stock_quantity: 5,
    });
    await buyAndReceive(t, admin, customer, product.id);
    const balance = (await get(ada, '/vendor-payouts/balance').expect(200)).body.data;
    expect(balance.pending_minor).toBe(900_000);
    const [sale] = (await get(ada, '/vendor-payouts/statement?limit=1').expect(200)).body.data;
    expect(sale).toMatchObject({
      kind: 'sale',
      direction: 'credit',
      status: 'pending',
      amount_minor: 900_000,
      gross_minor: 1_000_000,
      commission_minor: 100_000,
    });
  });

  it('the statement lists sales, payouts, fees and returns newest first, by cursor, and as CSV; the admin sees it too', async () => {
    const page = await get(ada, '/vendor-payouts/statement?limit=3').expect(200);
    expect(page.body.data).toHaveLength(3);
    expect(page.body.meta.next_cursor).toEqual(expect.any(String));
    const next = await get(ada, `/vendor-payouts/statement?limit=3&cursor=${page.body.meta.next_cursor}`).expect(200);
    const ids = [...page.body.data, ...next.body.data].map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const kinds = new Set<string>();
    let cursor: string | null = null;
    do {
      const res: { body: { data: Array<{ kind: string }>; meta: { next_cursor: string | null } } } = await get(
        ada,
        `/vendor-payouts/statement?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      ).expect(200);
      for (const e of res.body.data) kinds.add(e.kind);
      cursor = res.body.meta.next_cursor;
    } while (cursor);
    expect([...kinds].sort()).toEqual(['adjustment', 'payout', 'payout_fee', 'payout_return', 'sale']);
    const csv = await get(ada, '/vendor-payouts/statement.csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('date,kind,description,reference,direction,amount,status,gross,commission');
    expect(lines.some((l) => l.includes(',payout_return,'))).toBe(true);
    const adminView = await get(admin, `/payouts/vendors/${ada.user.id}/statement?limit=3`).expect(200);
    expect(adminView.body.data).toEqual(page.body.data);
    await get(customer, `/payouts/vendors/${ada.user.id}/statement`).expect(403);
  });

  it('keeps the totals of the payouts, withdrawals and statement per filter; every write shows in the next total', async () => {
    const v = await readyVendor('200000');
    const total = async (who: Account, path: string) => {
      const res = await get(who, path).expect(200);
      expect(res.headers['x-total-count']).toBe(String(res.body.meta.total));
      return res.body.meta.total as number;
    };
    const exact = (sql: string, params: unknown[] = []) => countRows(t.db, sql, params);
    const lists: Array<[Account, string, string, unknown[]]> = [
      [admin, '/payouts', 'SELECT COUNT(*) AS n FROM payouts', []],
      [
        admin,
        '/payouts?status=awaiting_approval',
        "SELECT COUNT(*) AS n FROM payouts WHERE status = 'awaiting_approval'",
        [],
      ],
      [admin, '/payouts?status=rejected', "SELECT COUNT(*) AS n FROM payouts WHERE status = 'rejected'", []],
      [admin, `/payouts?vendor_id=${v.user.id}`, 'SELECT COUNT(*) AS n FROM payouts WHERE vendor_id = ?', [v.user.id]],
      [admin, '/payouts?_sort=amount_minor&_order=desc', 'SELECT COUNT(*) AS n FROM payouts', []],
      [v, '/vendor-payouts/withdrawals', 'SELECT COUNT(*) AS n FROM payouts WHERE vendor_id = ?', [v.user.id]],
      [
        v,
        '/vendor-payouts/statement',
        `SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ? AND currency = 'NGN' AND kind IN (${KINDS})`,
        [v.user.id],
      ],
      [
        admin,
        `/payouts/vendors/${v.user.id}/statement`,
        `SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ? AND currency = 'NGN' AND kind IN (${KINDS})`,
        [v.user.id],
      ],
    ];
    const expectExact = async () => {
      for (const [who, path, sql, params] of lists)
        expect([path, await total(who, path)]).toEqual([path, await exact(sql, params)]);
    };
    await expectExact();
    // A second page of the same filter is answered without counting again (the total is kept).
    for (const [who, path] of lists) {
      const statements = await captureStatements(t.db, () =>
        get(who, `${path}${path.includes('?') ? '&' : '?'}page=2`),
      );
      expect([path, statements.filter((s) => /COUNT\(/i.test(s.sql))]).toEqual([path, []]);
    }
    // A withdrawal (payout + 2 ledger entries), a rejection (status + the return entry): each shows at once.
    const big = (await withdraw(v, '60000').expect(201)).body.data as { id: number; status: string };
    expect(big.status).toBe('awaiting_approval');
    await expectExact();
    await post(admin, `/payouts/${big.id}/reject`, { reason: 'Totals test' }).expect(200);
    await expectExact();
    expect(await total(v, '/vendor-payouts/statement')).toBe(4); // adjustment, payout, fee, return
  });

  it('a list counted while a payout is being written (before its commit) is counted again after the commit', async () => {
    const v = await readyVendor('1000');
    const path = `/payouts?vendor_id=${v.user.id}`;
    expect((await get(admin, path).expect(200)).body.meta.total).toBe(0);
    const runner = t.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.manager.insert(Payout, {
        vendor_id: v.user.id,
        account_id: 1,
        amount_minor: 100_000,
        fee_minor: 5_000,
        status: 'paid',
        reference: `payout-race-${v.user.id}`,
        recipient_code: 'RCP_race',
        bank_name: 'Guaranty Trust Bank',
        account_number: '0123456789',
        account_name: 'RACE VENDOR',
      } as Partial<Payout>);
      // MariaDB: another connection counts the old rows (0); SQLite: the one connection sees the new row (1).
      await get(admin, path).expect(200);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect((await get(admin, path).expect(200)).body.meta.total).toBe(1);
    await t.db.getRepository(Payout).delete({ reference: `payout-race-${v.user.id}` });
    expect((await get(admin, path).expect(200)).body.meta.total).toBe(0);
  });

  it('the back office lists, sorts, filters and exports payouts; one payout by id', async () => {
    const list = await get(
      admin,
      `/payouts?vendor_id=${ada.user.id}&_sort=amount_minor&_order=DESC&_start=0&_end=2`,
    ).expect(200);
    expect(list.headers['x-total-count']).toBeDefined();
    expect(list.body.data[0].amount_minor).toBeGreaterThanOrEqual(list.body.data[1].amount_minor);
    await get(admin, '/payouts?status=nonsense').expect(422);
    const one = await get(admin, `/payouts/${paidId}`).expect(200);
    expect(one.body.data).toMatchObject({ id: paidId, status: 'paid', status_label: 'Paid' });
    await get(admin, '/payouts/999999').expect(404);
    await get(admin, '/payouts/vendors/999999/balance').expect(404);
    await get(admin, '/payouts/vendors/999999/statement').expect(404);
    await get(admin, '/payouts/vendors/999999/accounts').expect(404);
    const csv = await get(admin, '/payouts/export.csv?status=paid').expect(200);
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0].startsWith('id,requested_at,vendor_id')).toBe(true);
    expect(rows.slice(1).every((r) => r.includes(',paid,'))).toBe(true);
    expect(rows.length - 1).toBe(await countRows(t.db, "SELECT COUNT(*) FROM payouts WHERE status = 'paid'"));
    const mine = await get(ada, '/vendor-payouts/withdrawals').expect(200);
    expect(mine.body.data.every((p: { vendor_id: number }) => p.vendor_id === ada.user.id)).toBe(true);
  });
});
