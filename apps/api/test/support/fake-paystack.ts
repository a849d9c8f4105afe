import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakePaystackStatus = 'abandoned' | 'success' | 'failed';

export interface FakePaystackTransaction {
  reference: string;
  email: string;
  /** What initialize was asked for (minor units). */
  amount: number;
  currency: string;
  callback_url: string;
  metadata: unknown;
  status: FakePaystackStatus;
  /** What verify and webhooks report when it differs from the request (a tampered or partial charge). */
  reported?: { amount?: number; currency?: string };
}

/** A refund as the fake holds it (issue 24). */
export interface FakePaystackRefund {
  id: string;
  transaction: string;
  amount: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
}

/** A dedicated virtual account the fake opened (issue 24). */
export interface FakePaystackDedicatedAccount {
  id: number;
  customer_code: string;
  email: string;
  account_number: string;
  account_name: string;
  bank: { name: string; slug: string };
}

export interface FakePaystack {
  /** PAYSTACK_BASE_URL for the API. */
  url: string;
  /** PAYSTACK_SECRET_KEY: the Bearer token it accepts and the key its webhooks are signed with. */
  secretKey: string;
  readonly calls: { initialize: number; verify: number };
  readonly transactions: Map<string, FakePaystackTransaction>;
  /** The customer pays: verify answers success (optionally reporting another amount or currency). */
  pay(reference: string, reported?: { amount?: number; currency?: string }): void;
  /** The charge is declined: verify answers failed. */
  decline(reference: string): void;
  /** The next `count` requests answer HTTP 500 (Paystack down). */
  failNext(count: number): void;
  /** A webhook as Paystack posts it (charge.success by default), with a valid signature of its exact bytes. */
  webhook(
    reference: string,
    overrides?: { event?: string; amount?: number; currency?: string; status?: string; requested_amount?: number },
  ): { body: string; signature: string };
  /**
   * Refunds (issue 24): POST /refund answers `refundMode` (pending by default; processed; failed; refused: a 400 as
   * Paystack's "Transaction has been fully reversed"); GET /refund/{id}. Refunds never pass the transaction's amount.
   */
  refundMode: 'pending' | 'processed' | 'failed' | 'refused';
  readonly refunds: Map<string, FakePaystackRefund>;
  /** A signed refund.processed / refund.failed webhook of a refund (the refund's status follows it). */
  refundWebhook(
    id: string,
    event: 'refund.processed' | 'refund.failed',
    overrides?: { amount?: number | string; currency?: string },
  ): { body: string; signature: string };
  /** Dedicated accounts (issue 24): POST /customer, POST /dedicated_account (once per customer). */
  readonly dedicatedAccounts: Map<string, FakePaystackDedicatedAccount>;
  readonly moneyOutCalls: { refund: number; customer: number; dedicatedAccount: number };
  /** A signed charge.success of a transfer into a dedicated account (channel dedicated_nuban). */
  transferIn(input: {
    reference: string;
    amount: number;
    customerCode?: string;
    accountNumber?: string;
    currency?: string;
  }): { body: string; signature: string };
  /** HMAC-SHA512 of `body` (hex), with the fake's secret unless another is given. */
  sign(body: string, secret?: string): string;
  close(): Promise<void>;
  // --- transfers (payouts, issue 24) ---
  /** NUBANs the resolve call knows: `${bank_code}:${account_number}` -> account name. Others: 422 as Paystack. */
  readonly accounts: Map<string, string>;
  readonly recipients: Map<string, { name: string; account_number: string; bank_code: string }>;
  readonly transfers: Map<string, FakeTransfer>;
  readonly transferCalls: { recipient: number; transfer: number; verify: number; banks: number };
  /** How POST /transfer answers from now on: success at once, pending (slow), failed at once, otp, or a 400 refusal. */
  transferMode: 'success' | 'pending' | 'failed' | 'otp' | 'refuse';
  /** Moves a known transfer to a final status (verify then reports it). */
  finishTransfer(reference: string, status: 'success' | 'failed' | 'reversed'): void;
  /** A signed transfer.success / transfer.failed / transfer.reversed webhook for a transfer (overrides for tampering). */
  transferWebhook(
    reference: string,
    event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
    overrides?: { amount?: number; recipient_code?: string },
  ): { body: string; signature: string };
  /** POSTs a signed webhook to a URL (the API's /api/v1/webhooks/paystack), as Paystack pushes it; answers the status. */
  deliver(webhook: { body: string; signature: string }, webhookUrl: string): Promise<number>;
  /** The hosted checkouts initialize opened: access code (the last part of authorization_url) -> reference. */
  readonly checkouts: Map<string, string>;
}

/**
 * Requests a process around the fake answers itself, before the fake's key check (the browser journeys' hosted
 * checkout page and control surface, apps/api/test/support/fake-paystack-server.ts): true when it answered.
 */
export type FakePaystackIntercept = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
) => boolean | Promise<boolean>;

export interface FakeTransfer {
  reference: string;
  amount: number;
  recipient: string;
  reason: string;
  status: 'pending' | 'otp' | 'success' | 'failed' | 'reversed';
  transfer_code: string;
}

/** The banks the fake lists (Paystack's codes). */
export const FAKE_BANKS = [
  { id: 1, name: 'Access Bank', code: '044', active: true, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
  {
    id: 2,
    name: 'First Bank of Nigeria',
    code: '011',
    active: true,
    country: 'Nigeria',
    currency: 'NGN',
    type: 'nuban',
  },
  { id: 3, name: 'Guaranty Trust Bank', code: '058', active: true, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
  { id: 4, name: 'Kuda Bank', code: '50211', active: true, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
  { id: 5, name: 'Zenith Bank', code: '057', active: true, country: 'Nigeria', currency: 'NGN', type: 'nuban' },
];

/**
 * A local stand-in for Paystack's REST API (https://api.paystack.co), enough for the API's gateway:
 * - POST /transaction/initialize (Bearer secret key; a duplicate reference is a 400 as on Paystack);
 * - GET /transaction/verify/{reference}: success, failed or abandoned (not paid yet), with the amount and currency
 *   charged (a test may make it report something else); an unknown reference is a 400 'Transaction reference not found'.
 * - transfers (payouts): GET /bank, GET /bank/resolve (known NUBANs in `accounts`, others a 422 'Could not resolve
 *   account name'), POST /transferrecipient, POST /transfer (transferMode: success, pending, failed, otp, refuse;
 *   a duplicate reference is a 400) and GET /transfer/verify/{reference}.
 * It also builds signed webhook bodies (x-paystack-signature = HMAC-SHA512 of the raw body with the secret key),
 * transfer.* ones included, and can deliver them to a URL as Paystack pushes them.
 */
export async function startFakePaystack(
  /**
   * A fixed port and secret let another process (the browser journeys' harness: the fake imports only node modules,
   * so Playwright's own TypeScript loader can start it) configure the API before the fake starts; default: random.
   */
  options: { port?: number; host?: string; secretKey?: string; intercept?: FakePaystackIntercept } = {},
): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const transactions = new Map<string, FakePaystackTransaction>();
  const calls = { initialize: 0, verify: 0 };
  let failures = 0;
  const refunds = new Map<string, FakePaystackRefund>();
  const customers = new Map<string, string>();
  const dedicatedAccounts = new Map<string, FakePaystackDedicatedAccount>();
  const moneyOutCalls = { refund: 0, customer: 0, dedicatedAccount: 0 };
  const checkouts = new Map<string, string>();
  let nextId = 1000;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });

  const accounts = new Map<string, string>([
    ['058:0123456789', 'ADAEZE OKAFOR'],
    ['044:0987654321', 'TUNDE BAKARE'],
    ['057:1234567890', 'AMAKA EZE'],
  ]);
  const recipients = new Map<string, { name: string; account_number: string; bank_code: string }>();
  const transfers = new Map<string, FakeTransfer>();
  const transferCalls = { recipient: 0, transfer: 0, verify: 0, banks: 0 };
  const transferData = (t: FakeTransfer, status: string = t.status) => ({
    id: 1,
    domain: 'test',
    amount: t.amount,
    currency: 'NGN',
    reference: t.reference,
    source: 'balance',
    reason: t.reason,
    status,
    transfer_code: t.transfer_code,
    recipient: { recipient_code: t.recipient, ...recipients.get(t.recipient), type: 'nuban', currency: 'NGN' },
    gateway_response: status === 'failed' ? 'Account is dormant' : status === 'reversed' ? 'Returned by bank' : null,
  });
  /** Paystack's transfer calls: [status, body], or null for another path. */
  const transferRoutes = (method: string, url: URL, body: string): [number, unknown] | null => {
    const input = (): Record<string, unknown> => {
      try {
        return JSON.parse(body) as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    if (method === 'GET' && url.pathname === '/bank') {
      transferCalls.banks++;
      return [200, { status: true, message: 'Banks retrieved', data: FAKE_BANKS }];
    }
    if (method === 'GET' && url.pathname === '/bank/resolve') {
      const key = `${url.searchParams.get('bank_code')}:${url.searchParams.get('account_number')}`;
      const name = accounts.get(key);
      if (!name)
        return [422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' }];
      return [
        200,
        {
          status: true,
          message: 'Account number resolved',
          data: { account_number: url.searchParams.get('account_number'), account_name: name, bank_id: 1 },
        },
      ];
    }
    if (method === 'POST' && url.pathname === '/transferrecipient') {
      transferCalls.recipient++;
      const i = input();
      const name = accounts.get(`${i.bank_code}:${i.account_number}`);
      if (i.type !== 'nuban' || i.currency !== 'NGN' || !name)
        return [400, { status: false, message: 'Cannot resolve account' }];
      const code = `RCP_${randomBytes(6).toString('hex')}`;
      recipients.set(code, {
        name: String(i.name),
        account_number: String(i.account_number),
        bank_code: String(i.bank_code),
      });
      return [
        201,
        {
          status: true,
          message: 'Transfer recipient created successfully',
          data: { recipient_code: code, active: true },
        },
      ];
    }
    if (method === 'POST' && url.pathname === '/transfer') {
      transferCalls.transfer++;
      const i = input();
      const reference = String(i.reference ?? '');
      const amount = Number(i.amount);
      if (fake.transferMode === 'refuse') return [400, { status: false, message: 'Recipient account is invalid' }];
      if (i.source !== 'balance' || !reference || !Number.isSafeInteger(amount) || amount <= 0)
        return [400, { status: false, message: 'Invalid parameters' }];
      if (!recipients.has(String(i.recipient))) return [400, { status: false, message: 'Invalid recipient' }];
      if (transfers.has(reference)) return [400, { status: false, message: 'Duplicate Transfer Reference' }];
      const status = fake.transferMode === 'pending' ? 'pending' : fake.transferMode;
      const t: FakeTransfer = {
        reference,
        amount,
        recipient: String(i.recipient),
        reason: String(i.reason ?? ''),
        status,
        transfer_code: `TRF_${randomBytes(6).toString('hex')}`,
      };
      transfers.set(reference, t);
      return [
        200,
        {
          status: true,
          message: status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued',
          data: transferData(t),
        },
      ];
    }
    const verifyTransfer = /^\/transfer\/verify\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && verifyTransfer) {
      transferCalls.verify++;
      const t = transfers.get(decodeURIComponent(verifyTransfer[1]));
      if (!t) return [404, { status: false, message: 'Transfer not found' }];
      return [200, { status: true, message: 'Transfer retrieved', data: transferData(t) }];
    }
    return null;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    if (options.intercept && (await options.intercept(req, res, url, body))) return;
    if (failures > 0) {
      failures--;
      return send(res, 500, { status: false, message: 'Internal error' });
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(res, 401, { status: false, message: 'Invalid key' });
    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      calls.initialize++;
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body);
      } catch {
        return send(res, 400, { status: false, message: 'Invalid JSON' });
      }
      const amount = Number(input.amount);
      const reference = String(input.reference ?? '');
      if (!Number.isSafeInteger(amount) || amount <= 0 || typeof input.email !== 'string' || !reference) {
        return send(res, 400, { status: false, message: 'Invalid parameters' });
      }
      if (transactions.has(reference))
        return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      transactions.set(reference, {
        reference,
        email: input.email,
        amount,
        currency: String(input.currency ?? 'NGN'),
        callback_url: String(input.callback_url ?? ''),
        metadata: input.metadata,
        status: 'abandoned',
      });
      const accessCode = randomBytes(6).toString('hex');
      checkouts.set(accessCode, reference);
      return send(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${fake.url}/checkout/${accessCode}`, access_code: accessCode, reference },
      });
    }
    const answered = transferRoutes(req.method ?? 'GET', url, body);
    if (answered) return send(res, answered[0], answered[1]);
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify) {
      calls.verify++;
      const tx = transactions.get(decodeURIComponent(verify[1]));
      if (!tx) return send(res, 400, { status: false, message: 'Transaction reference not found' });
      return send(res, 200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: 1,
          status: tx.status,
          reference: tx.reference,
          amount: tx.reported?.amount ?? tx.amount,
          currency: tx.reported?.currency ?? tx.currency,
          gateway_response:
            tx.status === 'success'
              ? 'Successful'
              : tx.status === 'failed'
                ? 'Declined'
                : 'The transaction was not completed',
          customer: { email: tx.email },
        },
      });
    }
    if (await moneyOut(req.method, url.pathname, body, res)) return;
    send(res, 404, { status: false, message: 'Not found' });
  });

  /** POST /refund, GET /refund/{id}, POST /customer, POST /dedicated_account (issue 24). */
  const moneyOut = async (method: string | undefined, path: string, body: string, res: ServerResponse) => {
    const answer = (status: number, payload: unknown) => {
      send(res, status, payload);
      return true;
    };
    const input = (() => {
      try {
        return (body ? JSON.parse(body) : {}) as Record<string, unknown>;
      } catch {
        return {} as Record<string, unknown>;
      }
    })();
    if (method === 'POST' && path === '/refund') {
      moneyOutCalls.refund++;
      const tx = transactions.get(String(input.transaction ?? ''));
      if (!tx || tx.status !== 'success') return answer(400, { status: false, message: 'Transaction not found' });
      const amount = input.amount === undefined ? tx.amount : Number(input.amount);
      const taken = [...refunds.values()]
        .filter((r) => r.transaction === tx.reference && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      if (fake.refundMode === 'refused' || !Number.isSafeInteger(amount) || amount <= 0 || taken + amount > tx.amount)
        return answer(400, { status: false, message: 'Transaction has been fully reversed' });
      const refund: FakePaystackRefund = {
        id: String(nextId++),
        transaction: tx.reference,
        amount,
        currency: tx.currency,
        status: fake.refundMode as FakePaystackRefund['status'],
      };
      refunds.set(refund.id, refund);
      return answer(200, { status: true, message: 'Refund has been queued for processing', data: refundData(refund) });
    }
    const refundRead = /^\/refund\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundRead) {
      const refund = refunds.get(decodeURIComponent(refundRead[1]));
      if (!refund) return answer(404, { status: false, message: 'Refund not found' });
      return answer(200, { status: true, message: 'Refund retrieved', data: refundData(refund) });
    }
    if (method === 'POST' && path === '/customer') {
      moneyOutCalls.customer++;
      const email = String(input.email ?? '');
      if (!email.includes('@')) return answer(400, { status: false, message: 'Invalid email' });
      const code = customers.get(email) ?? `CUS_${randomBytes(6).toString('hex')}`;
      customers.set(email, code);
      return answer(200, { status: true, message: 'Customer created', data: { email, customer_code: code } });
    }
    if (method === 'POST' && path === '/dedicated_account') {
      moneyOutCalls.dedicatedAccount++;
      const code = String(input.customer ?? '');
      const email = [...customers.entries()].find(([, c]) => c === code)?.[0];
      if (!email) return answer(400, { status: false, message: 'Customer not found' });
      const account = dedicatedAccounts.get(code) ?? {
        id: nextId++,
        customer_code: code,
        email,
        account_number: String(9_100_000_000 + dedicatedAccounts.size + 1),
        account_name: `JARA/${email.split('@')[0].toUpperCase()}`,
        bank: { name: 'Wema Bank', slug: String(input.preferred_bank ?? 'wema-bank') },
      };
      dedicatedAccounts.set(code, account);
      return answer(200, {
        status: true,
        message: 'NUBAN successfully created',
        data: { ...account, assigned: true, currency: 'NGN', active: true, customer: { customer_code: code, email } },
      });
    }
    return false;
  };
  const refundData = (r: FakePaystackRefund) => ({
    id: Number(r.id),
    status: r.status,
    amount: r.amount,
    currency: r.currency,
    transaction: { reference: r.transaction },
    refunded_at: new Date().toISOString(),
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;

  const must = (reference: string) => {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`The fake Paystack has no transaction ${reference}`);
    return tx;
  };
  const sign = (body: string, secret = secretKey) => createHmac('sha512', secret).update(body).digest('hex');

  const fake: FakePaystack = {
    url: `http://${host}:${port}`,
    secretKey,
    calls,
    transactions,
    pay: (reference, reported) => Object.assign(must(reference), { status: 'success', reported }),
    decline: (reference) => Object.assign(must(reference), { status: 'failed' }),
    failNext: (count) => {
      failures = count;
    },
    webhook: (reference, overrides = {}) => {
      const tx = transactions.get(reference);
      const body = JSON.stringify({
        event: overrides.event ?? 'charge.success',
        data: {
          id: 1,
          domain: 'test',
          status: overrides.status ?? 'success',
          reference,
          amount: overrides.amount ?? tx?.reported?.amount ?? tx?.amount ?? 100,
          currency: overrides.currency ?? tx?.reported?.currency ?? tx?.currency ?? 'NGN',
          // With "pass charges to customer" on, amount includes Paystack's fees and requested_amount is what was asked.
          ...(overrides.requested_amount !== undefined ? { requested_amount: overrides.requested_amount } : {}),
          paid_at: new Date().toISOString(),
          customer: { email: tx?.email ?? 'someone@example.com' },
        },
      });
      return { body, signature: sign(body) };
    },
    refundMode: 'pending',
    refunds,
    dedicatedAccounts,
    moneyOutCalls,
    refundWebhook: (id, event, overrides = {}) => {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`The fake Paystack has no refund ${id}`);
      refund.status = event === 'refund.processed' ? 'processed' : 'failed';
      const body = JSON.stringify({
        event,
        data: {
          id,
          status: refund.status,
          transaction_reference: refund.transaction,
          refund_reference: null,
          amount: overrides.amount ?? String(refund.amount),
          currency: overrides.currency ?? refund.currency,
          processor: 'mastercard',
          domain: 'test',
        },
      });
      return { body, signature: sign(body) };
    },
    transferIn: (input) => {
      const account =
        [...dedicatedAccounts.values()].find(
          (a) => a.customer_code === input.customerCode || a.account_number === input.accountNumber,
        ) ?? null;
      const body = JSON.stringify({
        event: 'charge.success',
        data: {
          id: nextId++,
          domain: 'test',
          status: 'success',
          reference: input.reference,
          amount: input.amount,
          currency: input.currency ?? 'NGN',
          channel: 'dedicated_nuban',
          paid_at: new Date().toISOString(),
          customer: { customer_code: input.customerCode ?? account?.customer_code, email: account?.email },
          authorization: {
            channel: 'dedicated_nuban',
            sender_bank: 'Access Bank',
            sender_name: 'A SENDER',
            receiver_bank: 'Wema Bank',
            receiver_bank_account_number: input.accountNumber ?? account?.account_number,
          },
        },
      });
      return { body, signature: sign(body) };
    },
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    accounts,
    recipients,
    transfers,
    transferCalls,
    transferMode: 'success',
    finishTransfer: (reference, status) => {
      const t = transfers.get(reference);
      if (!t) throw new Error(`The fake Paystack has no transfer ${reference}`);
      t.status = status;
    },
    transferWebhook: (reference, event, overrides = {}) => {
      const t = transfers.get(reference);
      if (!t) throw new Error(`The fake Paystack has no transfer ${reference}`);
      const data = transferData(t, event.slice('transfer.'.length));
      const body = JSON.stringify({
        event,
        data: {
          ...data,
          amount: overrides.amount ?? t.amount,
          recipient: { ...data.recipient, recipient_code: overrides.recipient_code ?? t.recipient },
        },
      });
      return { body, signature: sign(body) };
    },
    deliver: async (webhook, webhookUrl) => {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-paystack-signature': webhook.signature },
        body: webhook.body,
      });
      await res.text();
      return res.status;
    },
    checkouts,
  };
  return fake;
}
