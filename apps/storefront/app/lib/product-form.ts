import { FLASH_DEFAULT_HOURS } from '@jara/contracts';

/**
 * Fields of the product form (spec 2.21), in the order the API takes them. Their rules and messages are the API's
 * CreateProductDto / UpdateProductDto (checked in the action); the flash-sale pair is checked by the API's service.
 */
export const PRODUCT_FORM_FIELDS = [
  'name',
  'category_id',
  'type',
  'price',
  'description',
  'status',
  'stock_quantity',
  'sku',
  'weight',
  'dimensions',
  'discount',
  'flash_start_at',
  'flash_end_at',
] as const;

const LAGOS_OFFSET_MS = 60 * 60 * 1000; // Africa/Lagos is UTC+1 all year (no daylight saving)

/** ISO instant -> the `datetime-local` value in Lagos time ('2026-11-21T14:30'). */
export function isoToLagosInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = new Date(iso).getTime();
  return Number.isFinite(ms) ? new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 16) : '';
}

/** A `datetime-local` value plus the default flash length (24 h), as a `datetime-local` value. */
export function defaultFlashEnd(start: string): string {
  const ms = new Date(`${start}:00Z`).getTime();
  if (!Number.isFinite(ms)) return '';
  return new Date(ms + FLASH_DEFAULT_HOURS * 60 * 60 * 1000).toISOString().slice(0, 16);
}
