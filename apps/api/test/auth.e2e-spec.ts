import { createHmac } from 'node:crypto';
import { MSG } from '@jara/contracts';
import { User } from '../src/modules/users/user.entity';
import { startFakeGoogle } from './support/fake-google';
import { readCodeFromOutbox, signUp, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

describe('Auth (e2e)', () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;

  beforeAll(async () => {
    google = await startFakeGoogle({
      'good-token': { sub: 'g-100', email: 'Ngozi.Google@Example.com', email_verified: true, name: 'Ngozi Okafor' },
      'unverified-token': { sub: 'g-101', email: 'unverified@example.com', email_verified: false },
    });
    t = await startTestApp({ GOOGLE_USERINFO_URL: google.url });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const users = () => t.db.getRepository(User);

  it('registers a customer, stores only hashes, and mails a 6-digit code', async () => {
    const email = uniqueEmail('reg');
    const res = await t.http().post('/api/v1/auth/register').send({ email: email.toUpperCase(), password: 'secret123' }).expect(201);
    expect(res.body.message).toMatch(/Registration successful!/);
    const row = await users().findOneByOrFail({ email });
    expect(row.role).toBe('customer');
    expect(row.status).toBe('1');
    expect(row.email_verified_at).toBeNull();
    expect(row.password_hash).toMatch(/^\$2[aby]\$1\d\$/);
    expect(Number(String(row.password_hash).split('$')[2])).toBeGreaterThanOrEqual(10);
    const code = readCodeFromOutbox(t, email);
    expect(code).toMatch(/^\d{6}$/);
    expect(row.otp_hash).not.toContain(code);
    expect(row.otp_hash).toHaveLength(64);
  });

  it('answers 422 with field errors for bad input and never writes a row', async () => {
    const res = await t.http().post('/api/v1/auth/register').send({ email: '', password: '123' }).expect(422);
    expect(res.body.errors.email).toContain(MSG.auth.enterEmail);
    expect(res.body.errors.password).toContain(MSG.auth.passwordMin);
    expect(typeof res.body.message).toBe('string');
    const notEmail = await t.http().post('/api/v1/auth/register').send({ email: 'not-an-email', password: 'secret123' }).expect(422);
    expect(notEmail.body.errors.email[0]).toBe('Please enter a valid email address.');
    const wrongType = await t.http().post('/api/v1/auth/register').send({ email: ['a'], password: { x: 1 } }).expect(422);
    expect(Object.keys(wrongType.body.errors)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(await users().count({ where: { email: 'not-an-email' } })).toBe(0);
  });

  it('refuses a duplicate e-mail with 422 on errors.email', async () => {
    const email = uniqueEmail('dup');
    await t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
    const res = await t.http().post('/api/v1/auth/register').send({ email: ` ${email.toUpperCase()} `, password: 'other123' }).expect(422);
    expect(res.body.errors.email[0]).toBe(MSG.auth.emailTaken);
    expect(await users().count({ where: { email } })).toBe(1);
  });

  it('refuses login before verification with the exact message', async () => {
    const email = uniqueEmail('unverified');
    await t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
    const res = await t.http().post('/api/v1/auth/login').send({ email, password: 'secret123' }).expect(403);
    expect(res.body.message).toBe('Please verify your email first.');
    expect(res.body.token).toBeUndefined();
  });

  it('verifies with the code from the outbox, then logs in with the documented shape', async () => {
    const email = uniqueEmail('verify');
    await t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
    const code = readCodeFromOutbox(t, email);
    const verified = await t.http().post('/api/v1/auth/verify-otp').send({ otp: code, email }).expect(200);
    expect(verified.body.message).toBe(MSG.auth.otpVerified);
    // single use
    const again = await t.http().post('/api/v1/auth/verify-otp').send({ otp: code, email }).expect(400);
    expect(again.body.message).toBe(MSG.auth.otpAlreadyVerified);

    const login = await t.http().post('/api/v1/auth/login').send({ email, password: 'secret123' }).expect(200);
    expect(Object.keys(login.body).sort()).toEqual(['expires_in', 'message', 'token', 'user']);
    expect(login.body.message).toBe(MSG.auth.loginSuccess);
    expect(login.body.expires_in).toBe(t.config.jwt.expiresIn);
    expect(login.body.token.split('.')).toHaveLength(3);
    const user = login.body.user;
    for (const key of ['id', 'name', 'email', 'phone', 'address', 'city', 'postal_code', 'country', 'image', 'role', 'status']) {
      expect(user).toHaveProperty(key);
    }
    expect(user.role).toBe('customer');
    expect(user.status).toBe('1');
    const json = JSON.stringify(login.body);
    expect(json).not.toMatch(/password|otp|google_id/);

    const me = await t.http().get('/api/v1/user').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    expect(me.body.data.email).toBe(email);
  });

  it('kills the code after 5 wrong tries, even for the right code; a resent code then verifies', async () => {
    const email = uniqueEmail('tries');
    await t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
    const code = readCodeFromOutbox(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.http().post('/api/v1/auth/verify-otp').send({ otp: wrong, email }).expect(400);
      expect(res.body.message).toBe(i < 4 ? MSG.auth.otpInvalid : MSG.auth.otpTooManyAttempts);
    }
    const right = await t.http().post('/api/v1/auth/verify-otp').send({ otp: code, email }).expect(400);
    expect(right.body.message).toBe(MSG.auth.otpTooManyAttempts);
    expect((await users().findOneByOrFail({ email })).email_verified_at).toBeNull();

    // The resend limit is once a minute: pretend the last code is older.
    await users().update({ email }, { otp_sent_at: new Date(Date.now() - 61_000) });
    const resent = await t.http().post('/api/v1/auth/resend-otp').send({ email }).expect(200);
    expect(resent.body.message).toBe(MSG.auth.resendSent);
    const fresh = readCodeFromOutbox(t, email);
    await t.http().post('/api/v1/auth/verify-otp').send({ otp: fresh, email }).expect(200);
    expect((await users().findOneByOrFail({ email })).email_verified_at).not.toBeNull();
  });

  it('limits resend to once a minute with a 429 and a message', async () => {
    const email = uniqueEmail('resend');
    await t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
    const first = readCodeFromOutbox(t, email);
    const res = await t.http().post('/api/v1/auth/resend-otp').send({ email }).expect(429);
    expect(res.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    // the code was not replaced
    expect(readCodeFromOutbox(t, email)).toBe(first);
    // unknown addresses get the same success answer (no account enumeration)
    const unknown = await t.http().post('/api/v1/auth/resend-otp').send({ email: uniqueEmail('nobody') }).expect(200);
    expect(unknown.body.message).toBe(MSG.auth.resendSent);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('expired');
    await t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
    const code = readCodeFromOutbox(t, email);
    await users().update({ email }, { otp_expires_at: new Date(Date.now() - 1000) });
    const res = await t.http().post('/api/v1/auth/verify-otp').send({ otp: code, email }).expect(400);
    expect(res.body.message).toBe(MSG.auth.otpExpired);
  });

  it('answers one message for a wrong password and an unknown e-mail', async () => {
    const { email } = await signUp(t);
    const wrongPassword = await t.http().post('/api/v1/auth/login').send({ email, password: 'wrong-pass' }).expect(401);
    const unknown = await t.http().post('/api/v1/auth/login').send({ email: uniqueEmail('ghost'), password: 'secret123' }).expect(401);
    expect(wrongPassword.body.message).toBe(MSG.auth.invalidCredentials);
    expect(unknown.body.message).toBe(wrongPassword.body.message);
    const blank = await t.http().post('/api/v1/auth/login').send({ email: '', password: '' }).expect(422);
    expect(blank.body.errors.email).toContain(MSG.auth.enterEmail);
    expect(blank.body.errors.password).toContain(MSG.auth.enterPassword);
  });

  it("refuses an inactive user's login and cuts off their existing token", async () => {
    const { email, password, token } = await signUp(t);
    await users().update({ email }, { status: '0' });
    const res = await t.http().post('/api/v1/auth/login').send({ email, password }).expect(403);
    expect(res.body.message).toBe(MSG.auth.accountInactive);
    await t.http().get('/api/v1/user').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('refuses forged tokens: bad signature, alg none, expired, garbage', async () => {
    const { token, user } = await signUp(t);
    const [header, payload] = token.split('.');
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forgedSignature = `${header}.${payload}.${createHmac('sha256', 'wrong-secret').update(`${header}.${payload}`).digest('base64url')}`;
    const adminPayload = b64({ sub: user.id, role: 'admin', iat: Math.floor(Date.now() / 1000) });
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${adminPayload}.`;
    const expiredPayload = b64({ sub: user.id, role: 'customer', iat: 1, exp: 2 });
    const expired = `${header}.${expiredPayload}.${createHmac('sha256', t.config.jwt.secret).update(`${header}.${expiredPayload}`).digest('base64url')}`;
    for (const bad of [forgedSignature, algNone, expired, 'garbage', `${header}.${adminPayload}.`]) {
      const res = await t.http().get('/api/v1/user').set('Authorization', `Bearer ${bad}`).expect(401);
      expect(res.body.message).toBe(MSG.auth.unauthenticated);
    }
    await t.http().get('/api/v1/user').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('signs in with Google against the local fake: creates a verified customer once, then finds it', async () => {
    const first = await t.http().post('/api/v1/auth/google').send({ access_token: 'good-token' }).expect(200);
    expect(first.body.message).toBe(MSG.auth.googleSuccess);
    expect(first.body.user.email).toBe('ngozi.google@example.com');
    expect(first.body.user.role).toBe('customer');
    expect(first.body.token).toBeTruthy();
    const second = await t.http().post('/api/v1/auth/google').send({ access_token: 'good-token' }).expect(200);
    expect(second.body.user.id).toBe(first.body.user.id);
    expect(await users().count({ where: { email: 'ngozi.google@example.com' } })).toBe(1);
    const row = await users().findOneByOrFail({ email: 'ngozi.google@example.com' });
    expect(row.google_id).toBe('g-100');
    expect(row.email_verified_at).not.toBeNull();
  });

  it('links Google to an existing unverified e-mail account and verifies it', async () => {
    const email = uniqueEmail('link');
    await t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
    const fake = await startFakeGoogle({ tok: { sub: 'g-link', email, email_verified: true } });
    const original = t.config.google.userInfoUrl;
    t.config.google.userInfoUrl = fake.url;
    try {
      const res = await t.http().post('/api/v1/auth/google').send({ access_token: 'tok' }).expect(200);
      expect(res.body.user.email).toBe(email);
      await t.http().post('/api/v1/auth/login').send({ email, password: 'secret123' }).expect(200);
    } finally {
      t.config.google.userInfoUrl = original;
      await fake.close();
    }
  });

  it('answers a bad Google token with a 4xx and a message, never a 500', async () => {
    const bad = await t.http().post('/api/v1/auth/google').send({ access_token: 'nope' }).expect(401);
    expect(bad.body.message).toBe(MSG.auth.googleFailed);
    const unverified = await t.http().post('/api/v1/auth/google').send({ access_token: 'unverified-token' }).expect(401);
    expect(unverified.body.message).toMatch(/not verified/);
    const missing = await t.http().post('/api/v1/auth/google').send({}).expect(422);
    expect(missing.body.errors.access_token[0]).toBe(MSG.auth.googleNoToken);
  });

  it('welcomes a newly verified user with a notification', async () => {
    const { token } = await signUp(t);
    const res = await t.http().get('/api/v1/notifications').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].title).toBe('Welcome to Jara');
    expect(res.body.meta.unread).toBe(1);
  });
});

describe('Auth rate limit (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '3', AUTH_RATE_TTL: '60' });
  });
  afterAll(() => t.close());

  it('answers 429 with a message after the limit', async () => {
    for (let i = 0; i < 3; i++) await t.http().post('/api/v1/auth/login').send({ email: 'x@example.com', password: 'nope12' }).expect(401);
    const res = await t.http().post('/api/v1/auth/login').send({ email: 'x@example.com', password: 'nope12' }).expect(429);
    expect(res.body.message).toBe(MSG.auth.tooManyRequests);
  });
});
