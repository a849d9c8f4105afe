import fc from 'fast-check';
import { MSG } from './messages';
import {
  convertCurrency,
  currencyByCode,
  currencyFlag,
  parseDecimal,
  percentOf,
  ratesAsOf,
  SEED_CURRENCIES,
} from './wallet';

const rate = (sell_price: string) => ({ sell_price });
const NGN = rate('1500');
const USD = rate('1');

describe('convertCurrency (section 9: amount x target sell / source sell, 2 decimals)', () => {
  it('converts with the seeded rates', () => {
    expect(convertCurrency('60000', NGN, USD)).toEqual({ ok: true, value: '40.00' });
    expect(convertCurrency('40', USD, NGN)).toEqual({ ok: true, value: '60000.00' });
    expect(convertCurrency('1', NGN, USD)).toEqual({ ok: true, value: '0.00' });
    expect(convertCurrency('0', USD, NGN)).toEqual({ ok: true, value: '0.00' });
    expect(convertCurrency('100', rate('13'), rate('130'))).toEqual({ ok: true, value: '1000.00' });
  });

  it('rounds half up exactly, where floats would not', () => {
    // 1.005 * 1 / 1: a float gives 1.00 (1.00499999...), exact decimal arithmetic gives 1.01.
    expect(convertCurrency('1.005', USD, USD)).toEqual({ ok: true, value: '1.01' });
    expect(convertCurrency('10', rate('3'), USD)).toEqual({ ok: true, value: '3.33' });
    expect(convertCurrency('20', rate('3'), USD)).toEqual({ ok: true, value: '6.67' });
    expect(convertCurrency('0.1', USD, rate('0.2'))).toEqual({ ok: true, value: '0.02' });
  });

  it("says 'Rate not available' for a missing currency and 'Invalid rates' for a source price that is not positive", () => {
    expect(convertCurrency('5', undefined, USD)).toEqual({ ok: false, error: MSG.currency.rateNotAvailable });
    expect(convertCurrency('5', USD, null)).toEqual({ ok: false, error: MSG.currency.rateNotAvailable });
    expect(convertCurrency('5', rate('0'), USD)).toEqual({ ok: false, error: MSG.currency.invalidRates });
    expect(convertCurrency('5', rate('-3'), USD)).toEqual({ ok: false, error: MSG.currency.invalidRates });
    expect(convertCurrency('5', rate('abc'), USD)).toEqual({ ok: false, error: MSG.currency.invalidRates });
  });

  it('refuses negative, exponent and non-numeric amounts', () => {
    for (const bad of ['-1', '1e21', 'NaN', '', ' ', '1.2.3', Number.NaN, Infinity]) {
      expect(convertCurrency(bad as string, USD, NGN)).toEqual({ ok: false, error: MSG.currency.invalidAmount });
    }
  });

  const decimal = (maxWhole: number, decimals: number) =>
    fc
      .tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 10 ** decimals - 1 }))
      .map(([w, f]) => `${w}.${String(f).padStart(decimals, '0')}`);
  const positiveRate = decimal(100000, 6).filter((r) => (parseDecimal(r)?.n ?? BigInt(0)) > BigInt(0));

  it('property: converting to the same currency returns the amount rounded to 2 decimals', () => {
    fc.assert(
      fc.property(decimal(10 ** 9, 2), positiveRate, (amount, r) => {
        const result = convertCurrency(amount, rate(r), rate(r));
        return result.ok && result.value === amount;
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });

  it('property: a round trip is within one cent per unit of the rate ratio, and results have 2 decimals', () => {
    fc.assert(
      fc.property(decimal(10 ** 7, 2), positiveRate, positiveRate, (amount, a, b) => {
        const there = convertCurrency(amount, rate(a), rate(b));
        if (!there.ok) return false;
        const back = convertCurrency(there.value, rate(b), rate(a));
        if (!back.ok || !/^\d+\.\d{2}$/.test(there.value) || !/^\d+\.\d{2}$/.test(back.value)) return false;
        // |back - amount| <= 0.005 * a/b + 0.005, in exact integer hundredths-of-cents arithmetic
        const cents = (v: string) => BigInt(v.replace('.', ''));
        const diff = cents(back.value) - cents(amount);
        const abs = diff < BigInt(0) ? -diff : diff;
        const ra = parseDecimal(a);
        const rb = parseDecimal(b);
        if (!ra || !rb) return false;
        // abs <= 0.5 * (a/b) + 0.5 (in cents): 2*abs*rb <= ra*scale + rb
        const lhs = BigInt(2) * abs * rb.n * BigInt(10) ** BigInt(ra.scale);
        const rhs = ra.n * BigInt(10) ** BigInt(rb.scale) + rb.n * BigInt(10) ** BigInt(ra.scale);
        return lhs <= rhs + BigInt(1);
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });

  it('property: the result is monotonic in the amount', () => {
    fc.assert(
      fc.property(decimal(10 ** 6, 2), decimal(10 ** 6, 2), positiveRate, positiveRate, (x, y, a, b) => {
        const [lo, hi] = Number(x) <= Number(y) ? [x, y] : [y, x];
        const l = convertCurrency(lo, rate(a), rate(b));
        const h = convertCurrency(hi, rate(a), rate(b));
        return l.ok && h.ok && BigInt(l.value.replace('.', '')) <= BigInt(h.value.replace('.', ''));
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });
});

describe('percentOf, currencies and flags', () => {
  it('takes a percentage exactly (section 9 percent converter)', () => {
    expect(percentOf('60000', '25')).toBe('15000.00');
    expect(percentOf('60000', '33.33')).toBe('19998.00');
    expect(percentOf('10.01', '50')).toBe('5.01');
    expect(percentOf('1', '-5')).toBeNull();
  });

  it('finds currencies by code and seeds the section 9 display rates', () => {
    expect(currencyByCode(SEED_CURRENCIES, 'ngn')?.sell_price).toBe('1500');
    expect(currencyByCode(SEED_CURRENCIES, 'CNY')?.sell_price).toBe('7.2');
    expect(currencyByCode(SEED_CURRENCIES, 'ZAR')?.sell_price).toBe('18');
    expect(currencyByCode(SEED_CURRENCIES, 'EUR')).toBeUndefined();
  });

  it('draws flags from the code without an image service', () => {
    expect(currencyFlag('NGN')).toBe('🇳🇬');
    expect(currencyFlag('USD')).toBe('🇺🇸');
    expect(currencyFlag('1X')).toBe('🏳️');
  });

  it('seeds realistic rates: ₦243,000 is about 2,916 ZAR, not 21,060', () => {
    const ngn = currencyByCode(SEED_CURRENCIES, 'NGN')?.sell_price ?? '';
    const zar = currencyByCode(SEED_CURRENCIES, 'ZAR')?.sell_price ?? '';
    expect(convertCurrency('243000', { sell_price: ngn }, { sell_price: zar })).toEqual({ ok: true, value: '2916.00' });
  });

  it('dates a set of rates by the latest update', () => {
    expect(
      ratesAsOf([
        { updated_at: '2026-11-20T00:00:00.000Z' },
        { updated_at: '2026-11-21T10:00:00.000Z' },
        { updated_at: null },
      ]),
    ).toBe('2026-11-21T10:00:00.000Z');
    expect(ratesAsOf([])).toBeNull();
  });
});
