import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { EVENTS, type InvoicePaidEvent, type UserVerifiedEvent } from '../../common/events';
import { DeliveriesService } from './deliveries.service';

/** Deliveries hear of new accounts (a guest's requests join them) and of paid cargo fees. */
@Injectable()
export class DeliveriesListener {
  constructor(private readonly deliveries: DeliveriesService) {}

  @OnEvent(EVENTS.userVerified, { promisify: true })
  async onUserVerified(event: UserVerifiedEvent): Promise<void> {
    await this.deliveries.linkGuestRequests(event.userId);
  }

  @OnEvent(EVENTS.invoicePaid, { promisify: true })
  onInvoicePaid(event: InvoicePaidEvent): void {
    if (event.type === 'delivery') this.deliveries.paid();
  }
}
