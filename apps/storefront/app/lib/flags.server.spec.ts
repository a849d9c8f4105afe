import { countryOfCurrency, flagFor } from './flags.server';

describe('currency flags', () => {
  it("maps a currency to the country of its first two letters (EUR to the EU's flag)", () => {
    expect(countryOfCurrency('NGN')).toBe('NG');
    expect(countryOfCurrency('eur')).toBe('EU');
  });
  it('returns bundled SVG flags as data URIs, and null when there is none', () => {
    for (const code of ['NGN', 'USD', 'CNY', 'ZAR', 'EUR', 'GBP']) {
      const flag = flagFor(code) ?? '';
      expect(flag).toMatch(/^data:image\/svg\+xml,%3Csvg/);
      expect(decodeURIComponent(flag.slice('data:image/svg+xml,'.length))).toContain('<svg');
    }
    expect(flagFor('XYZ')).toBeNull();
    expect(flagFor('1A')).toBeNull();
    expect(flagFor('')).toBeNull();
  });
});
