import { Injectable } from '@nestjs/common';
import { EVENTS, OnDomainEvent, type GuestLinkEvent } from '../../common/events';
import { GuestFeeService } from './guest-fee.service';

/** Sends a guest's e-mails from the outbox (decision 032): a failure is retried by the outbox with a new link. */
@Injectable()
export class GuestFeeListener {
  constructor(private readonly guestFee: GuestFeeService) {}

  @OnDomainEvent(EVENTS.guestConfirmRequested)
  async onConfirmRequested(event: GuestLinkEvent): Promise<void> {
    await this.guestFee.sendConfirmation(event.deliveryId);
  }

  @OnDomainEvent(EVENTS.guestMeasureChanged)
  async onMeasureChanged(event: GuestLinkEvent): Promise<void> {
    await this.guestFee.sendMeasure(event.deliveryId);
  }

  @OnDomainEvent(EVENTS.guestFeeDue)
  async onFeeDue(event: GuestLinkEvent): Promise<void> {
    await this.guestFee.sendFee(event.deliveryId);
  }
}
