import { formatDollars, formatNaira, fromMinorUnits, toMinorUnits } from './money';

describe('money', () => {
  it('formats kobo as naira with thousands separators and no float drift', () => {
    expect(formatNaira(123456700)).toBe('₦1,234,567');
    expect(formatNaira(123456750)).toBe('₦1,234,567.50');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(99)).toBe('₦0.99');
    expect(formatNaira(-150000)).toBe('-₦1,500');
    expect(formatDollars(3000000)).toBe('$30,000');
  });

  it('parses decimal amounts into integer minor units exactly', () => {
    expect(toMinorUnits('1234.56')).toBe(123456);
    expect(toMinorUnits('0.1')).toBe(10);
    expect(toMinorUnits('1,500')).toBe(150000);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits('-2.5')).toBe(-250);
    expect(() => toMinorUnits('abc')).toThrow('Not an amount');
    expect(() => toMinorUnits('1e30')).toThrow();
    expect(fromMinorUnits(123456)).toBe('1234.56');
    expect(fromMinorUnits(-5)).toBe('-0.05');
  });
});
