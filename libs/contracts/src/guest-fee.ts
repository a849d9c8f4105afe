/**
 * A guest learns their parcel's fee and pays it (issue 22, docs/decisions/032-guest-fee-link.md): one e-mail asks the
 * guest to confirm the request made with their address; once confirmed, the fee is e-mailed with a pay link. Both
 * links carry a random single-purpose token in the path; the API stores only its hash.
 */

/** How long a link works after it was e-mailed. */
export const GUEST_CONFIRM_LINK_DAYS = 7;
export const GUEST_PAY_LINK_DAYS = 14;
/** Issue 26: the link a guest gets when their parcel's measure differs from what they declared. */
export const GUEST_MEASURE_LINK_DAYS = 14;

/** The storefront's pages the e-mails link to (the token is the last path segment). */
export const GUEST_CONFIRM_PATH = '/guest/confirm';
export const GUEST_PAY_PATH = '/guest/pay';
/** Where the card gateway sends a guest back (no token in it: the storefront's session remembers the pay link). */
export const GUEST_PAID_PATH = '/guest/paid';
/** Issue 26: a guest's parcel measure (declared vs measured, Accept / Dispute). */
export const GUEST_PARCEL_PATH = '/guest/parcel';

export function guestConfirmPath(token: string): string {
  return `${GUEST_CONFIRM_PATH}/${encodeURIComponent(token)}`;
}

export function guestPayPath(token: string): string {
  return `${GUEST_PAY_PATH}/${encodeURIComponent(token)}`;
}

export function guestParcelPath(token: string): string {
  return `${GUEST_PARCEL_PATH}/${encodeURIComponent(token)}`;
}

export function guestPaidPath(reference: string): string {
  return `${GUEST_PAID_PATH}?reference=${encodeURIComponent(reference)}`;
}

/** A link token as the API mints it: 32 random bytes, base64url (43 characters). Anything else is never looked up. */
export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Paths that carry a guest token, with the token replaced, for request logs (a token is never logged). */
export function redactGuestTokens(path: string): string {
  return path.replace(/\/guest\/(confirm|pay|parcel|confirmations|fees|measures)\/[^/?#]+/g, '/guest/$1/:token');
}

/** GET /guest/confirmations/{token}: what the confirm page shows (nothing personal). */
export interface GuestConfirmation {
  tracking_no: string;
  /** true once confirmed (the POST answers it). */
  confirmed: boolean;
}

/** GET /guest/fees/{token}: the one delivery the pay link is for, its fee and whether it is paid. */
export interface GuestFee {
  tracking_no: string;
  /** The warehouse the parcel goes to, and where it travels to (the shipping title's location), when known. */
  route: { from: string | null; to: string | null };
  shipping_type: 'sea_cargo' | 'air_cargo' | null;
  shipping_type_label: string | null;
  /** Decimal strings (kg, cm³), null when not measured. */
  weight: string | null;
  size: string | null;
  status: number;
  status_label: string;
  fee: {
    amount_minor: number;
    currency: 'NGN' | 'USD';
    status: 'pending' | 'paid' | 'cancelled';
    paid_at: string | null;
  };
}

export const GUEST_FEE_MSG = {
  confirmSubject: (trackingNo: string) => `Confirm your shipping request ${trackingNo}`,
  confirmText: (trackingNo: string, link: string, days: number) =>
    [
      `Someone asked Jara to ship a parcel (tracking number ${trackingNo}) and gave this e-mail address.`,
      '',
      `If it was you, confirm it here to receive the parcel's fee and pay it online:`,
      link,
      '',
      `The link works for ${days} days. If it was not you, ignore this e-mail: Jara will send you nothing more about it.`,
    ].join('\n'),
  feeSubject: "Your parcel's fee",
  feeText: (trackingNo: string, amount: string, link: string, days: number) =>
    [
      `The fee of your parcel ${trackingNo} is ${amount}.`,
      '',
      'See the details and pay it by card here (no account needed):',
      link,
      '',
      `The link works for ${days} days. A later change of the fee sends a new link and this one stops working.`,
    ].join('\n'),
  confirmTitle: 'Confirm your shipping request',
  confirmIntro: (trackingNo: string) =>
    `Confirm that you asked Jara to ship the parcel ${trackingNo}. Its fee will then be e-mailed to you with a link to pay it.`,
  confirmButton: 'Confirm my request',
  confirming: 'Confirming…',
  confirmed: 'Thank you: your request is confirmed.',
  confirmedText: 'We will e-mail you its fee with a link to pay once the parcel is measured at the warehouse.',
  feeTitle: "Your parcel's fee",
  payButton: (amount: string) => `Pay ${amount}`,
  paying: 'Starting payment…',
  paid: 'Paid',
  paidText: 'Thank you: the fee is paid. The parcel continues on its way; follow it with its tracking number.',
  notPaid: 'The payment did not go through. You can try again.',
  cancelledText: 'There is no fee to pay for this parcel now.',
  nairaEstimate: (naira: string) => `About ${naira} at today's rate; the card is charged in US dollars.`,
  linkInvalidTitle: 'This link does not work',
  linkInvalidText:
    'It may be mistyped, expired, already used, or replaced by a newer e-mail. Follow your parcel with its tracking number, or contact us.',
  payStartFailed: 'The payment could not be started. Please try again.',
  linkTooMany: 'Too many attempts. Please wait a little and try again.',
  refundByHand:
    "This fee was paid by a guest's card: refund it on the Paystack dashboard first (there is no wallet to credit).",
  historyConfirmed: 'The guest confirmed their e-mail',
  measureSubject: (trackingNo: string) => `Please confirm the measure of your parcel ${trackingNo}`,
  measureText: (trackingNo: string, weight: string, declared: string, link: string, days: number) =>
    [
      `Your parcel ${trackingNo} measured ${weight} kg at our warehouse (you declared ${declared}).`,
      '',
      'See what was declared and measured and the new fee, then accept the new measure or dispute it here (no account needed):',
      link,
      '',
      `The link works for ${days} days. The fee is invoiced only once you accept.`,
    ].join('\n'),
  measureTitle: 'Your parcel measure',
  requestEmailed:
    'We have e-mailed you a link to confirm this request. Once confirmed, we e-mail you its fee with a link to pay it online.',
} as const;
