import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import {
  MSG,
  NOTIFICATION_STATUS,
  notificationLink,
  type NotificationItem,
  type NotificationStatus,
} from '@jara/contracts';
import { NotFoundError } from '../../common/errors';
import { ListResult, paginate, type ListQuery } from '../../common/list/list-query';
import { MailService } from '../../common/mail/mail.service';
import { User } from '../users/user.entity';
import { insertRows } from '../../database/inserted-ids';
import { MessagingService } from '../messaging/messaging.service';
import { Notification } from './notification.entity';

export interface NewNotification {
  userId: number;
  title: string;
  description?: string | null;
  message?: string | null;
  /** What it opens: a relative path of the recipient's app (anything else is dropped, never stored). */
  link?: string | null;
  /**
   * Also e-mail it: 'always' for essential mail (KYC decisions, invoices, money), 'updates' for news the user may
   * mute in Settings (deliveries, orders, support replies). Absent: in-app only.
   */
  email?: 'always' | 'updates';
  /**
   * 'updates': news the user may keep out of the bell in Settings (delivery status updates, issue 26: the messaging
   * module's in_app choice). Absent: always in-app.
   */
  inApp?: 'updates';
}

@Injectable()
export class NotificationsService {
  private readonly logger = new Logger('Notifications');

  constructor(
    @InjectRepository(Notification) private readonly repo: Repository<Notification>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly mail: MailService,
    private readonly messaging: MessagingService,
  ) {}

  /** Other modules call this through events (see notifications.listener.ts). */
  async notify(input: NewNotification): Promise<NotificationItem | null> {
    if (input.inApp === 'updates' && !(await this.messaging.inAppUpdates(input.userId))) {
      if (input.email) await this.mailTo(input);
      return null;
    }
    const row = this.repo.create({
      user_id: input.userId,
      title: input.title,
      description: input.description ?? null,
      message: input.message ?? null,
      link: notificationLink(input.link),
      status: NOTIFICATION_STATUS.UNREAD,
    });
    // Not read back (nothing here needs the row's timestamps): one statement per notification.
    [row.id] = await insertRows(this.repo.manager, Notification, [{ ...row }]);
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
      select: ['id', 'email', 'name', 'email_updates'],
    });
    if (!user?.email) return;
    if (input.email === 'updates' && user.email_updates === 0) return;
    try {
      await this.mail.send({
        to: user.email,
        ...brandedEmail(
          input.title,
          user.name,
          input.message ?? input.description ?? input.title,
          input.email === 'updates',
        ),
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

  /** One of the user's own notifications (another user's is a 404). */
  async getFor(userId: number, id: number): Promise<NotificationItem> {
    return this.present(await this.own(userId, id));
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
    if (!row) throw new NotFoundError(MSG.notifications.notFound);
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
      link: notificationLink(n.link),
    };
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * The one e-mail layout of notifications: a plain text part and a small branded HTML part (inline styles, no
 * images or scripts), everything user-provided escaped. Update e-mails say how to turn them off.
 */
export function brandedEmail(
  title: string,
  name: string | null,
  body: string,
  mutable: boolean,
): { subject: string; text: string; html: string } {
  const hello = `Hello ${name?.trim() || 'there'},`;
  const footer = [MSG.notifications.emailFooter, ...(mutable ? [MSG.notifications.emailManage] : [])].join(' ');
  const text = `${hello}\n\n${body}\n\nThe Jara team\n\n--\n${footer}\n`;
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#14231d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="background:#0b6e4f;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">Jara</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(title)}</h1>
<p style="margin:0 0 12px">${escapeHtml(hello)}</p><p style="margin:0 0 12px;line-height:1.5">${escapeHtml(body)}</p>
<p style="margin:16px 0 0">The Jara team</p></td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#4a5a53;border-top:1px solid #e3e8e6">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: `${title} | Jara`, text, html };
}
