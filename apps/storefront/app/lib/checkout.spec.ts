import { MSG } from '@jara/contracts';
import { checkoutApiErrors, parseCheckout, parseItems, savedDetails } from './checkout';

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

describe('checkout form', () => {
  it('gives the spec messages for every missing field', () => {
    const result = parseCheckout(form({ items: complete.items }));
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
    const result = parseCheckout(form({ ...complete, country: 'France', payment_method: 'paypal', items: '[]' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({ country: MSG.checkout.required.country, payment_method: MSG.checkout.required.payment_method, items: MSG.orders.itemsRequired });
  });

  it('builds the API input: trimmed fields, notes null when empty, lines as sent', () => {
    const result = parseCheckout(form(complete));
    expect(result).toEqual({
      ok: true,
      input: {
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
        notes: null,
      },
    });
  });

  it('keeps the phone as +234, reads the state, and leaves postal code and landmark optional', () => {
    const result = parseCheckout(
      form({ ...complete, phone: '+234 (0) 703-123-4567', state: 'fct', postal_code: '', landmark: '' }),
    );
    expect(result.ok && result.input).toMatchObject({
      phone: '+2347031234567',
      state: 'Federal Capital Territory',
      postal_code: null,
      landmark: null,
    });
    const bad = parseCheckout(form({ ...complete, phone: '+44 7700 900123', state: 'Ashanti' }));
    expect(bad.ok ? null : bad.errors).toEqual({ phone: MSG.checkout.phoneInvalid, state: MSG.checkout.required.state });
  });

  it('reads only whole, positive lines within the limits', () => {
    expect(parseItems('[{"product_id":1,"quantity":1}]')).toEqual([{ product_id: 1, quantity: 1 }]);
    expect(parseItems('not json')).toBeNull();
    expect(parseItems('[{"product_id":1,"quantity":0}]')).toBeNull();
    expect(parseItems('[{"product_id":"x","quantity":1}]')).toBeNull();
    expect(parseItems('[{"product_id":1,"quantity":1000}]')).toBeNull();
    expect(parseItems(JSON.stringify(Array.from({ length: 51 }, (_, i) => ({ product_id: i + 1, quantity: 1 }))))).toBeNull();
  });

  it('maps the API 422 to the fields, item errors to one message', () => {
    expect(checkoutApiErrors({ city: ['City is too long.'], 'items.0.quantity': ['Quantity must be at least 1.'], items: undefined, other: ['x'] })).toEqual({
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
    expect(savedDetails({ name: null, address: null, city: null, postal_code: null, country: 'Togo' }).country).toBe('');
  });
});
