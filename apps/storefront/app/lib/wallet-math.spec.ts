import { MSG, SEED_CURRENCIES } from '@jara/contracts';
import { localBalance, percentConversion, readDirection, readLocalCode, swapDirection } from './wallet-math';

const rates = SEED_CURRENCIES.map((c) => ({ code: c.code, sell_price: c.sell_price }));
const balance = { ngnBalance: '60000.00', usdBalance: '10.00' };

describe('local balance', () => {
  it('is the NGN wallet balance converted into the chosen currency', () => {
    expect(localBalance(balance, rates, 'NGN')).toEqual({ ok: true, value: '60000.00' });
    expect(localBalance(balance, rates, 'USD')).toEqual({ ok: true, value: '40.00' });
    expect(localBalance(balance, rates, 'CNY')).toEqual({ ok: true, value: '288.00' });
    expect(localBalance(balance, rates, 'ZAR')).toEqual({ ok: true, value: '720.00' });
  });
  it('says the rate is missing for an unknown currency', () => {
    expect(localBalance(balance, rates, 'XYZ')).toEqual({ ok: false, error: MSG.currency.rateNotAvailable });
    expect(localBalance(balance, [], 'NGN')).toEqual({ ok: false, error: MSG.currency.rateNotAvailable });
  });
  it('picks a known local code or falls back to NGN', () => {
    expect(readLocalCode('cny', rates)).toBe('CNY');
    expect(readLocalCode('XYZ', rates)).toBe('NGN');
    expect(readLocalCode(null, rates)).toBe('NGN');
  });
});

describe('percent converter (spec 9)', () => {
  it('local to USD: local balance x percent / rate, 2 decimals', () => {
    // 10% of 60,000 NGN = 6,000 NGN = 4.00 USD at 1500
    expect(
      percentConversion({ balance, currencies: rates, local: 'NGN', percent: '10', direction: 'local-to-usd' }),
    ).toEqual({
      ok: true,
      part: '6000.00',
      partCode: 'NGN',
      value: '4.00',
      valueCode: 'USD',
    });
    // 33.3% of 288 CNY = 95.90 CNY = 13.32 USD at 7.2
    expect(
      percentConversion({ balance, currencies: rates, local: 'CNY', percent: '33.3', direction: 'local-to-usd' }),
    ).toMatchObject({
      ok: true,
      part: '95.90',
      value: '13.32',
    });
  });
  it('USD to local: the USD balance x percent x rate', () => {
    expect(
      percentConversion({ balance, currencies: rates, local: 'NGN', percent: '50', direction: 'usd-to-local' }),
    ).toEqual({
      ok: true,
      part: '5.00',
      partCode: 'USD',
      value: '7500.00',
      valueCode: 'NGN',
    });
    expect(
      percentConversion({ balance, currencies: rates, local: 'ZAR', percent: '100', direction: 'usd-to-local' }),
    ).toMatchObject({
      value: '180.00',
      valueCode: 'ZAR',
    });
  });
  it('is empty while the percent is empty, and refuses a negative or malformed percent', () => {
    expect(
      percentConversion({ balance, currencies: rates, local: 'NGN', percent: ' ', direction: 'local-to-usd' }),
    ).toBeNull();
    for (const percent of ['-5', 'abc', '1e2']) {
      expect(
        percentConversion({ balance, currencies: rates, local: 'NGN', percent, direction: 'local-to-usd' }),
      ).toEqual({
        ok: false,
        error: MSG.walletScreen.percentInvalid,
      });
    }
  });
  it('reports a missing rate and an invalid rate', () => {
    const noUsd = rates.filter((r) => r.code !== 'USD');
    expect(
      percentConversion({ balance, currencies: noUsd, local: 'NGN', percent: '10', direction: 'local-to-usd' }),
    ).toEqual({
      ok: false,
      error: MSG.currency.rateNotAvailable,
    });
    const zero = rates.map((r) => (r.code === 'NGN' ? { ...r, sell_price: '0' } : r));
    expect(
      percentConversion({ balance, currencies: zero, local: 'NGN', percent: '10', direction: 'local-to-usd' }),
    ).toEqual({
      ok: false,
      error: MSG.currency.invalidRates,
    });
  });
  it('reads and swaps the direction', () => {
    expect(readDirection('usd-to-local')).toBe('usd-to-local');
    expect(readDirection('anything')).toBe('local-to-usd');
    expect(swapDirection('local-to-usd')).toBe('usd-to-local');
    expect(swapDirection('usd-to-local')).toBe('local-to-usd');
  });
});
