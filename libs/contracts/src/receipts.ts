/**
 * Warehouse receipts, declared vs measured, and consolidation (issue 26, decision 044). Pure functions in whole
 * numbers: weights in hundredths of a kg, dimensions in whole cm, fees in US cents.
 */

/** Where a parcel's measure stands with its customer (the problem queue reads 'disputed'). */
export type MeasureStatus = 'none' | 'pending_acceptance' | 'accepted' | 'disputed';
export const MEASURE_STATUSES: readonly MeasureStatus[] = ['none', 'pending_acceptance', 'accepted', 'disputed'];
export const MEASURE_STATUS_LABELS: Record<MeasureStatus, string> = {
  none: 'No change',
  pending_acceptance: 'Awaiting your answer',
  accepted: 'Accepted',
  disputed: 'Disputed',
};

export const PARCEL_CONDITIONS = ['good', 'damaged', 'opened', 'wet'] as const;
export type ParcelCondition = (typeof PARCEL_CONDITIONS)[number];
export const PARCEL_CONDITION_LABELS: Record<ParcelCondition, string> = {
  good: 'Good',
  damaged: 'Damaged',
  opened: 'Opened',
  wet: 'Wet',
};

/** Defaults of the receipt settings (decision 044): IATA's 6000 for air, 1 CBM = 1000 kg for sea, 10 % variance. */
export const RECEIPT_DEFAULTS = { air_divisor: 6000, sea_divisor: 1000, variance_percent: 10 } as const;

/** Back office labels of the consolidation and shipping-title screens (issue 26, decision 047). */
export const CONSOLIDATION_TEXT = {
  unpack: 'Unpack',
  unpackOf: (id: number) => `Unpack consolidation #${id}`,
  unpackConfirm: (trackingNo: string) =>
    `Unpack ${trackingNo}? It is cancelled, a pending fee invoice is cancelled, and its parcels go back to the warehouse to be priced on their own.`,
  unpackYes: 'Yes, unpack',
  unpackNo: 'Keep packed',
  unpackFailed: 'Could not unpack',
  manifestCsv: 'Manifest (CSV)',
  manifestPdf: 'Manifest (PDF)',
  manifestOf: (kind: 'CSV' | 'PDF', title: string) => `Manifest (${kind}) of ${title}`,
  manifestFailed: 'Could not download the manifest',
} as const;

export const RECEIPT_LIMITS = {
  dimensionCm: 1_000,
  weightHundredths: 10_000_000,
  pieces: 1_000,
  photosMin: 1,
  photosMax: 5,
  divisorMax: 1_000_000,
  variancePercentMax: 100,
} as const;

export interface ReceiptSettings {
  air_divisor: number;
  sea_divisor: number;
  variance_percent: number;
}

/** The volume in cm3 of L x W x H whole centimetres. */
export function volumeCm3(d: { length_cm: number; width_cm: number; height_cm: number }): number {
  return d.length_cm * d.width_cm * d.height_cm;
}

/**
 * Volumetric weight in hundredths of a kg: L x W x H (cm) / divisor kg, rounded UP to the hundredth (forwarders
 * never round a chargeable weight down). Integer arithmetic (BigInt: 1000^3 x 100 passes 2^53 only barely, but be safe).
 */
export function volumetricHundredths(
  d: { length_cm: number; width_cm: number; height_cm: number },
  divisor: number,
): number {
  if (!(divisor > 0)) return 0;
  const num = BigInt(d.length_cm) * BigInt(d.width_cm) * BigInt(d.height_cm) * 100n;
  const div = BigInt(divisor);
  return Number((num + div - 1n) / div);
}

/** The weight an air fee is charged on: the greater of actual and volumetric (hundredths of a kg). */
export function chargeableHundredths(actual: number, volumetric: number): number {
  return Math.max(actual, volumetric);
}

/**
 * Whether `measured` differs from `declared` by more than `percent` % of declared: |m - d| x 100 > p x d, in whole
 * numbers. Nothing declared (null or 0): no variance to ask about.
 */
export function exceedsVariance(declared: number | null | undefined, measured: number, percent: number): boolean {
  if (!declared || declared <= 0) return false;
  return Math.abs(measured - declared) * 100 > percent * declared;
}

/** What a customer declared, as one line: '2.00 kg, 30 x 20 x 10 cm' (the pages and the e-mails say it alike). */
export function declaredMeasureText(d: {
  weight: string | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
}): string {
  const parts: string[] = [];
  if (d.weight) parts.push(`${d.weight} kg`);
  if (d.length_cm && d.width_cm && d.height_cm) parts.push(`${d.length_cm} x ${d.width_cm} x ${d.height_cm} cm`);
  return parts.length ? parts.join(', ') : RECEIPT_MSG.nothingDeclared;
}

export interface ReceiptPhoto {
  id: number;
  url: string;
}

export interface DeliveryReceipt {
  id: number;
  delivery_id: number;
  scanned_no: string;
  weight_hundredths: number;
  weight: string;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  volume_cm3: number;
  volumetric_hundredths: number;
  volumetric_weight: string;
  divisor: number;
  pieces: number;
  condition: ParcelCondition;
  note: string | null;
  photos: ReceiptPhoto[];
  actor: { id: number; name: string | null } | null;
  created_at: string;
}

/** A parcel's measures as the customer sees them: declared, measured, and the question asked. */
export interface ParcelMeasure {
  delivery_id: number;
  tracking_no: string;
  measure_status: MeasureStatus;
  measure_status_label: string;
  declared: { weight: string | null; length_cm: number | null; width_cm: number | null; height_cm: number | null };
  receipt: DeliveryReceipt | null;
  /** The fee the measure makes, in cents (null: no shipping type or rate yet). */
  fee_minor: number | null;
  dispute_reason: string | null;
  /** The consolidated parcel this one travels in, if any. */
  parent: { id: number; tracking_no: string } | null;
  /** The parcels a consolidated parcel carries. */
  members: Array<{ id: number; tracking_no: string; external_no: string }>;
}

export type ConsolidationStatus = 'requested' | 'packed' | 'cancelled' | 'unpacked';
export const CONSOLIDATION_STATUS_LABELS: Record<ConsolidationStatus, string> = {
  requested: 'Requested',
  packed: 'Packed',
  cancelled: 'Cancelled',
  unpacked: 'Unpacked',
};

export interface Consolidation {
  id: number;
  user: { id: number; name: string | null } | null;
  warehouse: { id: number; name: string } | null;
  shipping_type: 'sea_cargo' | 'air_cargo' | null;
  status: ConsolidationStatus;
  status_label: string;
  members: Array<{ id: number; tracking_no: string; external_no: string; status: number }>;
  /** The consolidated parcel once packed (its status: Cancelled once unpacked, decision 047). */
  parent: { id: number; tracking_no: string; amount_minor: number | null; status: number } | null;
  /** Staff may unpack it now: packed, its parcel still at the warehouse (2 or 3) and its fee not paid. */
  unpackable: boolean;
  created_at: string;
}

export const RECEIPT_MSG = {
  notFound: 'No parcel with that tracking or courier number.',
  ambiguous: 'More than one parcel has that courier number: scan the Jara tracking number.',
  notReceivable: (status: string) => `A parcel that is ${status} cannot be received.`,
  dimensionInvalid: 'Enter a whole number of centimetres from 1 to 1000.',
  weightInvalid: 'Enter a weight in kg above 0 with at most 2 decimals.',
  piecesInvalid: 'Enter a piece count from 1 to 1000.',
  conditionInvalid: 'Choose the condition: good, damaged, opened or wet.',
  photosRequired: 'Add at least one photo.',
  photosTooMany: 'Add at most 5 photos.',
  recorded: 'Receipt recorded.',
  varianceTitle: 'Please confirm your parcel measure',
  varianceText: (trackingNo: string, weight: string, declared: string) =>
    `Your parcel ${trackingNo} measured ${weight} kg at our warehouse (you declared ${declared}). Please accept the new measure or dispute it.`,
  notPending: 'This parcel has no measure awaiting your answer.',
  // The customer's measure page (signed in: /parcels/{id}; a guest: /guest/parcel/{token}).
  declaredLabel: 'You declared',
  reviewLink: 'Declared and measured',
  measuredLabel: 'Measured at the warehouse',
  measureLabel: 'Measure',
  feeLabel: 'Cargo fee',
  disputeLabel: 'Your dispute',
  nothingDeclared: 'Nothing declared',
  notReceivedYet: 'Not received yet',
  questionTitle: 'Please confirm the new measure',
  questionText:
    'The measure differs from what you declared. Accept it and the cargo fee is invoiced; dispute it and our staff will look into it.',
  acceptButton: 'Accept new measure',
  disputeButton: 'Dispute measure',
  disputeReasonLabel: 'What is wrong with the measure?',
  // The declared measure on the request forms (optional; what a receipt compares against).
  declaredLegend: 'Declared weight and size (optional)',
  declaredHelp:
    'What you expect the parcel to weigh and measure. If the warehouse measures it far from this, we ask you before charging.',
  declaredWeightLabel: 'Weight (kg)',
  declaredLengthLabel: 'Length (cm)',
  declaredWidthLabel: 'Width (cm)',
  declaredHeightLabel: 'Height (cm)',
  declaredDimensionsIncomplete: 'Enter the length, width and height, or none of them.',
  accepted: 'Measure accepted.',
  disputed: 'Measure disputed: our staff will look into it.',
  disputeReasonRequired: 'Tell us what is wrong with the measure.',
  awaitingCustomer: 'The customer has not accepted the measure yet.',
  settingsSaved: 'Receipt settings saved.',
  divisorInvalid: 'Enter a whole divisor from 1 to 1000000.',
  varianceInvalid: 'Enter a whole percent from 0 to 100.',
  consolidationMin: 'Choose at least two parcels to ship together.',
  consolidationMax: 'Choose at most 50 parcels.',
  consolidationRefused: (trackingNo: string) =>
    `${trackingNo} cannot be consolidated: it must be yours, at the same warehouse, received, unpaid and not already grouped.`,
  consolidationRequested: 'Your parcels will be packed together.',
  consolidationNotFound: 'Consolidation not found.',
  consolidationNotRequested: 'This consolidation is no longer waiting to be packed.',
  consolidationCancelled: 'Consolidation cancelled.',
  consolidationPacked: 'Consolidated parcel packed.',
  consolidationNotPacked: 'Only a packed consolidation can be unpacked.',
  unpackLeftWarehouse: (trackingNo: string, status: string) =>
    `${trackingNo} is ${status}: only a consolidated parcel still at the warehouse can be unpacked.`,
  unpackFeePaid: (trackingNo: string) => `The fee of ${trackingNo} is paid: it can no longer be unpacked.`,
  unpacked: 'Consolidation unpacked: its parcels move on their own again.',
  parentUnpacked: (trackingNos: string) => `Unpacked: ${trackingNos} move on their own again`,
  memberUnpacked: (trackingNo: string) =>
    `Unpacked from consolidated parcel ${trackingNo}: back at the warehouse, to be priced on its own`,
  memberNoFee: 'This parcel travels in a consolidated parcel: the fee is charged on that parcel.',
  memberFollows: (trackingNo: string) => `Travels in consolidated parcel ${trackingNo}`,
  memberMoveRefused: (trackingNo: string) => `This parcel travels in consolidated parcel ${trackingNo}: move that one.`,
} as const;
