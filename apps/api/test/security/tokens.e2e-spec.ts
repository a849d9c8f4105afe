import { createHmac } from 'node:crypto';
import { MSG } from '@jara/contracts';
import { hashPassword } from '../../src/common/security/password';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../src/modules/auth/jwt.strategy';
import { User } from '../../src/modules/users/user.entity';
import { bearer } from '../support/money';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;
type Claims = Record<string, unknown>;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A compact JWS: HMAC-signed with `secret` under `alg` (HS256/HS384/HS512), or unsigned for alg none. */
function jws(claims: Claims, secret: string | null, alg = 'HS256'): string {
  const head = b64({ alg: secret === null ? 'none' : alg, typ: 'JWT' });
  const body = b64(claims);
  if (secret === null) return `${head}.${body}.`;
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg] ?? 'sha256';
  return `${head}.${body}.${createHmac(hash, secret).update(`${head}.${body}`).digest('base64url')}`;
}

const claimsOf = (token: string): Claims => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

describe('Tokens: only a live token this API issued for a live account opens a protected route (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let secret: string;

  beforeAll(async () => {
    t = await startTestApp();
    secret = t.config.jwt.secret;
    admin = await signUp(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const users = () => t.db.getRepository(User);
  /** The protected route every case is tried on, and its answer's status. */
  const me = (token: string) => t.http().get('/api/v1/user').set(bearer(token));
  async function refused(token: string, label: string): Promise<void> {
    const res = await me(token);
    if (res.status !== 401) throw new Error(`${label}: GET /user answered ${res.status}, expected 401`);
    expect(res.body).toEqual({ message: MSG.auth.unauthenticated });
  }
  const login = async (email: string, password: string) =>
    (await t.http().post('/api/v1/auth/login').send({ email, password }).expect(200)).body.token as string;

  it('issues HS256 tokens bound to this API (iss, aud), the account (sub, ver), its password stamp and an expiry', async () => {
    const { token, user } = await signUp(t);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'))).toMatchObject({ alg: 'HS256' });
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ sub: user.id, role: 'customer', ver: 0, iss: JWT_ISSUER, aud: JWT_AUDIENCE });
    expect(claims.pwd).toEqual(expect.any(String));
    // The stamp is an HMAC keyed with the server secret: the token carries nothing of the bcrypt hash itself.
    const row = await users().findOneByOrFail({ id: user.id });
    expect(String(claims.pwd)).not.toContain(String(row.password_hash).slice(7, 29));
    expect(Number(claims.exp) - Number(claims.iat)).toBe(t.config.jwt.expiresIn);
    // The same claims, signed as the API signs them, open the route: every refusal below is for its one defect.
    await me(token).expect(200);
    await me(jws(claims, secret)).expect(200);
  });

  it('refuses forged and tampered tokens: alg none, a wrong key, another HMAC algorithm, an expired one, garbage', async () => {
    const { token, user } = await signUp(t);
    const claims = claimsOf(token);
    const [head, body, signature] = token.split('.');
    const promoted = { ...claims, role: 'admin' };
    const cases: Record<string, string> = {
      'alg none': jws(claims, null),
      'alg none, with a signature left on': `${b64({ alg: 'none', typ: 'JWT' })}.${body}.${signature}`,
      'signed with a wrong key': jws(claims, 'not-the-server-secret-not-the-server-secret'),
      'role claim edited, re-signed with a wrong key': jws(promoted, 'not-the-server-secret-not-the-server-secret'),
      'role claim edited, unsigned (alg none)': jws(promoted, null),
      'role claim edited, original signature kept': `${head}.${b64(promoted)}.${signature}`,
      'HS512 with the server secret (only HS256 is accepted)': jws(claims, secret, 'HS512'),
      expired: jws({ ...claims, iat: now() - 7200, exp: now() - 3600 }, secret),
      'no expiry at all': jws(Object.fromEntries(Object.entries(claims).filter(([k]) => k !== 'exp')), secret),
      'subject is not a number': jws({ ...claims, sub: `${user.id} OR 1=1` }, secret),
      'not a JWT': 'garbage',
      'empty bearer': '',
    };
    for (const [label, bad] of Object.entries(cases)) await refused(bad, label);
    // The promoted forgeries do not open an admin route either.
    for (const forged of [
      cases['role claim edited, re-signed with a wrong key'],
      cases['role claim edited, unsigned (alg none)'],
    ])
      await t.http().get('/api/v1/users').set(bearer(forged)).expect(401);
    await me(token).expect(200);
  });

  it('never trusts the role claim: a correctly signed customer token that says admin is still a customer (403)', async () => {
    const { token, user } = await signUp(t);
    const promoted = jws({ ...claimsOf(token), role: 'admin' }, secret);
    const res = await me(promoted).expect(200);
    expect(res.body.data).toMatchObject({ id: user.id, role: 'customer' });
    expect((await t.http().get('/api/v1/users').set(bearer(promoted)).expect(403)).body.message).toBe(
      MSG.auth.forbidden,
    );
  });

  it("refuses a token issued to another app or by another issuer, and one without this API's claims", async () => {
    const { token } = await signUp(t);
    const claims = claimsOf(token);
    const without = (...keys: string[]) =>
      Object.fromEntries(Object.entries(claims).filter(([k]) => !keys.includes(k)));
    const cases: Record<string, string> = {
      'audience of another app': jws({ ...claims, aud: 'jara-storefront' }, secret),
      'issued by another app': jws({ ...claims, iss: 'accounts.example.com' }, secret),
      'audience list without this API': jws({ ...claims, aud: ['other-app'] }, secret),
      'no issuer or audience (as issued before decision 017)': jws(without('iss', 'aud'), secret),
      'no token version': jws(without('ver'), secret),
      'no password stamp': jws(without('pwd'), secret),
      'a wrong password stamp': jws({ ...claims, pwd: 'AAAAAAAAAAAAAAAAAAAAAA' }, secret),
    };
    for (const [label, bad] of Object.entries(cases)) await refused(bad, label);
    await me(token).expect(200);
  });

  it("refuses a deleted user's token: deleted by an admin, or a row that is gone", async () => {
    const gone = await signUp(t);
    await me(gone.token).expect(200);
    await t.http().delete(`/api/v1/users/${gone.user.id}`).set(bearer(admin.token)).expect(200);
    await refused(gone.token, 'token of a user deleted by an admin');
    // Even if the account were put back as it was (status, e-mail, version), the token stays dead: its password is gone.
    const row = await users().findOneByOrFail({ id: gone.user.id });
    await users().update(
      { id: gone.user.id },
      { status: '1', token_version: Number(claimsOf(gone.token).ver), deleted_at: null },
    );
    await refused(gone.token, 'token of a deleted user put back');
    expect(row.password_hash).toBeNull();
    // A well-formed token for an id that does not exist (a removed row).
    const [max] = await t.db.query('SELECT MAX(id) AS id FROM users');
    await refused(jws({ ...claimsOf(gone.token), sub: Number(max.id) + 1000 }, secret), 'token of a missing user');
  });

  it("refuses a deactivated user's token, also after reactivation, while a new login works again", async () => {
    const person = await signUp(t);
    await t.http().put(`/api/v1/users/${person.user.id}`).set(bearer(admin.token)).send({ status: '0' }).expect(200);
    await refused(person.token, 'token of a user deactivated by an admin');
    await t.http().post('/api/v1/auth/login').send({ email: person.email, password: person.password }).expect(403);
    await t.http().put(`/api/v1/users/${person.user.id}`).set(bearer(admin.token)).send({ status: '1' }).expect(200);
    await refused(person.token, 'token issued before the deactivation, after reactivation');
    const fresh = await login(person.email, person.password);
    await me(fresh).expect(200);
    // Deactivated in the table without a version change (a script, a restore): the status itself is checked.
    await users().update({ id: person.user.id }, { status: '0' });
    await refused(fresh, 'token of a user deactivated in the table');
  });

  it('logs out everywhere: the token and its siblings stop at once, logout again is 401, a new login works', async () => {
    const { email, password, token } = await signUp(t);
    const sibling = await login(email, password);
    await me(sibling).expect(200);
    const res = await t.http().post('/api/v1/auth/logout').set(bearer(token)).expect(200);
    expect(res.body).toEqual({ message: MSG.auth.loggedOut });
    await refused(token, 'token used after logout');
    await refused(sibling, 'sibling token after logout');
    await t.http().post('/api/v1/auth/logout').set(bearer(token)).expect(401);
    await t.http().post('/api/v1/auth/logout').expect(401);
    await me(await login(email, password)).expect(200);
  });

  it('ends every session when the password changes, by whatever path (the CLI, a reset): the old tokens are 401', async () => {
    const { email, password, token, user } = await signUp(t);
    const sibling = await login(email, password);
    const version = (await users().findOneByOrFail({ id: user.id })).token_version;
    // A new password written without touching token_version: the tokens carry a stamp of the old one.
    await users().update({ id: user.id }, { password_hash: await hashPassword('a-new-password-1') });
    expect((await users().findOneByOrFail({ id: user.id })).token_version).toBe(version);
    await refused(token, 'token used after a password change');
    await refused(sibling, 'sibling token after a password change');
    await t.http().post('/api/v1/auth/login').send({ email, password }).expect(401);
    await me(await login(email, 'a-new-password-1')).expect(200);
  });
});
