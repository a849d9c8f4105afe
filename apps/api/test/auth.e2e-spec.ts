import { MSG } from '@jara/contracts';
import { User } from '../src/modules/users/user.entity';
import { startFakeGoogle, type FakeGoogle, type FakeGoogleUser } from './support/fake-google';
import { readCodeFromOutbox, signUp, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/** Our OAuth client, and the one of some other site the same Google user signed into. */
const CLIENT_ID = 'jara-test.apps.googleusercontent.com';
const OTHER_CLIENT_ID = 'another-site.apps.googleusercontent.com';

describe('Auth (e2e)', () => {
  let t: TestApp;
  let google: FakeGoogle;
  const ngozi: FakeGoogleUser = {
    sub: 'g-100',
    email: 'Ngozi.Google@Example.com',
    email_verified: true,
    name: 'Ngozi Okafor',
  };

  beforeAll(async () => {
    google = await startFakeGoogle({ [CLIENT_ID]: 'jara-test-secret', [OTHER_CLIENT_ID]: 'other-secret' });
    t = await startTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_OAUTH_BASE_URL: google.url });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const users = () => t.db.getRepository(User);

  it('registers a customer, stores only hashes, and mails a 6-digit code', async () => {
    const email = uniqueEmail('reg');
    const res = await t
      .http()
      .post('/api/v1/auth/register')
      .send({ email: email.toUpperCase(), password: 'secret123' })
      .expect(201);
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
    const notEmail = await t
      .http()
      .post('/api/v1/auth/register')
      .send({ email: 'not-an-email', password: 'secret123' })
      .expect(422);
    expect(notEmail.body.errors.email[0]).toBe('Please enter a valid email address.');
    const wrongType = await t
      .http()
      .post('/api/v1/auth/register')
      .send({ email: ['a'], password: { x: 1 } })
      .expect(422);
    expect(Object.keys(wrongType.body.errors)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(await users().count({ where: { email: 'not-an-email' } })).toBe(0);
  });

  it('refuses a duplicate e-mail with 422 on errors.email', async () => {
    const email = uniqueEmail('dup');
    await t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
    const res = await t
      .http()
      .post('/api/v1/auth/register')
      .send({ email: ` ${email.toUpperCase()} `, password: 'other123' })
      .expect(422);
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

  it('keeps the name given at sign-up and signs the account in when its code is verified', async () => {
    const email = uniqueEmail('named');
    await t
      .http()
      .post('/api/v1/auth/register')
      .send({ email, password: 'secret123', name: '  Ngozi   Okafor ' })
      .expect(201);
    expect((await users().findOneByOrFail({ email })).name).toBe('Ngozi Okafor');
    const verified = await t
      .http()
      .post('/api/v1/auth/verify-otp')
      .send({ otp: readCodeFromOutbox(t, email), email })
      .expect(200);
    expect(verified.body).toMatchObject({ message: MSG.auth.otpVerified, user: { email, name: 'Ngozi Okafor' } });
    const me = await t.http().get('/api/v1/user').set('Authorization', `Bearer ${verified.body.token}`).expect(200);
    expect(me.body.data.email).toBe(email);
    // The spec's body (no name) still registers, named by the e-mail's handle; an inactive account gets no token.
    const plain = uniqueEmail('plain');
    await t.http().post('/api/v1/auth/register').send({ email: plain, password: 'secret123' }).expect(201);
    expect((await users().findOneByOrFail({ email: plain })).name).toBe(plain.split('@')[0]);
    await users().update({ email: plain }, { status: '0' });
    const inactive = await t
      .http()
      .post('/api/v1/auth/verify-otp')
      .send({ otp: readCodeFromOutbox(t, plain), email: plain })
      .expect(200);
    expect(inactive.body).toEqual({ message: MSG.auth.otpVerified });
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
    for (const key of [
      'id',
      'name',
      'email',
      'phone',
      'address',
      'city',
      'postal_code',
      'country',
      'image',
      'role',
      'status',
    ]) {
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

  it('answers resend-otp alike for unknown, unverified and verified addresses, and sends only when allowed', async () => {
    const unverified = uniqueEmail('resend');
    await t.http().post('/api/v1/auth/register').send({ email: unverified, password: 'secret123' }).expect(201);
    const first = await users().findOneByOrFail({ email: unverified });
    const { email: verified } = await signUp(t);
    const answers = [];
    for (const email of [uniqueEmail('nobody'), unverified, verified]) {
      const res = await t.http().post('/api/v1/auth/resend-otp').send({ email });
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers[0]).toEqual({ status: 200, body: { message: MSG.auth.resendSent } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Too soon (the sign-up code is seconds old): nothing was sent, the code was not replaced.
    expect((await users().findOneByOrFail({ email: unverified })).otp_hash).toBe(first.otp_hash);
    // A verified account gets no code and keeps its state.
    expect((await users().findOneByOrFail({ email: verified })).otp_hash).toBeNull();

    // Once the last code is older than a minute, the same answer comes with a new code.
    await users().update({ email: unverified }, { otp_sent_at: new Date(Date.now() - 61_000) });
    const later = await t.http().post('/api/v1/auth/resend-otp').send({ email: unverified });
    expect({ status: later.status, body: later.body }).toEqual(answers[0]);
    const fresh = await users().findOneByOrFail({ email: unverified });
    expect(fresh.otp_hash).not.toBe(first.otp_hash);
    await t
      .http()
      .post('/api/v1/auth/verify-otp')
      .send({ email: unverified, otp: readCodeFromOutbox(t, unverified) })
      .expect(200);
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
    const unknown = await t
      .http()
      .post('/api/v1/auth/login')
      .send({ email: uniqueEmail('ghost'), password: 'secret123' })
      .expect(401);
    expect(wrongPassword.body.message).toBe(MSG.auth.invalidCredentials);
    expect(unknown.body.message).toBe(wrongPassword.body.message);
    const blank = await t.http().post('/api/v1/auth/login').send({ email: '', password: '' }).expect(422);
    expect(blank.body.errors.email).toContain(MSG.auth.enterEmail);
    expect(blank.body.errors.password).toContain(MSG.auth.enterPassword);
  });

  // Forged, expired and foreign tokens, logout, deletion and password changes: test/security/tokens.e2e-spec.ts.
  it("refuses an inactive user's login and cuts off their existing token", async () => {
    const { email, password, token } = await signUp(t);
    await users().update({ email }, { status: '0' });
    const res = await t.http().post('/api/v1/auth/login').send({ email, password }).expect(403);
    expect(res.body.message).toBe(MSG.auth.accountInactive);
    await t.http().get('/api/v1/user').set('Authorization', `Bearer ${token}`).expect(401);
  });

  describe('Google sign-in', () => {
    const googleLogin = (body: object) => t.http().post('/api/v1/auth/google').send(body);

    it('signs in with an ID token issued to our client: creates a verified customer once, then finds it', async () => {
      const first = await googleLogin({ id_token: google.idToken(ngozi, { clientId: CLIENT_ID }) }).expect(200);
      expect(first.body.message).toBe(MSG.auth.googleSuccess);
      expect(first.body.user.email).toBe('ngozi.google@example.com');
      expect(first.body.user.name).toBe('Ngozi Okafor');
      expect(first.body.user.role).toBe('customer');
      expect(first.body.expires_in).toBe(t.config.jwt.expiresIn);
      await t.http().get('/api/v1/user').set('Authorization', `Bearer ${first.body.token}`).expect(200);
      // The same Google account with an access token issued to our client finds the same user.
      const second = await googleLogin({ access_token: google.accessToken(ngozi, { clientId: CLIENT_ID }) }).expect(
        200,
      );
      expect(second.body.user.id).toBe(first.body.user.id);
      expect(await users().count({ where: { email: 'ngozi.google@example.com' } })).toBe(1);
      const row = await users().findOneByOrFail({ email: 'ngozi.google@example.com' });
      expect(row.google_id).toBe('g-100');
      expect(row.email_verified_at).not.toBeNull();
    });

    it("refuses tokens Google issued to another site's client id (ID token and access token): 401, no account", async () => {
      const victim: FakeGoogleUser = { sub: 'g-200', email: uniqueEmail('victim'), email_verified: true };
      const attempts = [
        { id_token: google.idToken(victim, { clientId: OTHER_CLIENT_ID }) },
        { access_token: google.accessToken(victim, { clientId: OTHER_CLIENT_ID }) },
        // An ID token for another client next to a good-looking access token: the ID token decides.
        {
          id_token: google.idToken(victim, { clientId: OTHER_CLIENT_ID }),
          access_token: google.accessToken(victim, { clientId: CLIENT_ID }),
        },
        { id_token: google.idToken(victim, { clientId: CLIENT_ID, forgeSignature: true }) },
        { id_token: google.idToken(victim, { clientId: CLIENT_ID, expiresIn: -600 }) },
        { access_token: google.accessToken(victim, { clientId: CLIENT_ID, expiresIn: -1 }) },
        { id_token: 'not.a.jwt' },
        { access_token: 'nope' },
      ];
      for (const body of attempts) {
        const res = await googleLogin(body);
        if (res.status !== 401) throw new Error(`${JSON.stringify(Object.keys(body))} answered ${res.status}`);
        expect(res.body).toEqual({ message: MSG.auth.googleFailed });
      }
      expect(await users().count({ where: { email: victim.email } })).toBe(0);
      expect(await users().count({ where: { google_id: 'g-200' } })).toBe(0);
      // The same user's token for our client works.
      await googleLogin({ access_token: google.accessToken(victim, { clientId: CLIENT_ID }) }).expect(200);
    });

    it('links Google to a verified account with the same e-mail and keeps its password', async () => {
      const { email, password, user } = await signUp(t);
      const res = await googleLogin({
        id_token: google.idToken({ sub: 'g-link', email, email_verified: true }, { clientId: CLIENT_ID }),
      }).expect(200);
      expect(res.body.user.id).toBe(user.id);
      expect((await users().findOneByOrFail({ id: user.id })).google_id).toBe('g-link');
      await t.http().post('/api/v1/auth/login').send({ email, password }).expect(200);
    });

    it('does not hand an unverified password account to Google sign-in: its password and pending code are cleared first', async () => {
      // Someone registered the address with a password but never proved they own the mailbox.
      const email = uniqueEmail('squatted');
      await t.http().post('/api/v1/auth/register').send({ email, password: 'attacker-pass' }).expect(201);
      const code = readCodeFromOutbox(t, email);
      const before = await users().findOneByOrFail({ email });

      const res = await googleLogin({
        id_token: google.idToken({ sub: 'g-owner', email, email_verified: true }, { clientId: CLIENT_ID }),
      }).expect(200);
      expect(res.body.user.id).toBe(before.id);
      const row = await users().findOneByOrFail({ id: before.id });
      expect(row.password_hash).toBeNull();
      expect(row.otp_hash).toBeNull();
      expect(row.google_id).toBe('g-owner');
      expect(row.email_verified_at).not.toBeNull();
      // Whoever registered it can no longer get in with the password or the e-mailed code.
      const login = await t.http().post('/api/v1/auth/login').send({ email, password: 'attacker-pass' }).expect(401);
      expect(login.body.message).toBe(MSG.auth.invalidCredentials);
      await t.http().post('/api/v1/auth/verify-otp').send({ email, otp: code }).expect(400);
    });

    it('answers a bad request with a 4xx and a message, never a 500', async () => {
      const unverified = await googleLogin({
        id_token: google.idToken(
          { sub: 'g-101', email: uniqueEmail('unverified'), email_verified: false },
          { clientId: CLIENT_ID },
        ),
      }).expect(401);
      expect(unverified.body.message).toBe(MSG.auth.googleEmailNotVerified);
      const missing = await googleLogin({}).expect(422);
      expect(missing.body.errors.access_token[0]).toBe(MSG.auth.googleNoToken);
      const wrongType = await googleLogin({ id_token: { x: 1 } }).expect(422);
      expect(wrongType.body.errors.id_token).toBeDefined();
    });
  });

  it('welcomes a newly verified user with a notification', async () => {
    const { token } = await signUp(t);
    const res = await t.http().get('/api/v1/notifications').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].title).toBe('Welcome to Jara');
    expect(res.body.meta.unread).toBe(1);
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID (e2e)', () => {
  let t: TestApp;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await startTestApp({ GOOGLE_OAUTH_BASE_URL: google.url });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('is off with a clear 400: no audience is accepted by default', async () => {
    const user: FakeGoogleUser = { sub: 'g-300', email: uniqueEmail('off'), email_verified: true };
    for (const body of [
      { id_token: google.idToken(user, { clientId: CLIENT_ID }) },
      { access_token: google.accessToken(user, { clientId: CLIENT_ID }) },
    ]) {
      const res = await t.http().post('/api/v1/auth/google').send(body).expect(400);
      expect(res.body.message).toBe(MSG.auth.googleNotConfigured);
    }
    expect(await t.db.getRepository(User).count({ where: { email: user.email } })).toBe(0);
    expect(google.calls).toBe(0);
  });
});

describe('Auth rate limit (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '3', AUTH_RATE_TTL: '60' });
  });
  afterAll(() => t.close());

  it('answers 429 with a message after the limit', async () => {
    for (let i = 0; i < 3; i++)
      await t.http().post('/api/v1/auth/login').send({ email: 'x@example.com', password: 'nope12' }).expect(401);
    const res = await t
      .http()
      .post('/api/v1/auth/login')
      .send({ email: 'x@example.com', password: 'nope12' })
      .expect(429);
    expect(res.body.message).toBe(MSG.auth.tooManyRequests);
  });
});
