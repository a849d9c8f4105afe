import { cargoFeeCents, toHundredths } from './logistics';

describe('logistics contracts', () => {
  it('reads dollar amounts with at most 2 decimals as whole hundredths', () => {
    expect(toHundredths('12.5')).toBe(1250);
    expect(toHundredths(0.05)).toBe(5);
    expect(toHundredths('7')).toBe(700);
    for (const bad of ['1.234', '-1', '1e21', 'abc', '', null, undefined, ' 1.2.3'])
      expect(toHundredths(bad as string)).toBeNull();
  });

  it('computes the cargo fee exactly, rounding to the cent half up', () => {
    const rates = { cost_per_cmb3: 0.05, cost_per_kg: 7.5 };
    expect(cargoFeeCents('sea_cargo', { size: 1000 }, rates)).toBe(5000); // 1000 cm3 x $0.05 = $50.00
    expect(cargoFeeCents('air_cargo', { weight: '2.35' }, rates)).toBe(1763); // 2.35 kg x $7.50 = $17.625 -> $17.63
    expect(cargoFeeCents('air_cargo', { weight: 0.1 }, { cost_per_cmb3: 0, cost_per_kg: 0.3 })).toBe(3); // not 0.030000000000000002
    expect(cargoFeeCents('sea_cargo', { weight: 5 }, rates)).toBe(0);
    expect(cargoFeeCents('air_cargo', { weight: -2 }, rates)).toBe(0);
  });
});
