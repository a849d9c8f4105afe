import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/auth.decorators';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { UpdateNotificationDto } from '@jara/dto';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@ApiBearerAuth()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: 'Own notifications, newest first; meta.unread is the unread count' })
  list(@CurrentUser() user: User, @Query() query: ListQuery) {
    return this.notifications.listFor(user.id, query);
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'Unread count for the bell' })
  async unread(@CurrentUser() user: User) {
    return { data: { count: await this.notifications.unreadCount(user.id) } };
  }

  @Post('read-all')
  @HttpCode(200)
  async readAll(@CurrentUser() user: User) {
    return { data: { updated: await this.notifications.markAllRead(user.id) } };
  }

  @Put(':id')
  @ApiOperation({ summary: 'Set status (1 marks as read); another user’s notification is 404' })
  async update(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateNotificationDto) {
    return { data: await this.notifications.setStatus(user.id, id, dto.status) };
  }

  @Delete(':id')
  async remove(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number) {
    await this.notifications.remove(user.id, id);
    return { message: 'Notification deleted' };
  }
}
