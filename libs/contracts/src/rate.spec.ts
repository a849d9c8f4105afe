import { SEED_CURRENCIES } from './index';
import { MAX_RATE_MICRO, microToRate, rateToMicro } from './rate';

describe('currency rates in micro-units', () => {
  it('reads positive decimals with up to 6 places exactly and writes them back unchanged', () => {
    expect(rateToMicro('1500')).toBe(1_500_000_000);
    expect(rateToMicro(13.5)).toBe(13_500_000);
    expect(rateToMicro('0.000001')).toBe(1);
    expect(rateToMicro(' 1.100000 ')).toBe(1_100_000);
    for (const seed of SEED_CURRENCIES)
      expect(microToRate(rateToMicro(seed.sell_price) as number)).toBe(seed.sell_price);
    expect(microToRate(13_500_000)).toBe('13.5');
    expect(microToRate(1)).toBe('0.000001');
  });

  it('refuses zero, negatives, more than 6 places, exponents, floats with noise, huge values and non-scalars', () => {
    for (const bad of [
      '0',
      0,
      '-5',
      -5,
      '1.0000001',
      1e21,
      '1e3',
      0.1 + 0.2,
      'NaN',
      Infinity,
      '',
      ' ',
      'abc',
      '1,500',
      null,
      undefined,
      {},
      [],
      true,
    ]) {
      expect(rateToMicro(bad)).toBeNull();
    }
    expect(rateToMicro(String(MAX_RATE_MICRO / 1_000_000))).toBe(MAX_RATE_MICRO);
    expect(rateToMicro(String(MAX_RATE_MICRO / 1_000_000 + 1))).toBeNull();
  });
});
