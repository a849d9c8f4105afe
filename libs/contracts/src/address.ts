/**
 * A delivery address in Nigeria (issue 22): the 36 states and the Federal Capital Territory, and the phone number in
 * the formats people type (080..., 0703..., +234..., 234...), kept as +234XXXXXXXXXX.
 */

/** The 36 states and the FCT, in alphabetical order (the checkout's State select). */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Federal Capital Territory',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

/** The state as listed (case and spacing forgiven, 'FCT' and 'Abuja' read as the Federal Capital Territory), or null. */
export function nigerianState(input: unknown): NigerianState | null {
  if (typeof input !== 'string') return null;
  const key = input
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/ state$/i, '')
    .toLowerCase();
  if (!key) return null;
  if (key === 'fct' || key === 'abuja' || key === 'fct abuja' || key === 'abuja fct')
    return 'Federal Capital Territory';
  return NIGERIAN_STATES.find((state) => state.toLowerCase() === key) ?? null;
}

/** Longest phone input accepted before normalising (spaces, dashes, brackets included). */
export const PHONE_INPUT_MAX = 20;

/**
 * A Nigerian mobile number as +234XXXXXXXXXX, or null. Accepts 0XXXXXXXXXX (080..., 0703..., 090..., 081...),
 * +234XXXXXXXXXX, 234XXXXXXXXXX and +234 0XXXXXXXXXX, with spaces, dots, dashes or brackets between the digits.
 * The ten national digits start 70, 71, 80, 81, 90 or 91 (the mobile ranges).
 */
export function normaliseNigerianPhone(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > PHONE_INPUT_MAX + 10) return null;
  const compact = input.trim().replace(/[\s.\-()]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let national: string;
  if (compact.startsWith('+234')) national = compact.slice(4);
  else if (compact.startsWith('+')) return null;
  else if (compact.startsWith('234') && compact.length >= 13) national = compact.slice(3);
  else if (compact.startsWith('0')) national = compact.slice(1);
  else return null;
  if (national.length === 11 && national.startsWith('0')) national = national.slice(1);
  if (!/^[789][01]\d{8}$/.test(national)) return null;
  return `+234${national}`;
}

/** A stored +234XXXXXXXXXX shown as +234 803 123 4567 (anything else as given). */
export function formatNigerianPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const m = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return m ? `+234 ${m[1]} ${m[2]} ${m[3]}` : phone;
}

/** The delivery address fields an order carries (GET /orders/{id}, or the orders row the invoice reads). */
export interface OrderAddressFields {
  full_name?: string | null;
  phone?: string | null;
  street_address?: string | null;
  landmark?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

/** One line of an order's address block: what it holds, its text, and for the phone a tel: link. */
export interface OrderAddressLine {
  kind: 'name' | 'street' | 'landmark' | 'place' | 'country' | 'phone';
  text: string;
  href?: string;
}

const addressPart = (value: unknown): string => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '');

/**
 * The lines of an order's delivery address, in the one order every screen shows them (the back office's order, the
 * shopper's order summary and the invoice): name; street; landmark; city or LGA, state and postal code; country;
 * phone (+234 803 123 4567, with its tel: link). Blank parts leave no line (orders placed before the checkout asked for
 * a state, landmark or phone).
 */
export function orderAddressLines(order: OrderAddressFields): OrderAddressLine[] {
  const lines: OrderAddressLine[] = [];
  const add = (kind: OrderAddressLine['kind'], text: string, href?: string) => {
    if (text) lines.push(href ? { kind, text, href } : { kind, text });
  };
  add('name', addressPart(order.full_name));
  add('street', addressPart(order.street_address));
  add('landmark', addressPart(order.landmark));
  add('place', [order.city, order.state, order.postal_code].map(addressPart).filter(Boolean).join(', '));
  add('country', addressPart(order.country));
  const phone = addressPart(order.phone);
  add('phone', formatNigerianPhone(phone), phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : undefined);
  return lines;
}

/** The address on one line (the invoice's delivery address): the lines of orderAddressLines joined by commas, or null. */
export function orderAddressText(order: OrderAddressFields): string | null {
  const lines = orderAddressLines(order);
  return lines.length ? lines.map((line) => line.text).join(', ') : null;
}
