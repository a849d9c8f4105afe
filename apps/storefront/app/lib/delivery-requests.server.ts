import { CreateDeliveryDto, GuestDeliveryDto } from '@jara/dto';
import type { DeliveryType } from '@jara/contracts';
import type { RequestValues } from '~/components/deliveries';
import type { RequestErrors } from './deliveries';
import { text, type Errors } from './form';
import { maxLengths, requiredOnce, validateForm } from './validate.server';

/**
 * The delivery request forms (spec 5, issue 23): a guest's request is the API's GuestDeliveryDto (POST
 * /guest/trackings), a signed-in one its CreateDeliveryDto (POST /trackings). The action checks the form with that
 * class and sends its value; a missing field is marked 'Required.' and the DTO's sentence is said once above the form.
 */
export const REQUEST_FIELDS = [
  'name',
  'phone',
  'email',
  'external_no',
  'warehouse_id',
  'shipping_type',
  'from_jara',
  // Issue 26: the declared contents (rows contents[i][field], read by contentRows) and the last mile.
  'contents',
  'last_mile',
  // Issue 26 (decision 046): the declared weight and size a warehouse receipt compares against.
  'declared_weight',
  'declared_length',
  'declared_width',
  'declared_height',
] as const;

/** The contents rows of the request form: those with any field filled, as the API's lines. */
export const CONTENT_ROWS = 4;
export function contentRows(form: FormData): Array<Record<string, string>> | undefined {
  const rows: Array<Record<string, string>> = [];
  for (let i = 0; i < CONTENT_ROWS; i++) {
    const row: Record<string, string> = {};
    for (const field of ['description', 'quantity', 'value', 'category'])
      row[field] = text(form.get(`contents[${i}][${field}]`));
    if (row.description || row.quantity || row.value) rows.push(row);
  }
  return rows.length ? rows : undefined;
}

const dtoOf = (guest: boolean) => (guest ? GuestDeliveryDto : CreateDeliveryDto);

/** The inputs' maxLength (a guest's form has every field of the signed-in one): sent by the loaders. */
export const REQUEST_LIMITS = maxLengths(GuestDeliveryDto);

/** The posted values as typed, to fill the form again after a refusal (without JavaScript the page is re-rendered). */
export function requestValues(form: FormData): RequestValues {
  const get = (name: string) => text(form.get(name));
  const warehouse = Number(get('warehouse_id'));
  return {
    name: get('name'),
    phone: get('phone'),
    email: get('email'),
    external_no: get('external_no'),
    warehouse_id: Number.isSafeInteger(warehouse) && warehouse > 0 ? warehouse : undefined,
    shipping_type: get('shipping_type'),
    from_jara: ['on', 'true', '1'].includes(get('from_jara')),
    contents: contentRows(form),
    last_mile: get('last_mile'),
    declared_weight: get('declared_weight'),
    declared_length: get('declared_length'),
    declared_width: get('declared_width'),
    declared_height: get('declared_height'),
  };
}

export type RequestCheck =
  | { ok: true; body: CreateDeliveryDto | GuestDeliveryDto }
  | { ok: false; message: string | null; errors: RequestErrors };

/** A request form of this delivery type checked by its DTO; the body to send when it passes. */
export function checkDeliveryRequest(form: FormData, type: DeliveryType, guest: boolean): RequestCheck {
  const input: Record<string, unknown> = { type };
  for (const field of REQUEST_FIELDS) input[field] = form.get(field) ?? undefined;
  input.contents = contentRows(form);
  const check = validateForm(dtoOf(guest), input);
  return check.ok ? { ok: true, body: check.value } : { ok: false, ...requestRefusal(guest, check.errors) };
}

/** Field errors (the action's check or the API's 422) as the form shows them: 'Required.' under a missing field. */
export function requestRefusal(guest: boolean, errors: Errors): { message: string | null; errors: RequestErrors } {
  return requiredOnce(dtoOf(guest), errors) as { message: string | null; errors: RequestErrors };
}
