/** Logistics reference data (issue 11): locations, warehouses, shipping titles and the cargo rates. */
import type { ShippingTitleStatus, ShippingType } from './statuses';

export const WAREHOUSE_TYPES = [
  { value: 'sea_cargo', label: 'Sea Cargo' },
  { value: 'air_cargo', label: 'Air Cargo' },
  { value: 'local', label: 'Local' },
] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number]['value'];
export const WAREHOUSE_TYPE_VALUES: readonly WarehouseType[] = WAREHOUSE_TYPES.map((t) => t.value);

export interface Location {
  id: number;
  name: string;
  /** 1 active, 0 inactive. */
  status: 0 | 1;
  created_at: string;
  updated_at: string;
}

export interface Warehouse {
  id: number;
  name: string;
  location_id: number;
  location: { id: number; name: string } | null;
  type: WarehouseType;
  address: string | null;
  contact: string | null;
  created_at: string;
  updated_at: string;
}

export interface ShippingTitle {
  id: number;
  name: string;
  location_id: number;
  location: { id: number; name: string } | null;
  type: ShippingType;
  status: ShippingTitleStatus;
  created_at: string;
  updated_at: string;
}

/** Rates in dollars with 2 decimals (spec 9): per cubic centimetre (sea cargo) and per kilogram (air cargo). */
export interface LogisticsSettings {
  cost_per_cmb3: number;
  cost_per_kg: number;
  updated_at: string | null;
}

/** Largest rate accepted, in dollars. */
export const LOGISTICS_RATE_MAX = 1_000_000;

/** A dollar amount with at most 2 decimals as whole hundredths ('12.5' -> 1250); null when it is not one. */
export function toHundredths(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The cargo fee in cents (spec 9): sea cargo = size (cm3) x cost_per_cmb3, air cargo = weight (kg) x cost_per_kg,
 * rounded to 2 decimals (half up), in whole numbers throughout; 0 when the measure is missing or not a number.
 */
export function cargoFeeCents(
  type: 'sea_cargo' | 'air_cargo',
  measure: { size?: number | string | null; weight?: number | string | null },
  rates: { cost_per_cmb3: number | string; cost_per_kg: number | string },
): number {
  const amount = toHundredths(type === 'sea_cargo' ? measure.size : measure.weight);
  const rate = toHundredths(type === 'sea_cargo' ? rates.cost_per_cmb3 : rates.cost_per_kg);
  if (amount === null || rate === null) return 0;
  // hundredths x cents = 1/10,000 of a dollar; to cents, rounding half up.
  return Math.floor((amount * rate + 50) / 100);
}
