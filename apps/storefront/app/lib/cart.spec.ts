import { formatNaira } from '@jara/contracts';
import { cartLine, cartLineKobo, cartTotalKobo, type CartItem } from './cart';

describe('cart amounts', () => {
  it('stores the exact kobo price on the line, not a naira float', () => {
    const line = cartLine({ id: 7, name: 'itel A70', price_kobo: 9999999, price_ngn: 99999.99 }, 3);
    expect(line.price_kobo).toBe(9999999);
    expect(line).not.toHaveProperty('price');
  });

  it('totals in kobo exactly where naira floats drift', () => {
    const items: CartItem[] = [
      { id: 1, name: 'A', quantity: 3, price_kobo: 10, price_ngn: 0.1 },
      { id: 2, name: 'B', quantity: 1, price_kobo: 20, price_ngn: 0.2 },
      { id: 3, name: 'C', quantity: 7, price_kobo: 9999999, price_ngn: 99999.99 },
    ];
    // As naira floats: 0.1 * 3 + 0.2 + 99999.99 * 7 = 700000.4299999999.
    expect(cartTotalKobo(items)).toBe(30 + 20 + 69999993);
    expect(formatNaira(cartTotalKobo(items))).toBe('₦700,000.43');
  });

  it('reads an older line by its naira price with the two-decimal rule, and ignores unreadable ones', () => {
    expect(cartLineKobo({ price_ngn: 1500.5 })).toBe(150050);
    expect(cartLineKobo({ price: '2,000' })).toBe(200000);
    expect(cartLineKobo({ price_ngn: 1.999 })).toBeNull();
    expect(cartTotalKobo([{ id: 1, name: 'x', quantity: 2, price: 'free' }, { id: 2, name: 'y', quantity: -4, price_kobo: 500 }])).toBe(0);
  });
});
