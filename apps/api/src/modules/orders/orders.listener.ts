import { Injectable } from '@nestjs/common';
import { EVENTS, OnDomainEvent, type InvoicePaidEvent, type WalletTransferReceivedEvent } from '../../common/events';
import { OrderLifecycleService } from './order-lifecycle.service';
import { OrdersService } from './orders.service';

/** An order's invoice paid by card, or later from the invoice page: the order moves to To Ship. */
@Injectable()
export class OrdersListener {
  constructor(
    private readonly orders: OrdersService,
    private readonly lifecycle: OrderLifecycleService,
  ) {}

  @OnDomainEvent(EVENTS.invoicePaid)
  async onInvoicePaid(event: InvoicePaidEvent): Promise<void> {
    if (event.type !== 'order' || !event.subjectId) return;
    await this.orders.markPaid(event.subjectId, event.method);
  }

  /** A bank transfer into the buyer's dedicated account reached the wallet: orders waiting for a transfer are paid. */
  @OnDomainEvent(EVENTS.walletTransferReceived)
  async onTransferReceived(event: WalletTransferReceivedEvent): Promise<void> {
    await this.lifecycle.payWaitingTransfers(event.userId);
  }
}
