import { normalizeDiscount, parseDiscountPercent, percentOffLabel, productPricing, stockState } from './catalogue';

describe('catalogue pricing and stock', () => {
  it('shows no previous price and no percentage for a product without a discount', () => {
    expect(productPricing({ price_kobo: 243_000_00, discount: null })).toEqual({
      price: 243_000_00,
      compareAt: null,
      percentOff: null,
      saving: 0,
    });
    expect(productPricing({ price_kobo: 243_000_00 })).toEqual({
      price: 243_000_00,
      compareAt: null,
      percentOff: null,
      saving: 0,
    });
    // Not a percentage with its unit: no claim rather than a guess.
    for (const discount of ['', '10 OFF', '0%', '95%', '12.5%', 'abc']) {
      expect(productPricing({ price_kobo: 100_00, discount }).percentOff).toBeNull();
    }
  });

  it('derives the previous price from the discount percentage, in whole naira, integers only', () => {
    expect(productPricing({ price_kobo: 90_000_00, discount: '10%' })).toEqual({
      price: 90_000_00,
      compareAt: 100_000_00,
      percentOff: 10,
      saving: 10_000_00,
    });
    // 243,000 at 15% off: 285,882.35... rounded to ₦285,882.
    expect(productPricing({ price_kobo: 243_000_00, discount: '15' })).toEqual({
      price: 243_000_00,
      compareAt: 285_882_00,
      percentOff: 15,
      saving: 42_882_00,
    });
    expect(percentOffLabel(15)).toBe('15% OFF');
  });

  it('reads and stores a discount as a whole percentage from 1 to 90 with its unit', () => {
    expect(parseDiscountPercent('15%')).toBe(15);
    expect(parseDiscountPercent(' 15 % ')).toBe(15);
    expect(parseDiscountPercent('90')).toBe(90);
    expect(parseDiscountPercent('91%')).toBeNull();
    expect(parseDiscountPercent(null)).toBeNull();
    expect(normalizeDiscount('20')).toBe('20%');
    expect(normalizeDiscount('x')).toBeNull();
  });

  it('shows the stock the vendor has: nothing reserved, nothing invented', () => {
    expect(stockState(35)).toEqual({ available: 35, label: 'In Stock' });
    expect(stockState(5)).toEqual({ available: 5, label: 'LOW STOCK' });
    expect(stockState(0)).toEqual({ available: 0, label: 'Out of Stock' });
    expect(stockState(null)).toEqual({ available: 0, label: 'Out of Stock' });
  });
});
