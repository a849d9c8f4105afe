/**
 * Line-level fulfilment (issue 22, docs/decisions/031-line-fulfilment.md): each line of an order has its own progress.
 * A vendor acts on their own lines of an order at To Ship: "Ready for pickup" (Jara collects and ships them) or ships
 * them with a courier and a tracking number. Jara (an admin) ships the collected lines and its own. When every line
 * has shipped, the order moves to To Receive; when the buyer confirms receipt, every line is delivered.
 */

export const LINE_FULFILMENT = {
  PENDING: 'pending',
  READY_FOR_PICKUP: 'ready_for_pickup',
  SHIPPED: 'shipped',
  DELIVERED: 'delivered',
} as const;
export type LineFulfilment = (typeof LINE_FULFILMENT)[keyof typeof LINE_FULFILMENT];

/** Every status with its label, in the order a line goes through them. */
export const LINE_FULFILMENT_STATUSES: ReadonlyArray<{ value: LineFulfilment; label: string }> = [
  { value: 'pending', label: 'Awaiting shipment' },
  { value: 'ready_for_pickup', label: 'Ready for pickup' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
];
export const LINE_FULFILMENT_VALUES: readonly LineFulfilment[] = LINE_FULFILMENT_STATUSES.map((s) => s.value);

export function lineFulfilmentLabel(value: unknown): string {
  return LINE_FULFILMENT_STATUSES.find((s) => s.value === value)?.label ?? 'Awaiting shipment';
}

/** The line actions (buttons) and their API paths under /orders/{id}/lines. */
export const LINE_ACTIONS = {
  ready: 'Ready for pickup',
  ship: 'Ship my items',
  /** The admin's action on lines a vendor made ready: Jara collected them and sent them on with its courier. */
  collect: 'Collected & Shipped',
  /** The admin ships lines (Jara's own, or any line) with a courier. */
  adminShip: 'Ship lines',
} as const;

/** Courier and tracking number limits (trimmed first). */
export const LINE_SHIP_LIMITS = {
  courierMin: 2,
  courierMax: 60,
  trackingMin: 3,
  trackingMax: 40,
} as const;

/** What a line's progress reads like to the buyer, a vendor and the back office. */
export function lineProgressText(line: {
  fulfilment?: LineFulfilment | null;
  courier?: string | null;
  tracking_no?: string | null;
}): string {
  const status = line.fulfilment ?? 'pending';
  if (status === 'shipped' && line.courier) {
    return `Shipped by ${line.courier}${line.tracking_no ? ` · ${line.tracking_no}` : ''}`;
  }
  if (status === 'delivered' && line.courier) {
    return `Delivered · ${line.courier}${line.tracking_no ? ` · ${line.tracking_no}` : ''}`;
  }
  return lineFulfilmentLabel(status);
}

/** POST /orders/{id}/lines/ready: the vendor's lines (all of theirs not yet shipped, or the given ones). */
export interface LinesReadyInput {
  line_ids?: number[];
  note?: string | null;
}

/** POST /orders/{id}/lines/ship */
export interface LinesShipInput {
  courier: string;
  tracking_no: string;
  line_ids?: number[];
}

export const FULFILMENT_MSG = {
  courierLabel: 'Courier',
  trackingLabel: 'Tracking number',
  courierInvalid: `Enter the courier's name (${LINE_SHIP_LIMITS.courierMin} to ${LINE_SHIP_LIMITS.courierMax} characters).`,
  trackingInvalid: `Enter the tracking number (${LINE_SHIP_LIMITS.trackingMin} to ${LINE_SHIP_LIMITS.trackingMax} characters).`,
  lineIdsInvalid: 'line_ids must be a list of distinct line ids.',
  notToShip: 'Only the lines of an order at To Ship can be made ready or shipped.',
  alreadyShipped: 'These items have already been shipped.',
  nothingToShip: 'Every line of yours in this order has already been shipped.',
  readyDone: 'Your items are ready for pickup: Jara will collect them.',
  shipDone: 'Your items are marked as shipped.',
  collectDone: 'The collected items are marked as shipped.',
  failed: 'Failed to update the items.',
  progressTitle: 'Progress',
  /** The buyer's notification. */
  changedTitle: 'Order update',
  readyText: (orderNo: string, items: string) => `Order ${orderNo}: ${items} ready for pickup by Jara.`,
  shippedText: (orderNo: string, items: string, courier: string, tracking: string) =>
    `Order ${orderNo}: ${items} shipped by ${courier} (tracking ${tracking}).`,
  /** The admins' notification of lines to collect. */
  collectTitle: 'Items to collect',
  collectText: (orderNo: string, items: string) => `Order ${orderNo}: collect ${items} from the seller.`,
  /** The history's notes. */
  readyNote: (items: string) => `Ready for pickup: ${items}`,
  shippedNote: (items: string, courier: string, tracking: string) => `Shipped by ${courier} · ${tracking}: ${items}`,
  /** The back office's history: a line change (the order's status unchanged). */
  historyEntry: 'Items updated',
  mixedHint: 'Shared order: each seller ships their own items.',
} as const;
