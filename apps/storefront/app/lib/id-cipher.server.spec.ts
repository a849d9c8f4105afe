import { decryptId, encryptId, encryptParam } from './id-cipher.server';

describe('the link cipher (encrypted ids in URLs)', () => {
  const saved = process.env.LINK_SECRET;
  afterEach(() => {
    if (saved === undefined) delete process.env.LINK_SECRET;
    else process.env.LINK_SECRET = saved;
  });

  it('gives one stable token per value that decrypts back, and refuses a tampered one', () => {
    process.env.LINK_SECRET = 'secret-one-0123456789';
    const token = encryptId(42);
    expect(encryptId(42)).toBe(token);
    expect(encryptId(43)).not.toBe(token);
    expect(decryptId(token)).toBe(42);
    const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    expect(decryptId(flipped)).toBeNull();
  });

  it('makes new tokens when the secret changes (no token kept from the old secret)', () => {
    process.env.LINK_SECRET = 'secret-one-0123456789';
    const before = encryptId(9);
    const type = encryptParam('sea');
    process.env.LINK_SECRET = 'secret-two-0123456789';
    expect(encryptId(9)).not.toBe(before);
    expect(encryptParam('sea')).not.toBe(type);
    expect(decryptId(encryptId(7))).toBe(7);
    // A token made under the old secret no longer opens.
    process.env.LINK_SECRET = 'secret-two-0123456789';
    expect(decryptId(before)).toBeNull();
  });
});
