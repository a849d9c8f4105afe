import { formatNaira } from '@jara/contracts';
import {
  boundQuantity,
  cartLine,
  cartLineImage,
  cartLineKobo,
  cartTotalKobo,
  orderLines,
  refreshCart,
  type CartItem,
} from './cart';

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
    expect(
      cartTotalKobo([
        { id: 1, name: 'x', quantity: 2, price: 'free' },
        { id: 2, name: 'y', quantity: -4, price_kobo: 500 },
      ]),
    ).toBe(0);
  });
});

describe('cart refresh (issue 10)', () => {
  const products = [
    { id: 1, name: 'Ankara tote', price_kobo: 1250000, price_ngn: 12500, stock_quantity: 10 },
    { id: 2, name: 'Shea butter', price_kobo: 300050, price_ngn: 3000.5, stock_quantity: 2 },
    { id: 3, name: 'Sold out', price_kobo: 100, price_ngn: 1, stock_quantity: 0 },
  ];

  it('keeps an unchanged cart as it is and says nothing', () => {
    const items: CartItem[] = [
      { id: 1, name: 'Ankara tote', quantity: 2, price_kobo: 1250000, price_ngn: 12500, image: 'a.png' },
    ];
    const result = refreshCart(items, products);
    expect(result.changed).toBe(false);
    expect(result.gone).toEqual([]);
    expect(result.items).toEqual([{ ...items[0], stock_quantity: 10 }]);
  });

  it('takes the new exact price (price_ngn kept), bounds the quantity by the stock and drops what is gone', () => {
    const items: CartItem[] = [
      { id: 1, name: 'Old name', quantity: 1, price_kobo: 1000000, price_ngn: 10000 },
      { id: 2, name: 'Shea butter', quantity: 5, price_kobo: 300050, price_ngn: 3000.5 },
      { id: 3, name: 'Sold out', quantity: 1, price_kobo: 100 },
      { id: 9, name: 'Deleted thing', quantity: 1, price_kobo: 100 },
    ];
    const result = refreshCart(items, products);
    expect(result.changed).toBe(true);
    expect(result.gone).toEqual(['Sold out', 'Deleted thing']);
    expect(result.items).toEqual([
      { id: 1, name: 'Ankara tote', quantity: 1, price_kobo: 1250000, price_ngn: 12500, stock_quantity: 10 },
      { id: 2, name: 'Shea butter', quantity: 2, price_kobo: 300050, price_ngn: 3000.5, stock_quantity: 2 },
    ]);
  });

  it('a line priced only in naira is compared by its exact kobo', () => {
    const result = refreshCart([{ id: 2, name: 'Shea butter', quantity: 1, price_ngn: 3000.5 }], products);
    expect(result.changed).toBe(false);
    expect(result.items[0].price_kobo).toBe(300050);
  });

  it('keeps the product image current and shows only a site or http(s) image', () => {
    const refreshed = refreshCart(
      [{ id: 9, name: 'Kettle', quantity: 1, price_kobo: 500, image_card_url: '/old.webp' }],
      [
        {
          id: 9,
          name: 'Kettle',
          price_kobo: 500,
          price_ngn: 5,
          stock_quantity: 4,
          image_card_url: '/media/kettle-card.webp',
        },
      ],
    );
    expect(cartLineImage(refreshed.items[0])).toBe('/media/kettle-card.webp');
    expect(refreshed.changed).toBe(false);
    expect(cartLineImage({ id: 1, name: 'x', quantity: 1, image_card_url: 'javascript:alert(1)' })).toBeNull();
    expect(cartLineImage({ id: 1, name: 'x', quantity: 1 })).toBeNull();
  });

  it('bounds quantities from 1 to the known stock', () => {
    expect(boundQuantity({ stock_quantity: 3 }, 7)).toBe(3);
    expect(boundQuantity({ stock_quantity: 3 }, 0)).toBe(1);
    expect(boundQuantity({}, 12.7)).toBe(12);
    expect(boundQuantity({ stock_quantity: null }, 5000)).toBe(999);
  });

  it('sends product_id and quantity only', () => {
    expect(
      orderLines([
        { id: 4, name: 'x', quantity: 2, price_kobo: 10 },
        { id: 0, name: 'bad', quantity: 1 },
        { id: 5, name: 'y', quantity: -1 },
      ]),
    ).toEqual([{ product_id: 4, quantity: 2 }]);
  });
});
