import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MSG, NOTIFICATION_STATUS, type NotificationItem, type NotificationStatus } from '@jara/contracts';
import { ListResult, paginate, type ListQuery } from '../../common/list/list-query';
import { Notification } from './notification.entity';

export interface NewNotification {
  userId: number;
  title: string;
  description?: string | null;
  message?: string | null;
}

@Injectable()
export class NotificationsService {
  constructor(@InjectRepository(Notification) private readonly repo: Repository<Notification>) {}

  /** Other modules call this through events (see notifications.listener.ts). */
  async notify(input: NewNotification): Promise<NotificationItem> {
    const row = this.repo.create({
      user_id: input.userId,
      title: input.title,
      description: input.description ?? null,
      message: input.message ?? null,
      status: NOTIFICATION_STATUS.UNREAD,
    });
    await this.repo.insert(row);
    return this.present(row);
  }

  async listFor(userId: number, query: ListQuery): Promise<ListResult<NotificationItem>> {
    const qb = this.repo.createQueryBuilder('n').where('n.user_id = :userId', { userId });
    const page = await paginate(qb, query, {
      sortable: { created_at: 'n.created_at', status: 'n.status' },
      filterable: { status: 'n.status' },
      defaultSort: { field: 'created_at', order: 'DESC' },
      tiebreaker: 'n.id',
      defaultPerPage: 20,
    });
    const unread = await this.unreadCount(userId);
    return new ListResult(page.data.map((n) => this.present(n)), page.total, page.page, page.perPage, { unread });
  }

  unreadCount(userId: number): Promise<number> {
    return this.repo.count({ where: { user_id: userId, status: NOTIFICATION_STATUS.UNREAD } });
  }

  async setStatus(userId: number, id: number, status: NotificationStatus): Promise<NotificationItem> {
    const row = await this.own(userId, id);
    await this.repo.update({ id: row.id }, { status });
    row.status = status;
    return this.present(row);
  }

  async markAllRead(userId: number): Promise<number> {
    const result = await this.repo.update({ user_id: userId, status: NOTIFICATION_STATUS.UNREAD }, { status: NOTIFICATION_STATUS.READ });
    return result.affected ?? 0;
  }

  /** Every notification of a user (when the user is deleted: they may carry their name). */
  async removeAllFor(userId: number): Promise<void> {
    await this.repo.delete({ user_id: userId });
  }

  async remove(userId: number, id: number): Promise<void> {
    const row = await this.own(userId, id);
    await this.repo.delete({ id: row.id });
  }

  /** Another user's notification is a 404: its existence is not revealed. */
  private async own(userId: number, id: number): Promise<Notification> {
    const row = await this.repo.findOne({ where: { id, user_id: userId } });
    if (!row) throw new NotFoundException(MSG.notifications.notFound);
    return row;
  }

  private present(n: Notification): NotificationItem {
    return {
      id: n.id,
      title: n.title,
      description: n.description,
      message: n.message,
      status: n.status === NOTIFICATION_STATUS.READ ? NOTIFICATION_STATUS.READ : NOTIFICATION_STATUS.UNREAD,
      created_at: new Date(n.created_at ?? Date.now()).toISOString(),
    };
  }
}
