import { maskAccountNumber } from './payouts';

describe('maskAccountNumber', () => {
  it('shows only the last four digits of a NUBAN', () => {
    expect(maskAccountNumber('0123456789')).toBe('******6789');
    expect(maskAccountNumber('123')).toBe('123');
  });
});
