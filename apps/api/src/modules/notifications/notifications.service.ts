import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { MSG, NOTIFICATION_STATUS, type NotificationItem, type NotificationStatus } from '@jara/contracts';
import { ListResult, paginate, type ListQuery } from '../../common/list/list-query';
import { MailService } from '../../common/mail/mail.service';
import { User } from '../users/user.entity';
import { Notification } from './notification.entity';

export interface NewNotification {
  userId: number;
  title: string;
  description?: string | null;
  message?: string | null;
  /** Also e-mail it to the user's address (a plain text message with the title as subject). */
  email?: boolean;
}

@Injectable()
export class NotificationsService {
  private readonly logger = new Logger('Notifications');

  constructor(
    @InjectRepository(Notification) private readonly repo: Repository<Notification>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly mail: MailService,
  ) {}

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
    if (input.email) await this.mailTo(input);
    return this.present(row);
  }

  /** The same notification to every active admin (a new support request, a customer's reply). */
  async notifyAdmins(input: Omit<NewNotification, 'userId'>, exceptId?: number): Promise<void> {
    const admins = await this.users.find({
      where: { role: 'admin', deleted_at: IsNull() },
      select: ['id'],
      take: 50,
      order: { id: 'ASC' },
    });
    for (const admin of admins) if (admin.id !== exceptId) await this.notify({ ...input, userId: admin.id });
  }

  /** The e-mail twin of a notification; a failure to send is logged, the in-app notification stays. */
  private async mailTo(input: NewNotification): Promise<void> {
    const user = await this.users.findOne({
      where: { id: input.userId, deleted_at: IsNull() },
      select: ['id', 'email', 'name'],
    });
    if (!user?.email) return;
    const body = input.message ?? input.description ?? input.title;
    try {
      await this.mail.send({
        to: user.email,
        subject: `${input.title} | Jara`,
        text: `Hello ${user.name ?? 'there'},\n\n${body}\n\nThe Jara team\n`,
      });
    } catch (error) {
      this.logger.error(`E-mail "${input.title}" to user ${user.id} failed: ${(error as Error).message}`);
    }
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
    return new ListResult(
      page.data.map((n) => this.present(n)),
      page.total,
      page.page,
      page.perPage,
      { unread },
    );
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
    const result = await this.repo.update(
      { user_id: userId, status: NOTIFICATION_STATUS.UNREAD },
      { status: NOTIFICATION_STATUS.READ },
    );
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
