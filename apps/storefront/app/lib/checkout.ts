import { CHECKOUT_COUNTRIES, formatNigerianPhone, normaliseNigerianPhone } from '@jara/contracts';

/**
 * The checkout form (spec 2.15, issue 10). Its rules and messages are the API's CreateOrderDto, checked in the action
 * (checkout.server.ts); the cart's lines travel in the hidden field `items` as JSON.
 */

export const CHECKOUT_FIELDS = [
  'full_name',
  'phone',
  'street_address',
  'state',
  'city',
  'landmark',
  'postal_code',
  'country',
  'payment_method',
  'notes',
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutValues = Record<CheckoutField, string>;
export type CheckoutErrors = Partial<Record<CheckoutField | 'items', string>>;

export const ITEMS_FIELD = 'items';

function value(form: FormData, name: string): string {
  const raw = form.get(name);
  return typeof raw === 'string' ? raw : '';
}

export function checkoutValues(form: FormData): CheckoutValues {
  const values = {} as CheckoutValues;
  for (const field of CHECKOUT_FIELDS) values[field] = value(form, field);
  return values;
}

/**
 * CreateOrderDto's refusal (the action's check, or the API's 422) as the form's errors: each field's first message;
 * `items` and `items.N.field` become the one message above the summary. Keys the form has no place for are left to
 * the caller's general message.
 */
export function checkoutErrors(errors: Record<string, string | string[] | undefined> | undefined): CheckoutErrors {
  const out: CheckoutErrors = {};
  if (!errors) return out;
  for (const [key, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (!first) continue;
    if (key === 'items' || key.startsWith('items.') || key.startsWith('items[')) {
      out.items ??= first;
    } else if ((CHECKOUT_FIELDS as readonly string[]).includes(key)) {
      out[key as CheckoutField] ??= first;
    }
  }
  return out;
}

/** The address fields 'Use saved account details' fills (every one the account holds). */
export const SAVED_FIELDS = ['full_name', 'phone', 'street_address', 'city', 'postal_code', 'country'] as const;
export type SavedDetails = Record<(typeof SAVED_FIELDS)[number], string>;

/**
 * The saved account details the 'Use saved account details' box fills in: name, phone (shown grouped when it is a
 * Nigerian number), street (the account's address), city, postal code and country (one outside the list is left empty).
 */
export function savedDetails(user: {
  name: string | null;
  phone?: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
}): SavedDetails {
  const country = CHECKOUT_COUNTRIES.find((c) => c.toLowerCase() === (user.country ?? '').trim().toLowerCase()) ?? '';
  const phone = normaliseNigerianPhone(user.phone ?? '');
  return {
    full_name: user.name ?? '',
    phone: phone ? formatNigerianPhone(phone) : (user.phone ?? ''),
    street_address: user.address ?? '',
    city: user.city ?? '',
    postal_code: user.postal_code ?? '',
    country,
  };
}
