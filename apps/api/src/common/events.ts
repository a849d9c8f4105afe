import { OnEvent } from '@nestjs/event-emitter';

/** Domain events: modules talk through these, never through each other's tables. */
export const EVENTS = {
  userVerified: 'user.verified',
  userDeleted: 'user.deleted',
  walletFunded: 'wallet.funded',
  invoiceIssued: 'invoice.issued',
  invoicePaid: 'invoice.paid',
  orderPlaced: 'order.placed',
  orderStatusChanged: 'order.status_changed',
  orderLinesChanged: 'order.lines_changed',
  deliveryChanged: 'delivery.changed',
  kycDecided: 'kyc.decided',
  supportReplied: 'support.replied',
  supportOpened: 'support.opened',
  guestConfirmRequested: 'guest.confirm_requested',
  guestFeeDue: 'guest.fee_due',
  refundRequested: 'refund.requested',
  refundSettled: 'refund.settled',
  walletTransferReceived: 'wallet.transfer_received',
  payoutChanged: 'payout.changed',
  payoutAccountChanged: 'payout.account_changed',
  deliveryMeasureChanged: 'delivery.measure_changed',
  guestMeasureChanged: 'guest.measure_changed',
} as const;

export interface UserVerifiedEvent {
  userId: number;
  email: string;
  name: string | null;
}

/** An admin deleted the user (a soft delete: the row stays, deactivated and anonymised); owners of user data react. */
export interface UserDeletedEvent {
  userId: number;
}

/** A wallet funding settled (after the commit): the balance was credited once. */
export interface WalletFundedEvent {
  userId: number;
  reference: string;
  amountMinor: number;
  currency: 'NGN' | 'USD';
}

/** An invoice was raised (order, delivery or manual), after the commit. */
export interface InvoiceIssuedEvent {
  invoiceId: number;
  reference: string;
  /** null: a guest's cargo fee (decision 032); nobody is notified in-app. */
  userId: number | null;
  type: 'order' | 'delivery' | 'manual';
  subjectId: number | null;
  amountMinor: number;
  currency: 'NGN' | 'USD';
  description: string;
}

/** An invoice was paid (wallet or Paystack), after the commit: orders and deliveries react by type and subject id. */
export interface InvoicePaidEvent extends InvoiceIssuedEvent {
  method: 'wallet' | 'paystack' | 'transfer';
}

/** An order was placed (after the commit): the buyer and each vendor with a line in it are told. */
export interface OrderPlacedEvent {
  orderId: number;
  orderNo: string;
  userId: number;
  totalMinor: number;
  vendorIds: number[];
}

/** An order changed status (after the commit). credited: what each vendor's wallet received at receipt. */
export interface OrderStatusChangedEvent {
  orderId: number;
  orderNo: string;
  userId: number;
  from: number | null;
  to: number;
  actorId: number | null;
  credited: { vendorId: number; amountMinor: number }[];
  returnRequested?: boolean;
}

/**
 * Lines of an order were made ready for pickup or shipped (decision 031), after the commit: the buyer is told each
 * line's progress; lines made ready are also the admins' to collect.
 */
export interface OrderLinesChangedEvent {
  orderId: number;
  orderNo: string;
  userId: number;
  actorId: number | null;
  fulfilment: 'ready_for_pickup' | 'shipped';
  courier: string | null;
  trackingNo: string | null;
  lines: { id: number; productName: string; quantity: number }[];
}

/** A delivery was requested (from null) or changed status (after the commit); only deliveries with an owner. */
export interface DeliveryChangedEvent {
  deliveryId: number;
  trackingNo: string;
  userId: number;
  from: number | null;
  to: number;
  actorId: number | null;
}

/** An admin approved (1) or rejected (-1) a KYC submission. */
export interface KycDecidedEvent {
  submissionId: number;
  userId: number;
  status: 1 | -1;
  reason: string | null;
}

/** A reply was added to a support thread: the other side is told (the owner, or every admin). */
export interface SupportRepliedEvent {
  supportId: number;
  subject: string;
  ownerId: number;
  responderId: number;
  responderName: string;
  fromOwner: boolean;
}

/** A customer or vendor opened a support request: the admins are told. */
export interface SupportOpenedEvent {
  supportId: number;
  subject: string;
  ownerName: string;
}

/**
 * A guest's request made with an e-mail (guest.confirm_requested), or a guest's fee to e-mail with a pay link
 * (guest.fee_due): the listener mints the link's token when it sends the mail, so no token ever rests in the outbox
 * (decision 032).
 */
export interface GuestLinkEvent {
  deliveryId: number;
}

/** A card refund was recorded (pending): the invoices module sends it to Paystack after the commit, once. */
export interface RefundRequestedEvent {
  refundId: number;
}

/** A refund of an order reached the buyer (processed) or failed at the card and went to the wallet instead. */
export interface RefundSettledEvent {
  refundId: number;
  orderId: number;
  orderNo: string;
  userId: number;
  destination: 'wallet' | 'card';
  status: 'pending' | 'processed' | 'failed';
  amountMinor: number;
}

/** A bank transfer into a user's dedicated account was credited to the wallet: orders waiting for a transfer are paid. */
export interface WalletTransferReceivedEvent {
  userId: number;
  reference: string;
  amountMinor: number;
  bank: string;
}

/** A payout was requested or changed status (after the commit): the vendor is told (issue 24). */
export interface PayoutChangedEvent {
  payoutId: number;
  vendorId: number;
  amountMinor: number;
  from: string | null;
  to: string;
  reason: string | null;
}

/** A vendor saved a payout account (after the commit): told in-app and by e-mail; a change names the delay. */
export interface PayoutAccountChangedEvent {
  accountId: number;
  vendorId: number;
  bankName: string;
  accountNumber: string;
  /** false: the vendor's first account (payable at once). */
  changed: boolean;
  payableAfter: string;
}

/** Every event's payload by name: what `emit`, the outbox and the listeners agree on. */
/** Issue 26: a receipt measured a parcel beyond the variance of what its owner declared; they are asked to answer. */
export interface DeliveryMeasureChangedEvent {
  deliveryId: number;
  trackingNo: string;
  userId: number;
  weight: string;
  declared: string;
}

export interface EventMap {
  'user.verified': UserVerifiedEvent;
  'user.deleted': UserDeletedEvent;
  'wallet.funded': WalletFundedEvent;
  'invoice.issued': InvoiceIssuedEvent;
  'invoice.paid': InvoicePaidEvent;
  'order.placed': OrderPlacedEvent;
  'order.status_changed': OrderStatusChangedEvent;
  'order.lines_changed': OrderLinesChangedEvent;
  'delivery.changed': DeliveryChangedEvent;
  'kyc.decided': KycDecidedEvent;
  'support.replied': SupportRepliedEvent;
  'support.opened': SupportOpenedEvent;
  'guest.confirm_requested': GuestLinkEvent;
  'guest.fee_due': GuestLinkEvent;
  'refund.requested': RefundRequestedEvent;
  'refund.settled': RefundSettledEvent;
  'wallet.transfer_received': WalletTransferReceivedEvent;
  'payout.changed': PayoutChangedEvent;
  'payout.account_changed': PayoutAccountChangedEvent;
  'delivery.measure_changed': DeliveryMeasureChangedEvent;
  'guest.measure_changed': GuestLinkEvent;
}
export type EventName = keyof EventMap;

/**
 * A listener of a domain event. Every event is delivered by the outbox (common/outbox, decision 028), which retries
 * an event whose listener failed: so a listener's error must reach it (`suppressErrors: false`; Nest's default would
 * log the error and report the event delivered, losing it). Listeners are idempotent: a retry runs them again.
 */
export function OnDomainEvent(event: EventName): MethodDecorator {
  return OnEvent(event, { promisify: true, suppressErrors: false });
}

// Every name of EVENTS is a key of EventMap and back (a compile error when one is added without the other).
type _EventNames = (typeof EVENTS)[keyof typeof EVENTS];
const _everyNameTyped: Record<_EventNames, true> = {} as Record<EventName, true>;
const _everyTypeNamed: Record<EventName, true> = {} as Record<_EventNames, true>;
void _everyNameTyped;
void _everyTypeNamed;
