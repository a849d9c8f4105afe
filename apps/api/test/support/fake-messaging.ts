import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An SMS as the fake Termii received it (its JSON body). */
export interface FakeSms {
  api_key: string;
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
  message_id: string;
}

/** A WhatsApp template message as the fake Cloud API received it. */
export interface FakeWhatsApp {
  phoneNumberId: string;
  version: string;
  to: string;
  template: {
    name: string;
    language: { code: string };
    components: { type: string; parameters: { type: string; text: string }[] }[];
  };
  id: string;
}

/** How the next answers go: ok; down (HTTP 500); refuse (HTTP 400, the provider's own error); hang (no answer). */
export type FakeMessagingMode = 'ok' | 'down' | 'refuse' | 'hang';

export interface FakeMessaging {
  /** SMS_BASE_URL and WHATSAPP_BASE_URL for the API. */
  url: string;
  smsKey: string;
  waToken: string;
  waPhoneNumberId: string;
  /** The API's settings to reach this fake. */
  env: Record<string, string>;
  /** Messages accepted (answered 200), in order. */
  sms: FakeSms[];
  whatsapp: FakeWhatsApp[];
  /** Requests seen per channel, accepted or not. */
  calls: { sms: number; whatsapp: number };
  /** The answer of each channel from now on; `failNext` answers that many requests with `failMode` first. */
  mode: { sms: FakeMessagingMode; whatsapp: FakeMessagingMode };
  failNext: { sms: number; whatsapp: number };
  failMode: FakeMessagingMode;
  /** The codes of the verification SMS sent to a number (+234...), newest last. */
  codesFor(phone: string): string[];
  reset(): void;
  close(): Promise<void>;
}

export interface FakeMessagingOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** The SMS_API_KEY and WHATSAPP_TOKEN it accepts (random by default). */
  smsKey?: string;
  waToken?: string;
}

/**
 * A local stand-in for both providers (docs/decisions/043), recording what was sent and able to fail on demand:
 * - Termii: POST /api/sms/send {api_key, to, from, sms, type, channel} answers
 *   {message_id, message: 'Successfully Sent', balance, user}; a wrong api_key is a 401.
 * - WhatsApp Cloud API: POST /{version}/{phone_number_id}/messages with a bearer token and a template message answers
 *   {messaging_product: 'whatsapp', contacts: [{input, wa_id}], messages: [{id: 'wamid...'}]}; a wrong token is a
 *   401 with {error: {message, type: 'OAuthException', code: 190}}.
 * - A control surface for manual runs (tools/scripts/fake-messaging.mjs): GET /__fake/messages lists what was sent,
 *   POST /__fake/mode {sms?, whatsapp?} sets how each channel answers (ok, down, refuse, hang).
 */
export async function startFakeMessaging(options: FakeMessagingOptions = {}): Promise<FakeMessaging> {
  const smsKey = options.smsKey ?? `TL${randomBytes(12).toString('hex')}`;
  const waToken = options.waToken ?? `EAAG${randomBytes(16).toString('hex')}`;
  const waPhoneNumberId = '106540352242922';
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
        } catch {
          resolve({});
        }
      });
    });
  /** A failure chosen by the test, or null to answer normally. */
  const failure = (channel: 'sms' | 'whatsapp'): FakeMessagingMode | null => {
    if (fake.failNext[channel] > 0) {
      fake.failNext[channel]--;
      return fake.failMode;
    }
    return fake.mode[channel] === 'ok' ? null : fake.mode[channel];
  };
  const fail = (res: ServerResponse, mode: FakeMessagingMode, channel: 'sms' | 'whatsapp') => {
    if (mode === 'hang') return; // never answers: the API's timeout ends the call
    if (mode === 'down') return json(res, 500, { message: 'Internal server error' });
    return channel === 'sms'
      ? json(res, 400, { message: 'Phone number is blacklisted on DND', code: 'error' })
      : json(res, 400, {
          error: { message: '(#131026) Message undeliverable', type: 'OAuthException', code: 131026 },
        });
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const body = await readBody(req);
    if (req.method === 'POST' && path === '/api/sms/send') {
      fake.calls.sms++;
      if (body.api_key !== smsKey) return json(res, 401, { message: 'Invalid API key' });
      const failed = failure('sms');
      if (failed) return fail(res, failed, 'sms');
      const message_id = `3017${randomBytes(8).toString('hex')}`;
      fake.sms.push({ ...(body as unknown as FakeSms), message_id });
      return json(res, 200, {
        message_id,
        message: 'Successfully Sent',
        balance: 1000 - fake.sms.length,
        user: 'Jara',
      });
    }
    const wa = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(path);
    if (req.method === 'POST' && wa) {
      fake.calls.whatsapp++;
      if (req.headers.authorization !== `Bearer ${waToken}` || wa[2] !== waPhoneNumberId)
        return json(res, 401, {
          error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
        });
      if (body.messaging_product !== 'whatsapp' || body.type !== 'template')
        return json(res, 400, { error: { message: 'Unsupported message', type: 'OAuthException', code: 100 } });
      const failed = failure('whatsapp');
      if (failed) return fail(res, failed, 'whatsapp');
      const id = `wamid.${randomBytes(12).toString('hex')}`;
      fake.whatsapp.push({
        phoneNumberId: wa[2],
        version: wa[1],
        to: String(body.to),
        template: body.template as FakeWhatsApp['template'],
        id,
      });
      return json(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      });
    }
    if (req.method === 'GET' && path === '/__fake/messages')
      return json(res, 200, { sms: fake.sms, whatsapp: fake.whatsapp, calls: fake.calls, mode: fake.mode });
    if (req.method === 'POST' && path === '/__fake/mode') {
      const modes: FakeMessagingMode[] = ['ok', 'down', 'refuse', 'hang'];
      for (const channel of ['sms', 'whatsapp'] as const)
        if (modes.includes(body[channel] as FakeMessagingMode)) fake.mode[channel] = body[channel] as FakeMessagingMode;
      return json(res, 200, { mode: fake.mode });
    }
    return json(res, 404, { message: 'Not found' });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  const fake: FakeMessaging = {
    url,
    smsKey,
    waToken,
    waPhoneNumberId,
    env: {
      SMS_BASE_URL: url,
      SMS_API_KEY: smsKey,
      SMS_SENDER_ID: 'Jara',
      WHATSAPP_BASE_URL: url,
      WHATSAPP_TOKEN: waToken,
      WHATSAPP_PHONE_NUMBER_ID: waPhoneNumberId,
      WHATSAPP_API_VERSION: 'v21.0',
      MESSAGES_TIMEOUT_MS: '1000',
    },
    sms: [],
    whatsapp: [],
    calls: { sms: 0, whatsapp: 0 },
    mode: { sms: 'ok', whatsapp: 'ok' },
    failNext: { sms: 0, whatsapp: 0 },
    failMode: 'down',
    codesFor(phone: string) {
      const to = phone.replace(/^\+/, '');
      return fake.sms
        .filter((s) => s.to === to)
        .map((s) => /code is (\d{6})/.exec(s.sms)?.[1])
        .filter((c): c is string => !!c);
    },
    reset() {
      fake.sms.length = 0;
      fake.whatsapp.length = 0;
      fake.calls.sms = 0;
      fake.calls.whatsapp = 0;
      fake.mode.sms = 'ok';
      fake.mode.whatsapp = 'ok';
      fake.failNext.sms = 0;
      fake.failNext.whatsapp = 0;
      fake.failMode = 'down';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
