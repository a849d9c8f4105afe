import { Inject, Injectable } from '@nestjs/common';
import {
  deliveryStatusDetailLabel,
  FULFILMENT_MSG,
  formatDollars,
  formatNaira,
  MSG,
  NOTIFICATION_PATHS as PATHS,
  orderStatusLabel,
  RECEIPT_MSG,
  REFUND_MSG,
  maskAccountNumber,
  PAYOUT_MSG,
  payoutStatusLabel,
} from '@jara/contracts';
import {
  EVENTS,
  OnDomainEvent,
  type DeliveryChangedEvent,
  type DeliveryMeasureChangedEvent,
  type KycDecidedEvent,
  type SupportOpenedEvent,
  type SupportRepliedEvent,
  type InvoiceIssuedEvent,
  type InvoicePaidEvent,
  type OrderLinesChangedEvent,
  type OrderPlacedEvent,
  type OrderStatusChangedEvent,
  type UserDeletedEvent,
  type UserVerifiedEvent,
  type RefundSettledEvent,
  type WalletFundedEvent,
  type PayoutAccountChangedEvent,
  type PayoutChangedEvent,
} from '../../common/events';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { NotificationsService } from './notifications.service';

/** Turns domain events from other modules into notifications. */
@Injectable()
export class NotificationsListener {
  constructor(
    private readonly notifications: NotificationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnDomainEvent(EVENTS.userVerified)
  async onUserVerified(event: UserVerifiedEvent): Promise<void> {
    await this.notifications.notify({
      userId: event.userId,
      title: MSG.notifications.welcomeTitle,
      description: MSG.notifications.welcomeDescription,
      message: `Hello ${event.name ?? 'there'}, welcome to Jara. ${MSG.notifications.welcomeDescription}`,
      link: PATHS.dashboard,
    });
  }

  @OnDomainEvent(EVENTS.userDeleted)
  async onUserDeleted(event: UserDeletedEvent): Promise<void> {
    await this.notifications.removeAllFor(event.userId);
  }

  /** A refund of an order reached the buyer, is on its way to the card, or failed there and went to the wallet. */
  @OnDomainEvent(EVENTS.refundSettled)
  async onRefundSettled(event: RefundSettledEvent): Promise<void> {
    const amount = formatNaira(event.amountMinor);
    const [title, text] =
      event.status === 'failed'
        ? [REFUND_MSG.failedTitle, REFUND_MSG.failed(event.orderNo, amount)]
        : event.status === 'pending'
          ? [REFUND_MSG.pendingTitle, REFUND_MSG.pending(event.orderNo, amount)]
          : [
              REFUND_MSG.processedTitle,
              REFUND_MSG.processed(event.orderNo, amount, event.destination === 'card' ? 'card' : 'Jara wallet'),
            ];
    await this.notifications.notify({
      userId: event.userId,
      title,
      description: text.slice(0, 255),
      message: text,
      link: PATHS.order(event.orderId),
      email: 'always',
    });
  }

  @OnDomainEvent(EVENTS.walletFunded)
  async onWalletFunded(event: WalletFundedEvent): Promise<void> {
    const amount = money(event.amountMinor, event.currency);
    await this.notifications.notify({
      userId: event.userId,
      title: MSG.money.fundedTitle,
      description: MSG.money.funded(amount),
      message: `${MSG.money.funded(amount)} Reference: ${event.reference}.`,
      link: PATHS.wallet,
      email: 'always',
    });
  }

  /** Every invoice is told in-app; a cargo fee also by e-mail (the customer must pay it before the parcel ships). */
  @OnDomainEvent(EVENTS.invoiceIssued)
  async onInvoiceIssued(event: InvoiceIssuedEvent): Promise<void> {
    // A guest's fee has no account to notify: the guest is e-mailed a pay link instead (decision 032).
    if (event.userId === null) return;
    const text = MSG.money.invoiceIssued(event.reference, money(event.amountMinor, event.currency), event.description);
    await this.notifications.notify({
      userId: event.userId,
      title: MSG.money.invoiceIssuedTitle,
      description: text.slice(0, 255),
      message: text,
      link: PATHS.invoice(event.invoiceId),
      // A request for payment (a cargo fee, a manual charge) is e-mailed; an order's invoice comes with the order.
      email: event.type === 'order' ? undefined : 'always',
    });
  }

  /** A payout's every state change reaches its vendor in-app; paid and returned money also by e-mail (issue 24). */
  @OnDomainEvent(EVENTS.payoutChanged)
  async onPayoutChanged(event: PayoutChangedEvent): Promise<void> {
    const amount = formatNaira(event.amountMinor);
    const text =
      event.to === 'paid'
        ? PAYOUT_MSG.paidText(amount)
        : event.to === 'processing'
          ? PAYOUT_MSG.processingText(amount)
          : event.to === 'awaiting_approval'
            ? PAYOUT_MSG.awaitingText(amount)
            : ['failed', 'reversed', 'rejected'].includes(event.to)
              ? PAYOUT_MSG.returnedText(amount, payoutStatusLabel(event.to), event.reason)
              : PAYOUT_MSG.requestedText(amount);
    await this.notifications.notify({
      userId: event.vendorId,
      title: PAYOUT_MSG.changedTitle,
      description: text.slice(0, 255),
      message: text,
      link: PATHS.payouts,
      email: ['paid', 'failed', 'reversed', 'rejected'].includes(event.to) ? 'always' : undefined,
    });
  }

  /** A payout account saved: always e-mailed (an unexpected change is how a takeover shows). */
  @OnDomainEvent(EVENTS.payoutAccountChanged)
  async onPayoutAccountChanged(event: PayoutAccountChangedEvent): Promise<void> {
    const masked = maskAccountNumber(event.accountNumber);
    const when = new Date(event.payableAfter).toUTCString();
    const text = event.changed
      ? PAYOUT_MSG.accountChangedText(event.bankName, masked, when)
      : PAYOUT_MSG.accountAddedText(event.bankName, masked);
    await this.notifications.notify({
      userId: event.vendorId,
      title: PAYOUT_MSG.accountChangedTitle,
      description: text.slice(0, 255),
      message: text,
      link: PATHS.payouts,
      email: 'always',
    });
  }

  /** The KYC decision, in-app and by e-mail. */
  @OnDomainEvent(EVENTS.kycDecided)
  async onKycDecided(event: KycDecidedEvent): Promise<void> {
    const text = event.status === 1 ? MSG.kyc.approvedText : MSG.kyc.rejectedText(event.reason);
    await this.notifications.notify({
      userId: event.userId,
      title: MSG.kyc.decidedTitle,
      description: text.slice(0, 255),
      message: text,
      link: PATHS.kyc,
      email: 'always',
    });
  }

  /** A new request reaches the admins (in-app). */
  @OnDomainEvent(EVENTS.supportOpened)
  async onSupportOpened(event: SupportOpenedEvent): Promise<void> {
    const text = MSG.support.newRequestText(event.subject, event.ownerName);
    await this.notifications.notifyAdmins({
      title: MSG.support.newRequestTitle,
      description: text.slice(0, 255),
      message: text,
      link: PATHS.adminSupport(event.supportId),
    });
  }

  /** A reply reaches the other side: the owner (in-app and e-mail) or the admins (in-app). */
  @OnDomainEvent(EVENTS.supportReplied)
  async onSupportReplied(event: SupportRepliedEvent): Promise<void> {
    if (event.fromOwner) {
      const text = MSG.support.ownerReplyText(event.subject, event.responderName);
      await this.notifications.notifyAdmins({
        title: MSG.support.replyTitle,
        description: text.slice(0, 255),
        message: text,
        link: PATHS.adminSupport(event.supportId),
      });
      return;
    }
    const text = MSG.support.replyText(event.subject);
    await this.notifications.notify({
      userId: event.ownerId,
      title: MSG.support.replyTitle,
      description: text.slice(0, 255),
      message: text,
      link: PATHS.supportThread(event.supportId),
      email: 'updates',
    });
  }

  /**
   * The owner hears of a delivery's request and every status change, in-app and by e-mail as chosen in Settings (the
   * SMS and WhatsApp twins are the messaging module's listener).
   */
  @OnDomainEvent(EVENTS.deliveryChanged)
  async onDeliveryChanged(event: DeliveryChangedEvent): Promise<void> {
    const text =
      event.from === null
        ? MSG.deliveries.createdText(event.trackingNo)
        : MSG.deliveries.changedText(event.trackingNo, deliveryStatusDetailLabel(event.to));
    await this.notifications.notify({
      userId: event.userId,
      title: MSG.deliveries.changedTitle,
      description: text.slice(0, 255),
      message: text,
      link: PATHS.parcel(event.trackingNo),
      email: 'updates',
      inApp: 'updates',
    });
  }

  /** Issue 26: the owner is asked to accept or dispute a new measure, in-app and by e-mail. */
  @OnDomainEvent(EVENTS.deliveryMeasureChanged)
  async onDeliveryMeasureChanged(event: DeliveryMeasureChangedEvent): Promise<void> {
    const text = RECEIPT_MSG.varianceText(event.trackingNo, event.weight, event.declared);
    await this.notifications.notify({
      userId: event.userId,
      title: RECEIPT_MSG.varianceTitle,
      description: text.slice(0, 255),
      message: text,
      link: `/parcels/${event.deliveryId}`,
      email: 'updates',
    });
  }

  @OnDomainEvent(EVENTS.invoicePaid)
  async onInvoicePaid(event: InvoicePaidEvent): Promise<void> {
    if (event.userId === null) return;
    const text = MSG.money.invoicePaid(event.reference, money(event.amountMinor, event.currency));
    await this.notifications.notify({
      userId: event.userId,
      title: MSG.money.invoicePaidTitle,
      description: text.slice(0, 255),
      message: text,
      link: PATHS.invoice(event.invoiceId),
      email: 'always',
    });
  }

  @OnDomainEvent(EVENTS.orderPlaced)
  async onOrderPlaced(event: OrderPlacedEvent): Promise<void> {
    const text = MSG.orders.placedText(event.orderNo, formatNaira(event.totalMinor));
    await this.notifications.notify({
      userId: event.userId,
      title: MSG.orders.placedTitle,
      description: text,
      message: text,
      link: PATHS.order(event.orderId),
      email: 'updates',
    });
    for (const vendorId of event.vendorIds) {
      const sold = MSG.orders.soldText(event.orderNo);
      await this.notifications.notify({
        userId: vendorId,
        title: MSG.orders.soldTitle,
        description: sold,
        message: sold,
        link: PATHS.order(event.orderId),
        email: 'updates',
      });
    }
  }

  /**
   * Lines shipped or made ready (decision 031): the buyer is told each line's progress, with a link to the order;
   * lines made ready for pickup are the admins' to collect (a link to the back office's order).
   */
  @OnDomainEvent(EVENTS.orderLinesChanged)
  async onOrderLinesChanged(event: OrderLinesChangedEvent): Promise<void> {
    const items = lineList(event.lines);
    const text =
      event.fulfilment === 'shipped'
        ? FULFILMENT_MSG.shippedText(event.orderNo, items, event.courier ?? 'Jara', event.trackingNo ?? '-')
        : FULFILMENT_MSG.readyText(event.orderNo, items);
    await this.notifications.notify({
      userId: event.userId,
      title: FULFILMENT_MSG.changedTitle,
      description: text.slice(0, 255),
      message: text,
      link: PATHS.order(event.orderId),
      email: 'updates',
    });
    if (event.fulfilment === 'ready_for_pickup') {
      const collect = FULFILMENT_MSG.collectText(event.orderNo, items);
      await this.notifications.notifyAdmins({
        title: FULFILMENT_MSG.collectTitle,
        description: collect.slice(0, 255),
        message: collect,
        link: PATHS.adminOrder(event.orderId),
      });
    }
  }

  /** The buyer hears of every change of their order; a vendor of the money their wallet received. */
  @OnDomainEvent(EVENTS.orderStatusChanged)
  async onOrderStatusChanged(event: OrderStatusChangedEvent): Promise<void> {
    const text = event.returnRequested
      ? `${MSG.orders.returnRequested} (${event.orderNo})`
      : MSG.orders.changedText(event.orderNo, orderStatusLabel(event.to));
    await this.notifications.notify({
      userId: event.userId,
      title: MSG.orders.changedTitle,
      description: text,
      message: text,
      link: PATHS.order(event.orderId),
      email: 'updates',
    });
    for (const credit of event.credited) {
      const earned = MSG.orders.earnedText(
        event.orderNo,
        formatNaira(credit.amountMinor),
        this.config.orders.returnWindowDays,
      );
      await this.notifications.notify({
        userId: credit.vendorId,
        title: MSG.orders.changedTitle,
        description: earned,
        message: earned,
        link: PATHS.order(event.orderId),
      });
    }
  }
}

/** "2 x Kettle, 1 x Fan" (a notification's list of lines). */
function lineList(lines: OrderLinesChangedEvent['lines']): string {
  return lines.map((l) => `${l.quantity} x ${l.productName}`).join(', ');
}

function money(minor: number, currency: 'NGN' | 'USD'): string {
  return currency === 'NGN' ? formatNaira(minor) : formatDollars(minor);
}
