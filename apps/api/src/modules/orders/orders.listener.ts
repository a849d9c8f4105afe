import { Injectable } from '@nestjs/common';
import { EVENTS, OnDomainEvent, type InvoicePaidEvent } from '../../common/events';
import { OrdersService } from './orders.service';

/** An order's invoice paid by card, or later from the invoice page: the order moves to To Ship. */
@Injectable()
export class OrdersListener {
  constructor(private readonly orders: OrdersService) {}

  @OnDomainEvent(EVENTS.invoicePaid)
  async onInvoicePaid(event: InvoicePaidEvent): Promise<void> {
    if (event.type !== 'order' || !event.subjectId) return;
    await this.orders.markPaid(event.subjectId, event.method);
  }
}
