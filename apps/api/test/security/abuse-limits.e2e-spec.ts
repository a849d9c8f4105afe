import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import sharp from 'sharp';
import type { Response, Test } from 'supertest';
import { MSG } from '@jara/contracts';
import { signUp, startTestApp, uniqueEmail, type TestApp } from '../support/test-app';

/**
 * Issue 14, item 5: abuse limits (@AbuseLimit, docs/decisions/018) on code resends, guest shipping requests, support
 * requests and replies, contact messages, newsletter sign-ups, reviews and uploads (avatar, product image, KYC).
 * Each is counted per account (the signed-in user; the e-mail of a code resend; the phone of a guest request) and per
 * client address. Small limits from the environment: 2 per account and 4 per address a window, for every scope.
 */

const REDIS = process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';
const ACCOUNT = 2;
const ADDRESS = 4;
const SMALL_LIMITS: Record<string, string> = {
  TRUST_PROXY: 'loopback',
  UPLOAD_MAX_BYTES: String(200 * 1024),
};
for (const prefix of [
  'OTP_RESEND_RATE',
  'SUPPORT_RATE',
  'SUPPORT_MESSAGE_RATE',
  'CONTACT_RATE',
  'NEWSLETTER_RATE',
  'REVIEW_RATE',
  'UPLOAD_RATE',
]) {
  SMALL_LIMITS[`${prefix}_LIMIT`] = String(ACCOUNT);
  SMALL_LIMITS[`${prefix}_ADDRESS_LIMIT`] = String(ADDRESS);
  SMALL_LIMITS[`${prefix}_WINDOW`] = '600';
}
SMALL_LIMITS.GUEST_DELIVERY_LIMIT = String(ACCOUNT);
SMALL_LIMITS.GUEST_DELIVERY_ADDRESS_LIMIT = String(ADDRESS);
SMALL_LIMITS.GUEST_DELIVERY_WINDOW = '600';

let octet = 0;
let block = 0;
/** A fresh documentation address (RFC 5737) for each client behind the storefront. */
const nextAddress = () => {
  octet = (octet % 250) + 1;
  if (octet === 1) block = (block + 1) % 250;
  return `198.18.${block}.${octet}`;
};

/** The abuse limit's 429: the API's error shape, a clear message with the wait, and Retry-After in seconds. */
function expectLimited(res: Response, message?: string): void {
  expect([res.status, res.body]).toEqual([429, expect.any(Object)]);
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 600).toBe(true);
  expect(res.body).toEqual({ message: message ?? MSG.common.tooManyRequests(seconds) });
  if (!message) expect(res.body.message).toMatch(/^Too many requests\. Please try again in \d+ (second|minute)s?\.$/);
}

/** Who sends: a token (signed-in routes) and whatever the route's body needs for this sender. */
interface Sender {
  token?: string;
  email: string;
  phone: string;
  supportId?: number;
}

interface LimitedRoute {
  name: string;
  /** A new sender (a new account for signed-in routes). */
  sender: (t: TestApp) => Promise<Sender>;
  send: (t: TestApp, who: Sender, address: string) => Promise<Response>;
  /** The statuses of requests within the limit (the real outcome, not a 429). */
  ok: number[];
  message?: string;
}

const bearer = (token?: string) => (token ? { Authorization: `Bearer ${token}` } : {});
const from = (req: Test, who: Sender, address: string) => req.set(bearer(who.token)).set('X-Forwarded-For', address);
let phoneSeq = 0;
const anonymous = async (): Promise<Sender> => ({
  email: uniqueEmail('anon'),
  phone: `0803${String(++phoneSeq).padStart(7, '0')}`,
});
const customer = async (t: TestApp): Promise<Sender> => {
  const { token, email } = await signUp(t);
  return { token, email, phone: '' };
};

describe('Abuse limits per account and per address (e2e)', () => {
  let t: TestApp;
  let jpeg: Buffer;
  let category: number;
  let warehouse: number;
  beforeAll(async () => {
    t = await startTestApp(SMALL_LIMITS);
    jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0b6e4f' } })
      .jpeg()
      .toBuffer();
    const admin = await signUp(t, { role: 'admin' });
    const post = (path: string, body: object) =>
      t.http().post(`/api/v1${path}`).set(bearer(admin.token)).send(body).expect(201);
    category = (await post('/categories', { name: 'Phones', status: 1 })).body.data.id;
    const lagos = (await post('/locations', { name: 'Lagos' })).body.data.id;
    warehouse = (await post('/warehouses', { name: 'Ikeja Hub', location_id: lagos, type: 'local' })).body.data.id;
  });
  afterAll(() => t.close());

  const routes: LimitedRoute[] = [
    {
      name: 'POST /auth/resend-otp (per e-mail)',
      sender: anonymous,
      send: (app, who, address) =>
        from(app.http().post('/api/v1/auth/resend-otp'), who, address).send({ email: who.email }),
      ok: [200],
    },
    {
      name: 'POST /guest/trackings (per phone)',
      sender: anonymous,
      send: (app, who, address) =>
        from(app.http().post('/api/v1/guest/trackings'), who, address).send({
          name: 'Guest',
          phone: who.phone,
          external_no: 'EXT-1',
          type: 'local',
          warehouse_id: warehouse,
        }),
      ok: [201],
      message: MSG.deliveries.guestTooMany,
    },
    {
      name: 'POST /supports',
      sender: customer,
      send: (app, who, address) =>
        from(app.http().post('/api/v1/supports'), who, address).send({
          name: 'Ada',
          email: who.email,
          subject: 'Where is my parcel?',
          message: 'It has been a week.',
        }),
      ok: [201],
    },
    {
      name: 'POST /support-responses',
      sender: async (app) => {
        const who = await customer(app);
        const thread = await from(app.http().post('/api/v1/supports'), who, nextAddress())
          .send({ name: 'Ada', email: who.email, subject: 'Help', message: 'Please help.' })
          .expect(201);
        return { ...who, supportId: thread.body.data.id };
      },
      send: (app, who, address) =>
        from(app.http().post('/api/v1/support-responses'), who, address).send({
          support_id: who.supportId,
          message: 'Any news?',
        }),
      ok: [201],
    },
    {
      name: 'POST /contact-messages (signed in)',
      sender: customer,
      send: (app, who, address) =>
        from(app.http().post('/api/v1/contact-messages'), who, address).send({
          full_name: 'Ada',
          email: who.email,
          message: 'Hello there',
        }),
      ok: [201],
    },
    {
      name: 'POST /newsletter (signed in)',
      sender: customer,
      send: (app, who, address) => from(app.http().post('/api/v1/newsletter'), who, address).send({ email: who.email }),
      ok: [201],
    },
    {
      name: 'POST /products/:id/reviews',
      sender: customer,
      // Every request counts, valid or not: a review of a product never bought is refused, and still counted.
      send: (app, who, address) =>
        from(app.http().post('/api/v1/products/999999/reviews'), who, address).send({ rating: 5, comment: 'Great' }),
      ok: [404],
    },
    {
      name: 'POST /user/update-profile-image (upload)',
      sender: customer,
      send: (app, who, address) =>
        from(app.http().post('/api/v1/user/update-profile-image'), who, address).attach('image', jpeg, 'me.jpg'),
      ok: [200],
    },
    {
      name: 'POST /products with an image (upload)',
      sender: async (app) => {
        const { token, email } = await signUp(app, { role: 'vendor' });
        return { token, email, phone: '' };
      },
      send: (app, who, address) =>
        from(app.http().post('/api/v1/products'), who, address)
          .field('name', 'Tecno Spark')
          .field('type', 'new')
          .field('description', 'A phone')
          .field('status', '1')
          .field('category_id', String(category))
          .field('price', '50000')
          .attach('image', jpeg, 'phone.jpg'),
      ok: [201],
    },
    {
      name: 'POST /kyc (upload)',
      sender: customer,
      send: (app, who, address) =>
        from(app.http().post('/api/v1/kyc'), who, address)
          .field('name', 'Chioma Adeyemi')
          .field('dob', '1992-03-14')
          .field('gender', 'female')
          .field('address', '12 Allen Avenue, Ikeja')
          .field('id_type', 'National ID')
          .field('id_number', 'NIN-12345678901')
          .attach('id_image', jpeg, 'id.jpg'),
      // One live submission per customer: the second is a 409, and counts.
      ok: [201, 409],
    },
  ];

  describe.each(routes.map((route) => [route.name, route] as const))('%s', (_name, route) => {
    /** A request within the limits gets the route's real answer (the body is shown when it does not). */
    const okStatus = (res: Response) => {
      if (!route.ok.includes(res.status))
        expect({ status: res.status, body: res.body }).toEqual({ status: route.ok[0] });
    };

    it(`refuses request ${ACCOUNT + 1} of one account, while another account on the same address goes on`, async () => {
      const shared = nextAddress();
      const a = await route.sender(t);
      const b = await route.sender(t);
      for (let i = 0; i < ACCOUNT; i++) okStatus(await route.send(t, a, shared));
      expectLimited(await route.send(t, a, shared), route.message);
      // Still refused from another address: the account's own budget is used up.
      expectLimited(await route.send(t, a, nextAddress()), route.message);
      // Same address, another account: counted separately on the account side.
      okStatus(await route.send(t, b, shared));
    });

    it(`refuses request ${ADDRESS + 1} from one address, whoever sends it`, async () => {
      const address = nextAddress();
      const senders = await Promise.all([route.sender(t), route.sender(t), route.sender(t)]);
      for (let i = 0; i < ADDRESS; i++) okStatus(await route.send(t, senders[i % 2], address));
      // A fresh account (or e-mail, or phone) from the same address: refused by the address's count.
      expectLimited(await route.send(t, senders[2], address), route.message);
      // The same fresh sender from another address is fine.
      okStatus(await route.send(t, senders[2], nextAddress()));
    });
  });

  it('counts avatar and KYC uploads of one account in one budget', async () => {
    const who = await customer(t);
    const address = nextAddress();
    const avatar = () =>
      from(t.http().post('/api/v1/user/update-profile-image'), who, address).attach('image', jpeg, 'a.jpg');
    await avatar().expect(200);
    await avatar().expect(200);
    const kyc = await from(t.http().post('/api/v1/kyc'), who, address)
      .field('name', 'X')
      .attach('id_image', jpeg, 'id.jpg');
    expectLimited(kyc);
  });

  it('does not count a product write without a file as an upload, and never limits admins', async () => {
    const vendor = await signUp(t, { role: 'vendor' });
    const address = nextAddress();
    for (let i = 0; i < ACCOUNT + 2; i++)
      await from(t.http().post('/api/v1/products'), { token: vendor.token, email: '', phone: '' }, address)
        .send({ name: `Plain ${i}`, type: 'new', description: 'd', status: 1, category_id: category, price: 100 })
        .expect(201);
    const admin = await signUp(t, { role: 'admin' });
    for (let i = 0; i < ADDRESS + 1; i++)
      await from(
        t.http().post('/api/v1/user/update-profile-image'),
        { token: admin.token, email: '', phone: '' },
        address,
      )
        .attach('image', jpeg, 'admin.jpg')
        .expect(200);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const direct = await startTestApp({ ...SMALL_LIMITS, TRUST_PROXY: 'false' });
    try {
      const send = (address: string) =>
        direct
          .http()
          .post('/api/v1/newsletter')
          .set('X-Forwarded-For', address)
          .send({ email: uniqueEmail('news') });
      for (let i = 0; i < ADDRESS; i++) expect((await send(nextAddress())).status).toBe(201);
      expectLimited(await send(nextAddress()));
    } finally {
      await direct.close();
    }
  });
});

describe('Abuse limits shared through Redis by two API instances (e2e)', () => {
  const prefix = `jara-test:${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(REDIS, { maxRetriesPerRequest: 1 });
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const env = { ...SMALL_LIMITS, REDIS_URL: REDIS, REDIS_KEY_PREFIX: prefix };
    one = await startTestApp(env);
    two = await startTestApp(env);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts one address across both instances, and one e-mail across both', async () => {
    const address = nextAddress();
    const subscribe = (app: TestApp) =>
      app
        .http()
        .post('/api/v1/newsletter')
        .set('X-Forwarded-For', address)
        .send({ email: uniqueEmail('news') });
    for (let i = 0; i < ADDRESS; i++) expect((await subscribe(i % 2 ? two : one)).status).toBe(201);
    expectLimited(await subscribe(one));
    expectLimited(await subscribe(two));
    expect((await redis.keys(`${prefix}abuse:newsletter:addr:*`)).length).toBe(1);

    const email = uniqueEmail('resend');
    const resend = (app: TestApp) =>
      app.http().post('/api/v1/auth/resend-otp').set('X-Forwarded-For', nextAddress()).send({ email });
    expect((await resend(one)).status).toBe(200);
    expect((await resend(two)).status).toBe(200);
    expectLimited(await resend(one));
    expectLimited(await resend(two));
  });
});
