import { Injectable } from '@nestjs/common';
import { EVENTS, OnDomainEvent, type DeliveryChangedEvent, type UserDeletedEvent } from '../../common/events';
import { MessagingService } from './messaging.service';

/** What the outbox passes beside the payload (common/outbox): the event's id, the key of its messages. */
interface OutboxMeta {
  outboxId?: number;
}

/** Delivery status updates by SMS and WhatsApp (issue 26): subscribes to the logistics events, never writes theirs. */
@Injectable()
export class MessagingListener {
  constructor(private readonly messaging: MessagingService) {}

  @OnDomainEvent(EVENTS.deliveryChanged)
  async onDeliveryChanged(event: DeliveryChangedEvent, meta?: OutboxMeta): Promise<void> {
    await this.messaging.onDeliveryChanged(event, meta?.outboxId ?? null);
  }

  @OnDomainEvent(EVENTS.userDeleted)
  async onUserDeleted(event: UserDeletedEvent): Promise<void> {
    await this.messaging.forgetUser(event.userId);
  }
}
