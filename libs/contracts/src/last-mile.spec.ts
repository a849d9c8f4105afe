import fc from 'fast-check';
import { CONTENTS_MSG, centsToDollars, contentsTotalCents, dollarsToCents, parseContents } from './last-mile';

describe('declared contents (issue 26)', () => {
  it('reads dollars to integer cents, refusing exponents, negatives, 3 decimals and more than $1,000,000', () => {
    expect(dollarsToCents('24.50')).toBe(2450);
    expect(dollarsToCents(7)).toBe(700);
    expect(dollarsToCents('1,000.5')).toBe(100050);
    expect(dollarsToCents('1000000.00')).toBe(100_000_000);
    for (const bad of [1e21, '1e21', -5, '-0.01', '1.005', '1000000.01', NaN, Infinity, '', ' ', null, {}, []])
      expect(dollarsToCents(bad)).toBeNull();
  });

  it('round-trips every amount of cents through its dollar text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('checks each line and keys its errors by line and field; nothing passes when one line fails', () => {
    const ok = parseContents([{ description: ' Shoes ', quantity: '2', value: '10.5', category: 'clothing' }]);
    expect(ok).toEqual({
      lines: [{ description: 'Shoes', quantity: 2, value_cents: 1050, category: 'clothing' }],
      errors: {},
    });
    const bad = parseContents([
      { description: 'Fine', quantity: 1, value: 1, category: 'books' },
      { description: '', quantity: 0, value: 1e21, category: 'weapons' },
    ]);
    expect(bad.lines).toEqual([]);
    expect(bad.errors).toEqual({
      'contents.1.description': [CONTENTS_MSG.descriptionRequired],
      'contents.1.quantity': [CONTENTS_MSG.quantityInvalid],
      'contents.1.value': [CONTENTS_MSG.valueInvalid],
      'contents.1.category': [CONTENTS_MSG.categoryInvalid],
    });
    expect(parseContents('nope').errors).toEqual({ contents: [CONTENTS_MSG.notAList] });
    expect(parseContents(undefined)).toEqual({ lines: [], errors: {} });
    expect(contentsTotalCents([{ value_cents: 2450 }, { value_cents: 700 }])).toBe(3150);
  });
});
