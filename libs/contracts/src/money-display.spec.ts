import { formatAmountIn, formatConversion, formatWalletMoney } from './money';

describe('formatWalletMoney', () => {
  it('formats kobo as naira and cents as dollars', () => {
    expect(formatWalletMoney(750000, 'NGN')).toBe('₦7,500');
    expect(formatWalletMoney(123456750, 'NGN')).toBe('₦1,234,567.50');
    expect(formatWalletMoney(4000, 'USD')).toBe('$40.00');
    expect(formatWalletMoney(4005, 'usd')).toBe('$40.05');
  });
});

describe('formatConversion', () => {
  it('always shows 2 decimals and the code, with thousands grouped', () => {
    expect(formatConversion('40.00', 'USD')).toBe('40.00 USD');
    expect(formatConversion('1234567.5', 'ngn')).toBe('1,234,567.50 NGN');
    expect(formatConversion('0', 'CNY')).toBe('0.00 CNY');
    expect(formatConversion('007.10', 'ZAR')).toBe('7.10 ZAR');
  });
  it('refuses anything that is not a non-negative decimal', () => {
    expect(formatConversion('-1', 'USD')).toBeNull();
    expect(formatConversion('abc', 'USD')).toBeNull();
    expect(formatConversion('1e3', 'USD')).toBeNull();
  });
});

describe('formatAmountIn', () => {
  it('uses the naira and dollar formatters for the wallet currencies', () => {
    expect(formatAmountIn('60000.00', 'NGN')).toBe('₦60,000');
    expect(formatAmountIn('40.00', 'USD')).toBe('$40.00');
    expect(formatAmountIn('40.5', 'usd')).toBe('$40.50');
  });
  it('falls back to the code for other currencies, and null for garbage', () => {
    expect(formatAmountIn('520.00', 'CNY')).toBe('520.00 CNY');
    expect(formatAmountIn('x', 'NGN')).toBeNull();
  });
});
