/**
 * Issue 26 (helper H): a parcel's declared contents (customs), the last mile with a rider's proof of delivery, and
 * the back office's problem queue. Pure data and functions shared by the API, the back office and the storefront
 * (decision 045).
 */
import type { FieldErrors } from './api';

// ----------------------------------------------------------------------------------------------- customs contents

/** The customs categories a declared line may take (as forwarders' forms offer them). */
export const CONTENT_CATEGORIES = [
  { value: 'clothing', label: 'Clothing and shoes' },
  { value: 'electronics', label: 'Electronics' },
  { value: 'phones', label: 'Phones and accessories' },
  { value: 'cosmetics', label: 'Cosmetics and personal care' },
  { value: 'household', label: 'Household goods' },
  { value: 'books', label: 'Books and documents' },
  { value: 'toys', label: 'Toys' },
  { value: 'food', label: 'Packaged food' },
  { value: 'parts', label: 'Spare parts' },
  { value: 'other', label: 'Other' },
] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number]['value'];

export function contentCategoryLabel(value: unknown): string {
  return CONTENT_CATEGORIES.find((c) => c.value === value)?.label ?? 'Other';
}

/** At most this many lines per parcel; a line's value up to $1,000,000.00 and its quantity up to 100,000. */
export const CONTENTS_MAX_LINES = 30;
export const CONTENT_VALUE_MAX_CENTS = 100_000_000;
export const CONTENT_QUANTITY_MAX = 100_000;

/** One declared line as the API answers it: the value in US cents (integer) and in dollars ('12.50'). */
export interface DeliveryContentLine {
  description: string;
  quantity: number;
  value_cents: number;
  value: string;
  category: ContentCategory;
  category_label: string;
}

/** One line as a form or a JSON body sends it: the value in dollars (text or number, at most 2 decimals). */
export interface DeliveryContentInput {
  description?: unknown;
  quantity?: unknown;
  value?: unknown;
  category?: unknown;
}

export const CONTENTS_MSG = {
  notAList: 'The contents must be a list of lines.',
  tooMany: `Declare at most ${CONTENTS_MAX_LINES} lines.`,
  descriptionRequired: 'Describe what this line holds.',
  descriptionTooLong: 'The description may be at most 200 characters.',
  quantityInvalid: `The quantity must be a whole number from 1 to ${CONTENT_QUANTITY_MAX.toLocaleString('en-US')}.`,
  valueInvalid: 'The value must be an amount in US dollars from 0 to 1,000,000.00, with at most 2 decimals.',
  categoryInvalid: 'Choose a category from the list.',
  locked: 'The contents can no longer be changed: the parcel has left the warehouse.',
  saved: 'Contents saved.',
} as const;

/** Dollars (text or number, at most 2 decimals, never negative, never an exponent) to cents, or null. */
export function dollarsToCents(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= CONTENT_VALUE_MAX_CENTS ? cents : null;
}

export function centsToDollars(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The one check of a contents list (the API's and the forms'): lines with a description, a whole quantity, a value in
 * dollars and a category of CONTENT_CATEGORIES. Errors are keyed `contents.<i>.<field>`; the value is in cents.
 */
export function parseContents(raw: unknown): {
  lines: Array<Omit<DeliveryContentLine, 'value' | 'category_label'>>;
  errors: FieldErrors;
} {
  const errors: FieldErrors = {};
  const lines: Array<Omit<DeliveryContentLine, 'value' | 'category_label'>> = [];
  if (raw === undefined || raw === null || raw === '') return { lines, errors };
  if (!Array.isArray(raw)) return { lines, errors: { contents: [CONTENTS_MSG.notAList] } };
  if (raw.length > CONTENTS_MAX_LINES) return { lines, errors: { contents: [CONTENTS_MSG.tooMany] } };
  raw.forEach((item: unknown, i) => {
    const line = (item && typeof item === 'object' ? item : {}) as DeliveryContentInput;
    const fail = (field: string, message: string) => (errors[`contents.${i}.${field}`] = [message]);
    const description = typeof line.description === 'string' ? line.description.trim() : '';
    if (!description) fail('description', CONTENTS_MSG.descriptionRequired);
    else if (description.length > 200) fail('description', CONTENTS_MSG.descriptionTooLong);
    const quantityText = typeof line.quantity === 'number' ? String(line.quantity) : line.quantity;
    const quantity =
      typeof quantityText === 'string' && /^\d{1,6}$/.test(quantityText.trim()) ? Number(quantityText) : NaN;
    if (!(quantity >= 1 && quantity <= CONTENT_QUANTITY_MAX)) fail('quantity', CONTENTS_MSG.quantityInvalid);
    const cents = dollarsToCents(line.value);
    if (cents === null) fail('value', CONTENTS_MSG.valueInvalid);
    const category = CONTENT_CATEGORIES.find((c) => c.value === line.category)?.value;
    if (!category) fail('category', CONTENTS_MSG.categoryInvalid);
    if (description && description.length <= 200 && quantity >= 1 && cents !== null && category)
      lines.push({ description, quantity, value_cents: cents, category });
  });
  return { lines: Object.keys(errors).length ? [] : lines, errors };
}

/** A declared list's total value in cents (integer sum). */
export function contentsTotalCents(lines: ReadonlyArray<{ value_cents: number }>): number {
  return lines.reduce((sum, line) => sum + line.value_cents, 0);
}

// ------------------------------------------------------------------------------------------------- the last mile

/** How a parcel reaches its customer at the end: a rider to the address, or collected at a Jara location. */
export const LAST_MILE_KINDS = [
  { value: 'address', label: 'Delivery to my address' },
  { value: 'pickup', label: 'Pickup at a Jara location' },
] as const;
export type LastMileKind = (typeof LAST_MILE_KINDS)[number]['value'];

/** Why a delivery attempt failed (the rider picks one). */
export const DELIVERY_FAILURE_REASONS = [
  { value: 'not_home', label: 'Recipient not available' },
  { value: 'wrong_address', label: 'Address not found' },
  { value: 'refused', label: 'Recipient refused the parcel' },
  { value: 'unreachable', label: 'Phone not reachable' },
  { value: 'damaged', label: 'Parcel damaged' },
  { value: 'other', label: 'Other' },
] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number]['value'];

export function failureReasonLabel(value: unknown): string {
  return DELIVERY_FAILURE_REASONS.find((r) => r.value === value)?.label ?? 'Other';
}

/** A parcel on a rider's list: where to go and who to ask for; never an amount, an invoice or a wallet. */
export interface RiderParcel {
  id: number;
  tracking_no: string;
  status: number;
  status_label: string;
  last_mile: LastMileKind;
  recipient: string | null;
  phone: string | null;
  /** The address (or the pickup location) the rider goes to. */
  destination: string | null;
  contents_count: number;
  /** The latest attempt today, if any. */
  attempt: { outcome: 'delivered' | 'failed'; reason_label: string | null; at: string } | null;
}

/** Proof of delivery as the owner and staff read it (photo and signature through their own private routes). */
export interface ProofOfDelivery {
  outcome: 'delivered' | 'failed';
  recipient_name: string | null;
  reason: DeliveryFailureReason | null;
  reason_label: string | null;
  at: string;
  rider: { id: number; name: string | null } | null;
  photo_url: string | null;
  signature_url: string | null;
}

export const RIDER_MSG = {
  delivered: 'Delivery recorded.',
  failed: 'Failed attempt recorded.',
  recipientRequired: "Enter the recipient's name.",
  photoRequired: 'Take a photo of the parcel at the door.',
  signatureRequired: 'Ask the recipient to sign.',
  signaturePng: 'The signature must be a PNG image.',
  reasonInvalid: 'Choose a reason from the list.',
  outcomeInvalid: 'The outcome must be delivered or failed.',
  notOutForDelivery: 'This parcel is not waiting for its delivery (it must have arrived at its destination).',
  riderUnknown: 'Choose a rider (a user with the rider role).',
  assigned: 'Rider assigned.',
  notFound: 'Parcel not found.',
} as const;

// ------------------------------------------------------------------------------------------------ the problem queue

/** The queue's categories as the back office shows them (the API holds each one's query: ProblemsService). */
export interface ProblemCategorySummary {
  key: string;
  label: string;
  /** What staff should do about a row of it. */
  action: string;
  /** Rows, counted up to PROBLEM_COUNT_CAP ("1000+" beyond it). */
  count: number;
  capped: boolean;
}

export const PROBLEM_COUNT_CAP = 1000;

/** What staff may record having done about a problem. */
export const PROBLEM_ACTIONS = [
  { value: 'contacted_customer', label: 'Contacted the customer' },
  { value: 'contacted_carrier', label: 'Contacted the carrier or warehouse' },
  { value: 'reminded_payment', label: 'Reminded the customer to pay' },
  { value: 'rescheduled', label: 'Rescheduled the delivery' },
  { value: 'owner_found', label: 'Found the owner' },
  { value: 'resolved', label: 'Resolved' },
] as const;
export type ProblemActionKind = (typeof PROBLEM_ACTIONS)[number]['value'];

export function problemActionLabel(value: unknown): string {
  return PROBLEM_ACTIONS.find((a) => a.value === value)?.label ?? String(value);
}

export interface ProblemRow {
  category: string;
  delivery: {
    id: number;
    tracking_no: string;
    status: number;
    status_label: string;
    name: string | null;
    warehouse: string | null;
  };
  /** Since when the problem holds (the status change, the invoice, the failed attempt, the arrival). */
  since: string;
  /** A short sentence saying what is wrong ("In Shipped (In Transit) for 12 days"). */
  detail: string;
  action: string;
  last_action: { action: ProblemActionKind; label: string; note: string | null; by: string | null; at: string } | null;
}

export const PROBLEM_MSG = {
  categoryUnknown: 'Choose a category of the problem queue.',
  actionInvalid: 'Choose what you did from the list.',
  recorded: 'Action recorded.',
  notInQueue: 'This parcel is not in that category of the queue.',
} as const;
