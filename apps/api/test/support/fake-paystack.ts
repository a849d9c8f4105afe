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
  /** HMAC-SHA512 of `body` (hex), with the fake's secret unless another is given. */
  sign(body: string, secret?: string): string;
  close(): Promise<void>;
}

/**
 * A local stand-in for Paystack's REST API (https://api.paystack.co), enough for the API's gateway:
 * - POST /transaction/initialize (Bearer secret key; a duplicate reference is a 400 as on Paystack);
 * - GET /transaction/verify/{reference}: success, failed or abandoned (not paid yet), with the amount and currency
 *   charged (a test may make it report something else); an unknown reference is a 400 'Transaction reference not found'.
 * It also builds signed webhook bodies (x-paystack-signature = HMAC-SHA512 of the raw body with the secret key).
 */
export async function startFakePaystack(): Promise<FakePaystack> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const transactions = new Map<string, FakePaystackTransaction>();
  const calls = { initialize: 0, verify: 0 };
  let failures = 0;

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

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
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
      return send(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${fake.url}/checkout/${accessCode}`, access_code: accessCode, reference },
      });
    }
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
    send(res, 404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const must = (reference: string) => {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`The fake Paystack has no transaction ${reference}`);
    return tx;
  };
  const sign = (body: string, secret = secretKey) => createHmac('sha512', secret).update(body).digest('hex');

  const fake: FakePaystack = {
    url: `http://127.0.0.1:${port}`,
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
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
