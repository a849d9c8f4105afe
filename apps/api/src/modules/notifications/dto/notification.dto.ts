import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt } from 'class-validator';
import { NOTIFICATION_STATUS, type NotificationStatus } from '@jara/contracts';

export class UpdateNotificationDto {
  @ApiProperty({ enum: [0, 1], description: '1 marks the notification as read' })
  @Type(() => Number)
  @IsInt({ message: 'Status must be 0 or 1.' })
  @IsIn([NOTIFICATION_STATUS.UNREAD, NOTIFICATION_STATUS.READ], { message: 'Status must be 0 or 1.' })
  status!: NotificationStatus;
}
