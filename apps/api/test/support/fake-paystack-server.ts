import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { startFakePaystack, type FakePaystack, type FakePaystackIntercept, type FakeTransfer } from './fake-paystack';

/**
 * The fake Paystack as a process of its own, for the browser journeys (tools/scripts/fake-paystack.mjs bundles this
 * file with esbuild and runs it; tools/scripts/e2e.mjs starts it for its second phase). Beside the fake's Paystack
 * API it answers, without the secret key (it listens on loopback only):
 * - the hosted checkout at the authorization_url initialize returns: GET /checkout/{code} shows the amount with Pay
 *   and Cancel; Pay marks the transaction paid, delivers a signed charge.success to the webhook URL and goes to the
 *   callback_url with ?reference=; Cancel goes there without paying (verify then answers abandoned);
 * - a control surface for the journeys (JSON in and out; each delivery answers the API's status as `delivered`, and
 *   502 when the API refused it):
 *     POST /__fake/transfers/mode {mode}                         how POST /transfer answers from now on
 *     GET  /__fake/transfers                                     the transfers sent so far
 *     POST /__fake/transfers/{reference}/{success|failed|reversed}  the transfer ends so; its webhook is delivered
 *     POST /__fake/dedicated/{account_number}/transfer {amount, reference?}  a transfer in (kobo): dedicated_nuban
 *                                                                charge.success delivered
 *     GET  /__fake/refunds                                       the refunds asked so far (with the payer's e-mail)
 *     POST /__fake/refunds/{id or transaction reference}/{processed|failed}  refund.* delivered
 */
export interface FakePaystackServerOptions {
  port: number;
  secretKey: string;
  /** The API's POST /api/v1/webhooks/paystack. */
  webhookUrl: string;
  host?: string;
  /** How POST /transfer answers at first: pending (the journeys' webhooks complete it) unless told otherwise. */
  transferMode?: FakePaystack['transferMode'];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Kobo as naira for the page: integers only (12345 -> ₦123.45). */
function naira(minor: number): string {
  const whole = Math.trunc(minor / 100).toLocaleString('en-NG');
  return `₦${whole}.${String(minor % 100).padStart(2, '0')}`;
}

function withReference(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('reference', reference);
  url.searchParams.set('trxref', reference);
  return url.toString();
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
  return true;
};

function checkoutPage(code: string, amount: number, email: string, reference: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake Paystack checkout</title>
<style>body{font-family:sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#111}
button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}.pay{background:#0a6b3d;color:#fff;border:0}</style></head>
<body><main>
<h1>Fake Paystack checkout</h1>
<p>Test payment: no money moves.</p>
<p>Amount: <strong data-testid="fake-checkout-amount">${escapeHtml(naira(amount))}</strong></p>
<p>Email: ${escapeHtml(email)}</p>
<p>Reference: <code>${escapeHtml(reference)}</code></p>
<form method="post" action="/checkout/${encodeURIComponent(code)}/pay"><button class="pay" type="submit">Pay ${escapeHtml(naira(amount))}</button></form>
<form method="post" action="/checkout/${encodeURIComponent(code)}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

export async function startFakePaystackServer(options: FakePaystackServerOptions): Promise<FakePaystack> {
  // The fake exists once started; the intercept below runs only for its requests.
  let fake: FakePaystack | null = null;
  /** Delivers a webhook to the API: its HTTP status, or 0 when it did not answer. */
  const push = async (webhook: { body: string; signature: string }): Promise<number> => {
    try {
      if (!fake) return 0;
      return await fake.deliver(webhook, options.webhookUrl);
    } catch (error) {
      console.error(`[fake-paystack] ${options.webhookUrl} did not answer: ${(error as Error).message}`);
      return 0;
    }
  };
  const deliver = async (res: ServerResponse, webhook: { body: string; signature: string }, extra: object = {}) => {
    const delivered = await push(webhook);
    return json(res, delivered > 0 && delivered < 300 ? 200 : 502, { delivered, ...extra });
  };

  const intercept: FakePaystackIntercept = async (req, res, url, body) => {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const input = (() => {
      try {
        return (body ? JSON.parse(body) : {}) as Record<string, unknown>;
      } catch {
        return {} as Record<string, unknown>;
      }
    })();
    const f = fake;
    if (!f) return false;

    const checkout = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    if (checkout) {
      const reference = f.checkouts.get(decodeURIComponent(checkout[1]));
      const tx = reference ? f.transactions.get(reference) : undefined;
      if (!tx) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('No such checkout');
        return true;
      }
      if (method === 'GET' && !checkout[2]) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(checkoutPage(checkout[1], tx.amount, tx.email, tx.reference));
        return true;
      }
      if (method === 'POST' && checkout[2]) {
        if (checkout[2] === 'pay' && tx.status !== 'success') {
          f.pay(tx.reference);
          const delivered = await push(f.webhook(tx.reference));
          if (delivered >= 300)
            console.error(`[fake-paystack] charge.success ${tx.reference}: the API answered ${delivered}`);
        }
        res.writeHead(303, { Location: withReference(tx.callback_url, tx.reference) });
        res.end();
        return true;
      }
    }

    if (!path.startsWith('/__fake/')) return false;
    if (method === 'POST' && path === '/__fake/transfers/mode') {
      const mode = String(input.mode) as FakePaystack['transferMode'];
      if (!['success', 'pending', 'failed', 'otp', 'refuse'].includes(mode)) return json(res, 400, { message: 'mode' });
      f.transferMode = mode;
      return json(res, 200, { mode });
    }
    if (method === 'GET' && path === '/__fake/transfers') return json(res, 200, { data: [...f.transfers.values()] });
    const transfer = /^\/__fake\/transfers\/([^/]+)\/(success|failed|reversed)$/.exec(path);
    if (method === 'POST' && transfer) {
      const reference = decodeURIComponent(transfer[1]);
      const status = transfer[2] as 'success' | 'failed' | 'reversed';
      if (!f.transfers.has(reference)) return json(res, 404, { message: `No transfer ${reference}` });
      f.finishTransfer(reference, status);
      return deliver(res, f.transferWebhook(reference, `transfer.${status}`), {
        transfer: f.transfers.get(reference) as FakeTransfer,
      });
    }
    const dedicated = /^\/__fake\/dedicated\/(\d{10})\/transfer$/.exec(path);
    if (method === 'POST' && dedicated) {
      const amount = Number(input.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0) return json(res, 400, { message: 'amount (kobo)' });
      const account = [...f.dedicatedAccounts.values()].find((a) => a.account_number === dedicated[1]);
      if (!account) return json(res, 404, { message: `No dedicated account ${dedicated[1]}` });
      const reference = typeof input.reference === 'string' ? input.reference : `T${randomBytes(8).toString('hex')}`;
      return deliver(res, f.transferIn({ reference, amount, accountNumber: account.account_number }), { reference });
    }
    if (method === 'GET' && path === '/__fake/refunds')
      return json(res, 200, {
        data: [...f.refunds.values()].map((r) => ({ ...r, email: f.transactions.get(r.transaction)?.email ?? null })),
      });
    const refund = /^\/__fake\/refunds\/([^/]+)\/(processed|failed)$/.exec(path);
    if (method === 'POST' && refund) {
      const key = decodeURIComponent(refund[1]);
      const found =
        f.refunds.get(key) ??
        [...f.refunds.values()].reverse().find((r) => r.transaction === key && r.status === 'pending');
      if (!found) return json(res, 404, { message: `No refund ${key}` });
      return deliver(res, f.refundWebhook(found.id, `refund.${refund[2] as 'processed' | 'failed'}`), {
        refund: found,
      });
    }
    return json(res, 404, { message: 'Unknown control path' });
  };

  fake = await startFakePaystack({
    port: options.port,
    host: options.host ?? '127.0.0.1',
    secretKey: options.secretKey,
    intercept,
  });
  fake.transferMode = options.transferMode ?? 'pending';
  return fake;
}
