import { payableLater, readRefundTo, refundChoices, statementFileName, statementQuery } from './payouts';

describe('payout account display', () => {
  it('says when a changed account may receive payouts, and nothing once it may', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    expect(payableLater({ payable_after: '2025-01-02T12:00:00Z' }, now)).toBe('2025-01-02T12:00:00Z');
    expect(payableLater({ payable_after: '2025-01-01T11:59:59Z' }, now)).toBeNull();
    expect(payableLater({ payable_after: 'not a date' }, now)).toBeNull();
    expect(payableLater(null, now)).toBeNull();
  });
});

describe('statement', () => {
  it('asks the API for a page after a cursor', () => {
    expect(statementQuery(null)).toBe('per_page=20');
    expect(statementQuery('abc_-', 5)).toBe('per_page=5&after=abc_-');
  });

  it('dates the CSV file name', () => {
    expect(statementFileName(new Date('2025-03-04T23:00:00Z'))).toBe('jara-statement-2025-03-04.csv');
  });
});

describe('refund destination of a return request', () => {
  it('offers the card only for an order paid by card', () => {
    expect(refundChoices({ payment_method: 'card' })).toEqual(['wallet', 'card']);
    expect(refundChoices({ payment_method: 'wallet' })).toEqual(['wallet']);
    expect(refundChoices({ payment_method: 'bank_transfer' })).toEqual(['wallet']);
  });

  it('reads the choice the form sent, nothing for anything else', () => {
    expect(readRefundTo('card')).toBe('card');
    expect(readRefundTo('wallet')).toBe('wallet');
    expect(readRefundTo('cash')).toBeUndefined();
    expect(readRefundTo(null)).toBeUndefined();
  });
});
