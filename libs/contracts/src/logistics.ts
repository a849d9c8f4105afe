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
