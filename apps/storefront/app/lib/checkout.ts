import {
  CHECKOUT_COUNTRIES,
  MSG,
  ORDER_LIMITS,
  PHONE_INPUT_MAX,
  formatNigerianPhone,
  nigerianState,
  normaliseNigerianPhone,
  ORDER_PAYMENT_METHOD_VALUES,
  type CheckoutCountry,
  type CreateOrderInput,
  type CreateOrderLineInput,
  type OrderPaymentMethod,
} from '@jara/contracts';

/**
 * The checkout form (spec 2.15, issue 10): one check for the browser (before sending) and the action (before the
 * API), with the contracts' messages. The cart's lines travel in the hidden field `items` as JSON.
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

/** Limits of the text fields (the API's own; longer input is refused here with a clear message). */
export const CHECKOUT_MAX_LENGTH: Record<Exclude<CheckoutField, 'country' | 'payment_method' | 'state'>, number> = {
  full_name: 120,
  phone: PHONE_INPUT_MAX,
  street_address: 255,
  city: 100,
  landmark: 160,
  postal_code: 20,
  notes: ORDER_LIMITS.notesMax,
};

export type CheckoutParse = { ok: true; input: CreateOrderInput } | { ok: false; errors: CheckoutErrors; values: CheckoutValues };

function value(form: FormData, name: string): string {
  const raw = form.get(name);
  return typeof raw === 'string' ? raw : '';
}

export function checkoutValues(form: FormData): CheckoutValues {
  const values = {} as CheckoutValues;
  for (const field of CHECKOUT_FIELDS) values[field] = value(form, field);
  return values;
}

/** The `items` field: [{product_id, quantity}], whole numbers, at most ORDER_LIMITS; null when unreadable or empty. */
export function parseItems(raw: string): CreateOrderLineInput[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw || '[]');
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > ORDER_LIMITS.maxLines) return null;
  const lines: CreateOrderLineInput[] = [];
  for (const entry of parsed) {
    const productId = Number((entry as { product_id?: unknown } | null)?.product_id);
    const quantity = Number((entry as { quantity?: unknown } | null)?.quantity);
    if (!Number.isSafeInteger(productId) || productId <= 0) return null;
    if (!Number.isSafeInteger(quantity) || quantity <= 0 || quantity > ORDER_LIMITS.maxQuantity) return null;
    lines.push({ product_id: productId, quantity });
  }
  return lines;
}

function tooLong(max: number): string {
  return `At most ${max} characters.`;
}

/** Checks the form; the required-field messages are the spec's (MSG.checkout.required). */
export function parseCheckout(form: FormData): CheckoutParse {
  const values = checkoutValues(form);
  const errors: CheckoutErrors = {};
  const trimmed = (field: CheckoutField) => values[field].trim();
  for (const field of ['full_name', 'street_address', 'city'] as const) {
    if (!trimmed(field)) errors[field] = MSG.checkout.required[field];
    else if (trimmed(field).length > CHECKOUT_MAX_LENGTH[field]) errors[field] = tooLong(CHECKOUT_MAX_LENGTH[field]);
  }
  for (const field of ['landmark', 'postal_code'] as const) {
    if (trimmed(field).length > CHECKOUT_MAX_LENGTH[field]) errors[field] = tooLong(CHECKOUT_MAX_LENGTH[field]);
  }
  const phone = normaliseNigerianPhone(trimmed('phone'));
  if (!trimmed('phone')) errors.phone = MSG.checkout.required.phone;
  else if (!phone) errors.phone = MSG.checkout.phoneInvalid;
  const state = nigerianState(trimmed('state'));
  if (!state) errors.state = MSG.checkout.required.state;
  if (!(CHECKOUT_COUNTRIES as readonly string[]).includes(trimmed('country'))) errors.country = MSG.checkout.required.country;
  if (!(ORDER_PAYMENT_METHOD_VALUES as readonly string[]).includes(trimmed('payment_method'))) {
    errors.payment_method = MSG.checkout.required.payment_method;
  }
  if (trimmed('notes').length > CHECKOUT_MAX_LENGTH.notes) errors.notes = tooLong(CHECKOUT_MAX_LENGTH.notes);
  const items = parseItems(value(form, ITEMS_FIELD));
  if (!items) errors.items = MSG.orders.itemsRequired;
  if (Object.keys(errors).length || !items || !phone || !state) return { ok: false, errors, values };
  return {
    ok: true,
    input: {
      items,
      full_name: trimmed('full_name'),
      phone,
      street_address: trimmed('street_address'),
      state,
      city: trimmed('city'),
      landmark: trimmed('landmark') || null,
      postal_code: trimmed('postal_code') || null,
      country: trimmed('country') as CheckoutCountry,
      payment_method: trimmed('payment_method') as OrderPaymentMethod,
      notes: trimmed('notes') || null,
    },
  };
}

/**
 * A 422 from POST /orders as the form's errors: each field's first message; `items` and `items.N.field` become the
 * one message above the summary. Keys the form has no place for are left to the caller's general message.
 */
export function checkoutApiErrors(errors: Record<string, string[] | undefined> | undefined): CheckoutErrors {
  const out: CheckoutErrors = {};
  if (!errors) return out;
  for (const [key, messages] of Object.entries(errors)) {
    const first = messages?.[0];
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
