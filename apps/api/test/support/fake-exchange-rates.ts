import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** ok: a good answer; error: {result: 'error'}; invalid: success without a usable table; garbage: not JSON; down: HTTP 500. */
export type FakeRatesMode = 'ok' | 'error' | 'invalid' | 'garbage' | 'down';

export interface FakeExchangeRates {
  /** EXCHANGE_RATE_BASE_URL for the API. */
  url: string;
  /** EXCHANGE_RATE_API_KEY it accepts (another key answers result: error, invalid-key). */
  key: string;
  /** Requests served so far. */
  readonly calls: number;
  mode: FakeRatesMode;
  /** Milliseconds to wait before answering (a slow service). */
  delayMs: number;
  /** The table answered for a base (rates per 1 unit of the base). */
  rates: Record<string, Record<string, number>>;
  close(): Promise<void>;
}

/**
 * A local stand-in for ExchangeRate-API v6: GET /{key}/latest/{base} answers
 * {result: 'success', base_code, conversion_rates: {...}} in mode ok, or a failure of the chosen kind.
 */
export async function startFakeExchangeRates(): Promise<FakeExchangeRates> {
  const key = randomBytes(8).toString('hex');
  const state = { calls: 0 };
  const server = createServer((req, res) => {
    state.calls++;
    if (fake.delayMs > 0) setTimeout(() => answer(req, res), fake.delayMs);
    else answer(req, res);
  });
  const answer = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const match = /^\/([^/]+)\/latest\/([A-Za-z]{3})$/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!match) return json(404, { result: 'error', 'error-type': 'unsupported-code' });
    if (match[1] !== key) return json(403, { result: 'error', 'error-type': 'invalid-key' });
    const base = match[2].toUpperCase();
    switch (fake.mode) {
      case 'down':
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        return res.end('upstream exploded');
      case 'garbage':
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<html>maintenance</html>');
      case 'error':
        return json(200, { result: 'error', 'error-type': 'quota-reached' });
      case 'invalid':
        return json(200, { result: 'success', base_code: base, conversion_rates: { NGN: 'lots', USD: -1 } });
      default: {
        const rates = fake.rates[base];
        if (!rates) return json(404, { result: 'error', 'error-type': 'unsupported-code' });
        return json(200, {
          result: 'success',
          documentation: 'https://www.exchangerate-api.com/docs',
          base_code: base,
          conversion_rates: rates,
        });
      }
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fake: FakeExchangeRates = {
    url: `http://127.0.0.1:${port}`,
    key,
    get calls() {
      return state.calls;
    },
    mode: 'ok',
    delayMs: 0,
    rates: {
      USD: { USD: 1, NGN: 1532.45, CNY: 7.12, ZAR: 18.3, GBP: 0.79 },
      NGN: { NGN: 1, USD: 0.000652, CNY: 0.00465 },
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
