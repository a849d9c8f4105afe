import {
  DELIVERY_PAYMENT_LABELS,
  DELIVERY_STATUS,
  MSG,
  SHIPPING_TYPES,
  deliveryStatusDetailLabel,
  type DeliveryPaymentStatus,
  type DeliveryStatus,
  type StatusTone,
} from '@jara/contracts';

/**
 * Local UI text of the delivery screens (back office, issue 11: spec 2.19, 2.24, 2.25, 4, 5, 8); the spec's own
 * messages come from MSG.deliveries, MSG.tracking and MSG.shipping.
 */
export const DELIVERY_TEXT = {
  title: 'Deliveries',
  delivery: 'Delivery',
  deliveryOf: (trackingNo: string) => `Delivery ${trackingNo}`,
  // Columns (spec 2.24)
  customer: 'Customer',
  phone: 'Phone',
  trackingId: 'Tracking ID',
  externalId: 'External Tracking ID',
  warehouse: 'Warehouse',
  shippingType: 'Shipping Type',
  status: 'Status',
  action: 'Action',
  payment: 'Payment',
  date: 'Date',
  // Filters
  typeFilter: 'Delivery type',
  typeAll: 'All',
  typeForeign: 'Foreign',
  typeLocal: 'Local',
  search: 'Search by customer, phone, tracking no., warehouse or status',
  statusFilter: 'Filter by status',
  allStatuses: 'All statuses',
  loadFailed: 'Failed to load deliveries.',
  loadOneFailed: 'Failed to load the delivery.',
  // Action column (spec 4)
  completed: 'Completed',
  deliveredToWarehouse: 'Delivered to Warehouse',
  proceed: 'Proceed',
  proceedFor: (trackingNo: string) => `Proceed with ${trackingNo}`,
  confirmFor: (trackingNo: string) => `Mark ${trackingNo} as delivered to the warehouse`,
  view: 'View',
  viewDelivery: (trackingNo: string) => `View delivery ${trackingNo}`,
  // Confirm Delivery dialog
  confirmTitle: 'Confirm Delivery',
  confirmText: (trackingNo: string, warehouse: string) =>
    `Has the parcel ${trackingNo} reached ${warehouse}? Its status becomes Delivered to Warehouse and the customer is told.`,
  confirmOk: 'Confirm',
  back: 'Back',
  // Proceed Shipping dialog (spec 5)
  proceedTitle: 'Proceed Shipping',
  proceedOk: 'Save',
  chooseType: 'Choose a shipping type',
  shippingTitle: 'Shipping Title',
  chooseTitle: 'Choose a shipping title',
  noTitles: 'No shipping titles of this type.',
  size: 'Size (cm³)',
  weight: 'Weight (kg)',
  fee: 'Fee ($)',
  feeComputed: (basis: string) => `Computed from the logistics rates: ${basis}.`,
  feeBasisSea: (rate: string) => `size × ${rate} per cm³ (Sea Cargo)`,
  feeBasisAir: (rate: string) => `weight × ${rate} per kg (Air Cargo)`,
  feeZero: 'No fee is charged while it comes to $0.',
  feeHint: 'Enter the size (Sea Cargo) or the weight (Air Cargo) to compute the fee.',
  ratesFailed: 'The logistics rates could not be loaded; the fee cannot be computed.',
  // Show page
  summary: 'Details',
  type: 'Type',
  fromJara: 'Bought on Jara',
  yes: 'Yes',
  no: 'No',
  email: 'E-mail',
  account: 'Account',
  guest: 'Guest request',
  shipping: 'Shipping title',
  created: 'Requested',
  updated: 'Last change',
  invoice: 'Invoice',
  reference: 'Reference',
  amount: 'Amount',
  invoiceStatus: 'Invoice status',
  noInvoice: 'No fee has been set yet.',
  openInvoice: (reference: string) => `Open invoice ${reference}`,
  history: 'Status history',
  noHistory: 'No status changes yet.',
  by: (who: string) => `by ${who}`,
  customerActor: 'the customer',
  system: 'the system',
  printLabel: 'Print label',
  moves: 'Change status',
  moveTitle: (action: string, trackingNo: string) => `${action}: ${trackingNo}?`,
  moveText: (from: string, to: string) => `The delivery moves from ${from} to ${to}. The customer is notified.`,
  note: 'Note (optional)',
  notePlaceholder: 'e.g. Weighed and photographed at intake',
  location: 'Location (optional)',
  locationPlaceholder: 'e.g. Guangzhou warehouse, bay 4',
  statusUpdated: 'Delivery status updated',
  statusUpdateFailed: 'Failed to update the delivery status',
  // The API's 404 message, shown when a delivery is not there (not an input rule: see shared-dto.e2e-spec.ts).
  notFound: MSG.deliveries.notFound,
  none: '—',
  // Label page
  labelTitle: (trackingNo: string) => `Parcel label ${trackingNo}`,
  labelHint: 'A6 label (105 × 148 mm): print it and stick it on the parcel.',
  print: 'Print',
  backToDelivery: 'Back to the delivery',
  from: 'From',
  to: 'To',
  pickupAt: (place: string) => `Pickup at ${place}`,
  noDestination: 'Destination not set yet',
  jara: 'Jara',
  measure: 'Weight / size',
  notMeasured: 'Not measured yet',
  qrOf: (trackingNo: string) => `QR code of tracking number ${trackingNo}`,
  barcodeOf: (trackingNo: string) => `Code 128 barcode of tracking number ${trackingNo}`,
  barcodeFailed: 'The barcode could not be drawn.',
  // Tracking table (spec 2.19)
  trackingTitle: 'Tracking',
  trackingNo: 'Tracking number',
  user: 'User',
  shippingLocation: 'Shipping location',
  trackingNoFilter: 'Filter by tracking number',
  userFilter: 'Filter by user name',
  // Assign Goods to Shipping (spec 2.25, made real)
  assignTitle: 'Assign Goods to Shipping',
  assignHint: (name: string, type: string) =>
    `Foreign ${type} deliveries from the warehouse until shipped. The selected ones travel with ${name}: its status (Loading, Transit, Arrived) moves those ready for shipping or on their way.`,
  assign: (n: number) => (n === 1 ? 'Assign 1 delivery' : `Assign ${n} deliveries`),
  assignSearch: 'Search deliveries',
  assignEmpty: 'No deliveries to assign.',
  onThisTitle: 'On this title',
  currentTitle: 'Current title',
  assignFailed: 'Failed to assign the deliveries',
} as const;

export const TYPE_LABELS: Record<string, string> = {
  foreign: DELIVERY_TEXT.typeForeign,
  local: DELIVERY_TEXT.typeLocal,
};

export const SHIPPING_TYPE_OPTIONS = SHIPPING_TYPES.map((t) => ({ value: t.value, label: t.label }));

/** 'Sea Cargo', 'Air Cargo', or 'Local' for a local delivery without one. */
export function shippingTypeLabel(value: string | null | undefined, deliveryType?: string): string {
  const found = SHIPPING_TYPES.find((t) => t.value === value)?.label;
  if (found) return found;
  return deliveryType === 'local' ? DELIVERY_TEXT.typeLocal : DELIVERY_TEXT.none;
}

export const PAYMENT_TONES: Record<DeliveryPaymentStatus, StatusTone> = {
  none: 'default',
  pending: 'warning',
  paid: 'success',
  cancelled: 'danger',
};

export function paymentLabel(status: string | null | undefined): string {
  return DELIVERY_PAYMENT_LABELS[status as DeliveryPaymentStatus] ?? DELIVERY_PAYMENT_LABELS.none;
}

/** The button text of an admin's move to `to` (Delivered to Warehouse is the spec's; the rest are Jara's). */
export function moveAction(to: DeliveryStatus): string {
  switch (to) {
    case DELIVERY_STATUS.CANCELLED:
      return 'Cancel delivery';
    case DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE:
      return DELIVERY_TEXT.deliveredToWarehouse;
    case DELIVERY_STATUS.COMPLETED:
      return 'Complete';
    case DELIVERY_STATUS.RETURNED:
      return 'Mark returned';
    default:
      return `Mark ${deliveryStatusDetailLabel(to)}`;
  }
}
