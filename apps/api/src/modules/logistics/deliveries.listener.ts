import { Injectable } from '@nestjs/common';
import { EVENTS, OnDomainEvent, type InvoicePaidEvent } from '../../common/events';
import { DeliveriesService } from './deliveries.service';

/**
 * Deliveries hear of paid cargo fees. (A new account no longer takes a guest's requests with its e-mail: the holder
 * accepts or declines them, decision 025.)
 */
@Injectable()
export class DeliveriesListener {
  constructor(private readonly deliveries: DeliveriesService) {}

  @OnDomainEvent(EVENTS.invoicePaid)
  onInvoicePaid(event: InvoicePaidEvent): void {
    if (event.type === 'delivery') this.deliveries.paid();
  }
}
