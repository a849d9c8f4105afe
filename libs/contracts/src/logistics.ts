/** Logistics reference data (issue 11): locations, warehouses, shipping titles and the cargo rates. */
import {
  DELIVERY_STATUS,
  deliveryStatusLabel,
  type DeliveryStatus,
  type DeliveryType,
  type ShippingTitleStatus,
  type ShippingType,
} from './statuses';
import { MSG } from './messages';

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
  // hundredths x cents = 1/10,000 of a dollar; to cents, rounding half up (BigInt: the product may pass 2^53).
  const cents = (BigInt(amount) * BigInt(rate) + 50n) / 100n;
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(cents);
}

// ------------------------------------------------------------------------------------------------ deliveries

/** Largest weight (kg) and size (cm3) a delivery may carry; 2 decimals. */
export const DELIVERY_WEIGHT_MAX_KG = 100_000;
export const DELIVERY_SIZE_MAX_CM3 = 1_000_000_000;

/** Payment of a delivery's cargo fee (the Payment column): none until the fee is set. */
export type DeliveryPaymentStatus = 'none' | 'pending' | 'paid' | 'cancelled';
export const DELIVERY_PAYMENT_LABELS: Record<DeliveryPaymentStatus, string> = {
  none: 'Not Available',
  pending: 'Unpaid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** One entry of a delivery's append-only history: who moved it, when, from, to, with a note and a location. */
export interface DeliveryHistoryEntry {
  id: number;
  from_status: DeliveryStatus | null;
  to_status: DeliveryStatus;
  label: string;
  note: string | null;
  location: string | null;
  /** The admin who moved it; null for the customer's request and the system. */
  actor: { id: number; name: string | null } | null;
  created_at: string;
}

/** A delivery (the spec's tracking/shipment): GET /trackings, GET /trackings/{id}. Fee in US dollars (cents). */
export interface Delivery {
  id: number;
  tracking_no: string;
  external_no: string;
  user_id: number | null;
  user: { id: number; name: string | null } | null;
  /** The customer's name and phone: the account's at creation, or what a guest typed. */
  name: string | null;
  phone: string | null;
  /** A guest's e-mail (admins only; null otherwise). */
  email: string | null;
  type: DeliveryType;
  from_jara: boolean;
  warehouse_id: number;
  warehouse: { id: number; name: string; type: WarehouseType; location: { id: number; name: string } | null } | null;
  shipping_type: ShippingType | null;
  shipping_id: number | null;
  shipping: {
    id: number;
    name: string;
    status: ShippingTitleStatus;
    location: { id: number; name: string } | null;
  } | null;
  /**
   * Where the parcel goes (the label's TO block, issue 22): the customer's address on their account, or without
   * one the pickup location (the shipping title's destination, else the warehouse); null when neither is known.
   */
  destination: { kind: 'address' | 'pickup'; text: string } | null;
  /** Issue 26: how its last mile goes, and the rider assigned to it (null: none). */
  last_mile: 'address' | 'pickup';
  rider_id: number | null;
  status: DeliveryStatus;
  /** The detail label ('Pending' for an unknown code). */
  status_label: string;
  /** kg and cm3, 2 decimals; null until measured. */
  weight: number | null;
  size: number | null;
  /** The cargo fee in dollars ('12.50') and cents; null until proceeded with a fee above 0. */
  amount: string | null;
  amount_minor: number | null;
  currency: 'USD';
  payment_status: DeliveryPaymentStatus;
  invoice: {
    id: number;
    reference: string;
    status: 'pending' | 'paid' | 'cancelled';
    amount_minor: number;
    currency: string;
  } | null;
  created_at: string;
  updated_at: string;
  /** GET /trackings/{id} only: oldest first; its last entry's to_status is the status. */
  history?: DeliveryHistoryEntry[];
}

/** GET /tracking-number/{trackingNo} (public): no name, phone, e-mail, note or actor. */
export interface TrackingLookup {
  tracking_no: string;
  type: DeliveryType;
  shipping_type: ShippingType | null;
  status: DeliveryStatus;
  status_label: string;
  weight: number | null;
  size: number | null;
  warehouse: { name: string; location: string | null } | null;
  shipping: { name: string; location: string | null } | null;
  created_at: string;
  timeline: { status: DeliveryStatus; label: string; location: string | null; at: string }[];
}

/** Who may make a delivery move: an admin, or the status of the shipping title that carries it (the system). */
export type DeliveryMover = 'admin' | 'title' | 'rider';
/**
 * What runs on a move (DeliveriesService dispatches by this name): 'move' only the status and its history entry;
 * 'ready' needs the cargo fee paid (or no fee); 'cancel' and 'return' settle the fee invoice in the same transaction
 * (a pending one is cancelled, a paid one refunded to the wallet while the parcel has not left: decision 024).
 */
export type DeliveryMoveHandler = 'move' | 'ready' | 'cancel' | 'return';
export interface DeliveryMove {
  to: DeliveryStatus;
  by: readonly DeliveryMover[];
  handler: DeliveryMoveHandler;
}

const S = DELIVERY_STATUS;
const admin = (to: DeliveryStatus, handler: DeliveryMoveHandler = 'move'): DeliveryMove => ({
  to,
  by: ['admin'],
  handler,
});
const voyage = (to: DeliveryStatus): DeliveryMove => ({ to, by: ['admin', 'title'], handler: 'move' });

/**
 * The moves (spec 4 names 1 -> 2; the rest is Jara's): forward through the warehouse and the voyage, Returned Goods
 * from the warehouse or on arrival, Cancelled before shipping. 7, 8 and 0 are final. Loading, Transit and Arrived of
 * a shipping title move its deliveries to 4, 5 and 6 (SHIPPING_TITLE_MOVES), only by the rows that name 'title'.
 */
export const DELIVERY_MOVES: Readonly<Record<DeliveryStatus, readonly DeliveryMove[]>> = {
  [S.CANCELLED]: [],
  [S.PENDING_DELIVERY]: [admin(S.DELIVERED_TO_WAREHOUSE), admin(S.CANCELLED, 'cancel')],
  [S.DELIVERED_TO_WAREHOUSE]: [
    admin(S.READY_FOR_SHIPPING, 'ready'),
    admin(S.RETURNED, 'return'),
    admin(S.CANCELLED, 'cancel'),
  ],
  [S.READY_FOR_SHIPPING]: [voyage(S.LOADED_INTO_CONTAINER), voyage(S.SHIPPED), admin(S.RETURNED, 'return')],
  [S.LOADED_INTO_CONTAINER]: [voyage(S.SHIPPED), admin(S.READY_FOR_SHIPPING)],
  [S.SHIPPED]: [voyage(S.ARRIVED_DESTINATION)],
  // A rider's proof of delivery completes it too (issue 26).
  [S.ARRIVED_DESTINATION]: [{ ...admin(S.COMPLETED), by: ['admin', 'rider'] }, admin(S.RETURNED, 'return')],
  [S.COMPLETED]: [],
  [S.RETURNED]: [],
};

/** The move from one status to another, or undefined when the table has none. */
export function deliveryMove(from: unknown, to: unknown): DeliveryMove | undefined {
  return (DELIVERY_MOVES[from as DeliveryStatus] ?? []).find((move) => move.to === to);
}

/** The statuses a delivery may move to from each status (any mover): DELIVERY_MOVES without who and what. */
export const DELIVERY_TRANSITIONS: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = Object.fromEntries(
  Object.entries(DELIVERY_MOVES).map(([from, moves]) => [from, moves.map((move) => move.to)]),
) as unknown as Record<DeliveryStatus, readonly DeliveryStatus[]>;

/**
 * The last status at which a parcel has not left: a paid fee of a parcel cancelled or returned up to here goes back
 * to the wallet (decision 024); after the voyage a Returned move with a paid fee needs the admin's explicit refund.
 */
export const DELIVERY_FEE_REFUNDABLE_UNTIL: DeliveryStatus = S.READY_FOR_SHIPPING;

export function allowedDeliveryMoves(status: unknown): readonly DeliveryStatus[] {
  return DELIVERY_TRANSITIONS[status as DeliveryStatus] ?? [];
}

/** A shipping title's status moves its deliveries: Loading -> 4, Transit -> 5, Arrived -> 6 (forward only). */
export const SHIPPING_TITLE_MOVES: Readonly<Record<ShippingTitleStatus, DeliveryStatus>> = {
  1: DELIVERY_STATUS.LOADED_INTO_CONTAINER,
  2: DELIVERY_STATUS.SHIPPED,
  3: DELIVERY_STATUS.ARRIVED_DESTINATION,
};

/**
 * The delivery statuses a title's new status moves forward (only the moves of DELIVERY_MOVES that name 'title'):
 * Loading takes Ready for Shipping to Loaded; Transit takes Ready or Loaded to Shipped; Arrived takes Shipped on.
 */
export function shippingTitleMoveSources(titleStatus: unknown): DeliveryStatus[] {
  const target = SHIPPING_TITLE_MOVES[titleStatus as ShippingTitleStatus];
  if (target === undefined) return [];
  return DELIVERY_VOYAGE_STATUSES.filter((s) => s < target && deliveryMove(s, target)?.by.includes('title'));
}

/**
 * GET /shippings/{id}/moves?status= (admin): what changing a title's status would do to its parcels, asked before
 * the admin confirms: how many move to `target`, and the others by their status (each with why it stays).
 */
export interface ShippingMovePreview {
  status: ShippingTitleStatus;
  /** The delivery status the moving parcels take. */
  target: DeliveryStatus;
  moving: number;
  staying: Array<{ status: DeliveryStatus; count: number; reason: string }>;
}

/** Why a parcel at `from` does not follow its title to `target` (MSG.shipping wording). */
export function shippingStayReason(from: DeliveryStatus, target: DeliveryStatus): string {
  if (from === DELIVERY_STATUS.CANCELLED) return MSG.shipping.stayCancelled;
  if (from === DELIVERY_STATUS.RETURNED) return MSG.shipping.stayReturned;
  if (from < DELIVERY_STATUS.READY_FOR_SHIPPING) return MSG.shipping.stayNotReady;
  if (from === target) return MSG.shipping.stayAlready;
  if (from > target) return MSG.shipping.stayFurther;
  const sources = DELIVERY_VOYAGE_STATUSES.filter((s) => s < target && deliveryMove(s, target)?.by.includes('title'));
  return MSG.shipping.stayNotOnWay(sources.map((s) => deliveryStatusLabel(s)).join(' or '));
}

/**
 * Assign Goods to Shipping: only a title that is still Loading takes goods, and only foreign deliveries of its type
 * that are at the warehouse (Delivered to Warehouse, Ready for Shipping).
 */
export const DELIVERY_ASSIGNABLE_STATUSES: readonly DeliveryStatus[] = [
  DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE,
  DELIVERY_STATUS.READY_FOR_SHIPPING,
];

/** The statuses of a delivery on its voyage, which a title's status may move forward. */
export const DELIVERY_VOYAGE_STATUSES: readonly DeliveryStatus[] = [
  DELIVERY_STATUS.READY_FOR_SHIPPING,
  DELIVERY_STATUS.LOADED_INTO_CONTAINER,
  DELIVERY_STATUS.SHIPPED,
  DELIVERY_STATUS.ARRIVED_DESTINATION,
];

/** The hint of every tracking-number field: the real format, JT-XXXX-XXXX (issue 22). */
export const TRACKING_NO_EXAMPLE = 'JT-7K3M-9QX2';

/** A tracking number as people type it: trimmed, upper case ('jr-7k3m-9qx2 ' -> 'JR-7K3M-9QX2'). */
export function normalizeTrackingNo(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().toUpperCase() : '';
}

/** A Nigerian phone number as a key: digits only, a leading 0 as 234 ('0803 123 4567' -> '2348031234567'). */
export function phoneKey(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('0')) digits = `234${digits.slice(1)}`;
  return digits.length >= 7 ? digits.slice(0, 20) : null;
}

/** Hundredths (stored) as a number with 2 decimals (1250 -> 12.5). */
export function fromHundredths(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : value / 100;
}
