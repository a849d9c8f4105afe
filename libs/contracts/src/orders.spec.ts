import {
  ACCEPT_RETURN_ACTION,
  canRequestReturn,
  checkoutSavingsMinor,
  shopClaims,
  orderMovesFor,
  orderPaymentMethodLabel,
  splitCommission,
  transactionState,
} from './orders';
import { ORDER_STATUS } from './statuses';

describe('orders contracts', () => {
  it("says You're saving only the real saving of discounted lines, from the same pricing as the product page", () => {
    // No discount anywhere: no saving, whatever the total (the old rule invented 10% above ₦50,000).
    expect(checkoutSavingsMinor([{ price_kobo: 243_000_00, discount: null, quantity: 3 }])).toBeNull();
    // 10% off ₦90,000: previous ₦100,000, saving ₦10,000 a unit, x2; the undiscounted line adds nothing.
    expect(
      checkoutSavingsMinor([
        { price_kobo: 90_000_00, discount: '10%', quantity: 2 },
        { price_kobo: 5_000_00, discount: null, quantity: 1 },
      ]),
    ).toBe(20_000_00);
    expect(checkoutSavingsMinor([{ price_kobo: 90_000_00, discount: '10%', quantity: 0 }])).toBeNull();
    expect(checkoutSavingsMinor([{ price_kobo: 90_000_00, discount: 'junk', quantity: 1 }])).toBeNull();
  });

  it('makes only the claims a rule backs: the real return window, free delivery only without a fee', () => {
    expect(shopClaims({ return_window_days: 7, delivery_fee_minor: 0 })).toEqual({
      freeDelivery: true,
      returns: '7-Day Returns',
    });
    expect(shopClaims({ return_window_days: 0, delivery_fee_minor: 1_500_00 })).toEqual({
      freeDelivery: false,
      returns: null,
    });
    expect(shopClaims(null)).toEqual({ freeDelivery: false, returns: null });
  });

  it('splits a line into commission and vendor share that add up exactly', () => {
    expect(splitCommission(5_000_010, 1000)).toEqual({ commission: 500_001, vendor: 4_500_009 });
    expect(splitCommission(5, 1000)).toEqual({ commission: 1, vendor: 4 });
    expect(splitCommission(999, 0)).toEqual({ commission: 0, vendor: 999 });
    expect(splitCommission(999, 10_000)).toEqual({ commission: 999, vendor: 0 });
    for (const total of [1, 7, 33, 1_234_567]) {
      const { commission, vendor } = splitCommission(total, 1250);
      expect(commission + vendor).toBe(total);
    }
  });

  it('offers each party only its moves', () => {
    expect(orderMovesFor(0, 'buyer').map((t) => t.action)).toEqual(['Cancel Order']);
    expect(orderMovesFor(0, 'admin').map((t) => t.action)).toEqual(['Cancel Order', 'Mark as Paid']);
    expect(orderMovesFor(1, 'vendor').map((t) => t.to)).toEqual([2]);
    expect(orderMovesFor(1, 'buyer')).toEqual([]);
    expect(orderMovesFor(2, 'buyer').map((t) => t.action)).toEqual(['Confirm Receipt']);
    expect(orderMovesFor(3, 'buyer').map((t) => t.action)).toEqual(['Request Return']);
    expect(orderMovesFor(4, 'admin')).toEqual([]);
    expect(orderMovesFor('1', 'vendor')).toEqual([]);
    expect(ACCEPT_RETURN_ACTION).toBe('Accept Return');
  });

  it('labels payment methods and transaction states', () => {
    expect(orderPaymentMethodLabel('card')).toBe('Credit Card');
    expect(orderPaymentMethodLabel('paypal')).toBe('Unknown');
    expect([0, 1, 2, 3, 4, 5].map(transactionState)).toEqual([
      'Pending',
      'Pending',
      'Pending',
      'Delivered',
      'Cancelled',
      'Cancelled',
    ]);
  });
});

describe('canRequestReturn', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const received = {
    status: ORDER_STATUS.TO_REVIEW,
    return_requested_at: null,
    return_until: '2026-11-30T12:00:00.000Z',
  };
  it('offers a return while the window is open, on a received order with no return asked', () => {
    expect(canRequestReturn(received, now)).toBe(true);
  });
  it('hides it once the window passed, after a return was asked, or before receipt', () => {
    expect(canRequestReturn({ ...received, return_until: '2026-11-27T12:00:00.000Z' }, now)).toBe(false);
    expect(canRequestReturn({ ...received, return_requested_at: '2026-11-26T09:00:00.000Z' }, now)).toBe(false);
    expect(canRequestReturn({ ...received, status: ORDER_STATUS.TO_RECEIVE, return_until: null }, now)).toBe(false);
    expect(canRequestReturn({ ...received, status: ORDER_STATUS.RETURNED }, now)).toBe(false);
  });
});
