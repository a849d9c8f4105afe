import { Injectable } from '@nestjs/common';
import {
  EVENTS,
  OnDomainEvent,
  type DeliveryChangedEvent,
  type InvoiceIssuedEvent,
  type InvoicePaidEvent,
  type OrderStatusChangedEvent,
  type UserDeletedEvent,
} from '../../common/events';
import { MessagingService } from './messaging.service';

/** What the outbox passes beside the payload (common/outbox): the event's id, the key of its messages. */
interface OutboxMeta {
  outboxId?: number;
}

/**
 * Status updates by SMS and WhatsApp (issue 26, decisions 043 and 048): subscribes to the logistics, orders and
 * invoices events (each delivered by the outbox with its id), never writes their tables.
 */
@Injectable()
export class MessagingListener {
  constructor(private readonly messaging: MessagingService) {}

  @OnDomainEvent(EVENTS.deliveryChanged)
  async onDeliveryChanged(event: DeliveryChangedEvent, meta?: OutboxMeta): Promise<void> {
    await this.messaging.onDeliveryChanged(event, meta?.outboxId ?? null);
  }

  @OnDomainEvent(EVENTS.orderStatusChanged)
  async onOrderStatusChanged(event: OrderStatusChangedEvent, meta?: OutboxMeta): Promise<void> {
    await this.messaging.onOrderStatusChanged(event, meta?.outboxId ?? null);
  }

  @OnDomainEvent(EVENTS.invoiceIssued)
  async onInvoiceIssued(event: InvoiceIssuedEvent, meta?: OutboxMeta): Promise<void> {
    await this.messaging.onInvoiceIssued(event, meta?.outboxId ?? null);
  }

  @OnDomainEvent(EVENTS.invoicePaid)
  async onInvoicePaid(event: InvoicePaidEvent, meta?: OutboxMeta): Promise<void> {
    await this.messaging.onInvoicePaid(event, meta?.outboxId ?? null);
  }

  @OnDomainEvent(EVENTS.userDeleted)
  async onUserDeleted(event: UserDeletedEvent): Promise<void> {
    await this.messaging.forgetUser(event.userId);
  }
}
