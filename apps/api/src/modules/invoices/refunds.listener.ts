import { Injectable } from '@nestjs/common';
import { EVENTS, OnDomainEvent, type RefundRequestedEvent } from '../../common/events';
import { RefundsService } from './refunds.service';

/** A card refund recorded (committed): sent to Paystack once. */
@Injectable()
export class RefundsListener {
  constructor(private readonly refunds: RefundsService) {}

  @OnDomainEvent(EVENTS.refundRequested)
  async onRefundRequested(event: RefundRequestedEvent): Promise<void> {
    await this.refunds.send(event.refundId);
  }
}
