import { MSG, ORDER_LIMITS } from '@jara/contracts';
import { checkoutErrors, savedDetails } from './checkout';
import { checkOrder } from './checkout.server';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const complete = {
  full_name: ' Chioma Adeyemi ',
  phone: '0803 123 4567',
  street_address: '12 Allen Avenue',
  state: 'Lagos',
  city: 'Ikeja',
  landmark: ' Opposite Computer Village ',
  postal_code: '100271',
  country: 'Nigeria',
  payment_method: 'wallet',
  notes: '',
  items: JSON.stringify([{ product_id: 3, quantity: 2 }]),
};

describe("checkout form, checked by the API's CreateOrderDto", () => {
  it('gives the spec messages for every missing field', () => {
    const result = checkOrder(form({ items: complete.items }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      full_name: MSG.checkout.required.full_name,
      phone: MSG.checkout.required.phone,
      street_address: MSG.checkout.required.street_address,
      state: MSG.checkout.required.state,
      city: MSG.checkout.required.city,
      country: MSG.checkout.required.country,
      payment_method: MSG.checkout.required.payment_method,
    });
  });

  it('refuses a country outside the list, an unknown method and an empty cart', () => {
    const result = checkOrder(form({ ...complete, country: 'France', payment_method: 'paypal', items: '[]' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      country: MSG.checkout.required.country,
      payment_method: MSG.checkout.required.payment_method,
      items: MSG.orders.itemsRequired,
    });
  });

  it('builds the API body: trimmed fields, blank optional ones left out, lines as sent', () => {
    const result = checkOrder(form(complete));
    expect(result.ok).toBe(true);
    expect(result.ok && JSON.parse(JSON.stringify(result.order))).toEqual({
      items: [{ product_id: 3, quantity: 2 }],
      full_name: 'Chioma Adeyemi',
      phone: '+2348031234567',
      street_address: '12 Allen Avenue',
      state: 'Lagos',
      city: 'Ikeja',
      landmark: 'Opposite Computer Village',
      postal_code: '100271',
      country: 'Nigeria',
      payment_method: 'wallet',
    });
  });

  it('keeps the phone as +234, reads the state, and leaves postal code and landmark optional', () => {
    const result = checkOrder(
      form({ ...complete, phone: '+234 (0) 703-123-4567', state: 'fct', postal_code: '', landmark: '' }),
    );
    expect(result.ok && result.order).toMatchObject({ phone: '+2347031234567', state: 'Federal Capital Territory' });
    expect(result.ok && result.order.postal_code).toBeUndefined();
    const bad = checkOrder(form({ ...complete, phone: '+44 7700 900123', state: 'Ashanti' }));
    expect(bad.ok ? null : bad.errors).toEqual({ phone: MSG.checkout.phoneInvalid, state: MSG.checkout.stateInvalid });
    expect(bad.ok ? null : bad.values.phone).toBe('+44 7700 900123');
  });

  it('takes only whole, positive lines within the limits, as one message above the summary', () => {
    const items = (raw: string) => {
      const result = checkOrder(form({ ...complete, items: raw }));
      return result.ok ? null : result.errors;
    };
    expect(items('[{"product_id":1,"quantity":1}]')).toBeNull();
    expect(items('not json')).toEqual({ items: MSG.orders.itemsRequired });
    expect(items('[{"product_id":1,"quantity":0}]')?.items).toMatch(/Quantity must be a whole number/);
    expect(items('[{"product_id":"x","quantity":1}]')?.items).toBeDefined();
    expect(items(`[{"product_id":1,"quantity":${ORDER_LIMITS.maxQuantity + 1}}]`)?.items).toBeDefined();
    const tooMany = JSON.stringify(
      Array.from({ length: ORDER_LIMITS.maxLines + 1 }, (_, i) => ({ product_id: i + 1, quantity: 1 })),
    );
    expect(items(tooMany)?.items).toBeDefined();
  });

  it('maps the API 422 to the fields, item errors to one message', () => {
    expect(
      checkoutErrors({
        city: ['City is too long.'],
        'items.0.quantity': ['Quantity must be at least 1.'],
        items: undefined,
        other: ['x'],
      }),
    ).toEqual({
      city: 'City is too long.',
      items: 'Quantity must be at least 1.',
    });
  });

  it('fills saved details, a country only when it is in the list', () => {
    expect(
      savedDetails({
        name: 'Ada',
        phone: '+2348010000003',
        address: '1 Marina',
        city: 'Lagos',
        postal_code: null,
        country: 'nigeria',
      }),
    ).toEqual({
      full_name: 'Ada',
      phone: '+234 801 000 0003',
      street_address: '1 Marina',
      city: 'Lagos',
      postal_code: '',
      country: 'Nigeria',
    });
    expect(savedDetails({ name: null, address: null, city: null, postal_code: null, country: 'Togo' }).country).toBe(
      '',
    );
  });
});
