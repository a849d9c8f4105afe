import { formatNaira } from './money';
import { maskAccountNumber, statementAmountText } from './payouts';

describe('maskAccountNumber', () => {
  it('shows only the last four digits of a NUBAN', () => {
    expect(maskAccountNumber('0123456789')).toBe('******6789');
    expect(maskAccountNumber('123')).toBe('123');
  });
});

describe('statementAmountText', () => {
  it('signs credits and debits', () => {
    expect(statementAmountText({ direction: 'credit', amount_minor: 500_000 })).toBe(`+${formatNaira(500_000)}`);
    expect(statementAmountText({ direction: 'debit', amount_minor: 10_000 })).toBe(`−${formatNaira(10_000)}`);
  });
});
