import { AmountError, formatDollars, formatNaira, fromMinorUnits, toMinorUnits } from './money';

describe('money', () => {
  it('formats kobo as naira with thousands separators and no float drift', () => {
    expect(formatNaira(123456700)).toBe('₦1,234,567');
    expect(formatNaira(123456750)).toBe('₦1,234,567.50');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(99)).toBe('₦0.99');
    expect(formatNaira(-150000)).toBe('-₦1,500');
  });

  it('formats US dollars always with two decimals', () => {
    expect(formatDollars(3000000)).toBe('$30,000.00');
    expect(formatDollars(1700)).toBe('$17.00');
    expect(formatDollars(17944)).toBe('$179.44');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(-5)).toBe('-$0.05');
  });

  it('parses decimal amounts into integer minor units exactly', () => {
    expect(toMinorUnits('1234.56')).toBe(123456);
    expect(toMinorUnits('0.1')).toBe(10);
    expect(toMinorUnits('1,500')).toBe(150000);
    expect(toMinorUnits(0.3)).toBe(30);
    expect(toMinorUnits(99999.99)).toBe(9999999);
    expect(toMinorUnits('-2.5')).toBe(-250);
    expect(() => toMinorUnits('abc')).toThrow('Not an amount');
    expect(() => toMinorUnits('1e30')).toThrow();
    expect(fromMinorUnits(123456)).toBe('1234.56');
    expect(fromMinorUnits(-5)).toBe('-0.05');
  });

  it('applies one rule to numbers and strings: at most 2 decimals, never rounded or truncated', () => {
    // Before: the number was rounded (200) and the string truncated (199), so the same amount gave two prices.
    for (const value of [1.999, '1.999', 0.005, '0.005', 0.1 + 0.2, '1234.567']) {
      expect(() => toMinorUnits(value)).toThrow(AmountError);
      try {
        toMinorUnits(value);
      } catch (error) {
        expect((error as AmountError).problem).toBe('decimals');
      }
    }
    expect(toMinorUnits(1.99)).toBe(toMinorUnits('1.99'));
    expect(toMinorUnits(1.5)).toBe(toMinorUnits('1.50'));
    expect(toMinorUnits(' 1,234,567.89 ')).toBe(123456789);
  });

  it('never goes through floating point for strings, and refuses what it cannot hold exactly', () => {
    expect(toMinorUnits('90071992547409.91')).toBe(9007199254740991);
    expect(() => toMinorUnits('90071992547409.92')).toThrow('out of range');
    expect(toMinorUnits('0.07')).toBe(7);
    expect(toMinorUnits('1.1')).toBe(110);
    expect(toMinorUnits(1.15)).toBe(115);
    expect(toMinorUnits(-0)).toBe(0);
    for (const bad of ['1,50', '1e3', '.5', '1.', 'NaN', '', '--1', '١٢٣'])
      expect(() => toMinorUnits(bad)).toThrow('Not an amount');
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1e21])
      expect(() => toMinorUnits(bad)).toThrow(AmountError);
  });
});
