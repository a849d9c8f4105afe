import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { MSG } from '@jara/contracts';
import { EVENTS, type UserDeletedEvent, type UserVerifiedEvent } from '../../common/events';
import { NotificationsService } from './notifications.service';

/** Turns domain events from other modules into notifications. */
@Injectable()
export class NotificationsListener {
  constructor(private readonly notifications: NotificationsService) {}

  @OnEvent(EVENTS.userVerified, { promisify: true })
  async onUserVerified(event: UserVerifiedEvent): Promise<void> {
    await this.notifications.notify({
      userId: event.userId,
      title: MSG.notifications.welcomeTitle,
      description: MSG.notifications.welcomeDescription,
      message: `Hello ${event.name ?? 'there'}, welcome to Jara. ${MSG.notifications.welcomeDescription}`,
    });
  }

  @OnEvent(EVENTS.userDeleted, { promisify: true })
  async onUserDeleted(event: UserDeletedEvent): Promise<void> {
    await this.notifications.removeAllFor(event.userId);
  }
}
