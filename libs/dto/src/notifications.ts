import { Type } from 'class-transformer';
import { IsIn, IsInt } from 'class-validator';
import { NOTIFICATION_STATUS, type NotificationStatus } from '@jara/contracts';
import { Doc } from './core';

export class UpdateNotificationDto {
  @Doc({ description: '1 marks the notification as read' })
  @Type(() => Number)
  @IsInt({ message: 'Status must be 0 or 1.' })
  @IsIn([NOTIFICATION_STATUS.UNREAD, NOTIFICATION_STATUS.READ], { message: 'Status must be 0 or 1.' })
  status!: NotificationStatus;
}
