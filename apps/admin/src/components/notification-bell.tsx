import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Badge, Button, Flex, Popover, Spin, Typography } from 'antd';
import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import {
  MSG,
  NOTIFICATION_STATUS,
  isBackOfficeLink,
  notificationLink,
  type NotificationItem,
  type NotificationListMeta,
} from '@jara/contracts';
import { SubWhen } from './cell-text';

/** Local UI text of the bell and the notifications page; the spec's states come from MSG.notifications. */
export const NOTIFICATION_TEXT = {
  title: 'Notifications',
  bell: (unread: number) => (unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`),
  markRead: 'Mark as read',
  markReadOf: (title: string) => `Mark as read: ${title}`,
  markAllRead: 'Mark all as read',
  seeAll: 'See all notifications',
  unread: 'Unread',
  all: 'All',
  filter: 'Show',
  deleteOf: (title: string) => `Delete "${title}"`,
  deleteTitle: 'Delete this notification?',
  deleteYes: 'Yes, delete',
  cancel: 'Cancel',
  deleted: 'Notification deleted',
  deleteFailed: 'Failed to delete the notification',
  markFailed: 'Failed to update the notification',
} as const;

/** How many notifications the dropdown shows, and how often the bell asks for new ones. */
const LATEST = 5;
const POLL_MS = 60_000;

/** The bell's own query (GET /notifications?per_page=5): its list answers meta.unread. */
export const BELL_QUERY_KEY = ['jara', 'notification-bell'] as const;

interface NotificationList {
  data: NotificationItem[];
  meta: NotificationListMeta;
}

/** Refetches the bell and the notifications page after a change. */
export function useNotificationsRefresh() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: BELL_QUERY_KEY });
    void invalidate({ resource: 'notifications', invalidates: ['list'] });
  }, [queryClient, invalidate]);
}

/** PUT /notifications/{id} {status: 1} and POST /notifications/read-all, refreshing the bell and the page after. */
export function useMarkRead() {
  const refresh = useNotificationsRefresh();
  const { mutate, mutation } = useCustomMutation<{ data?: unknown }, HttpError>();
  const send = (url: string, method: 'put' | 'post', values: object) =>
    mutate(
      {
        url,
        method,
        values,
        successNotification: false,
        errorNotification: (error) => ({
          message: NOTIFICATION_TEXT.markFailed,
          description: error?.message,
          type: 'error',
        }),
      },
      { onSettled: refresh },
    );
  const markRead = (id: number) => send(`notifications/${id}`, 'put', { status: NOTIFICATION_STATUS.READ });
  const markAllRead = () => send('notifications/read-all', 'post', {});
  const pendingId = mutation.isPending ? (mutation.variables?.url ?? '') : null;
  return { markRead, markAllRead, pendingUrl: pendingId };
}

/** The back office's own link of a notification (a support request), or null: others belong to the storefront. */
export function backOfficeLink(item: NotificationItem): string | null {
  const link = notificationLink(item.link);
  return link && isBackOfficeLink(link) ? link : null;
}

/** A notification's title, opening what it is about when that is in the back office (and marking it read). */
export function NotificationTitle({ item, onOpen }: { item: NotificationItem; onOpen?: () => void }) {
  const link = backOfficeLink(item);
  return link ? (
    <Link to={link} onClick={onOpen} data-testid="notification-open">
      {item.title}
    </Link>
  ) : (
    <>{item.title}</>
  );
}

/** One notification of the dropdown: title (bold while unread), its text, when, and Mark as read. */
function BellItem({ item, busy, onRead }: { item: NotificationItem; busy: boolean; onRead: (id: number) => void }) {
  const unread = item.status === NOTIFICATION_STATUS.UNREAD;
  const text = item.description || item.message;
  return (
    <li
      data-testid="bell-item"
      data-unread={unread ? 'true' : 'false'}
      style={{
        listStyle: 'none',
        padding: '8px 4px',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Flex gap={8} align="start" justify="space-between">
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong={unread} style={{ display: 'block', overflowWrap: 'anywhere' }}>
            {unread && <span className="jara-visually-hidden">{NOTIFICATION_TEXT.unread}: </span>}
            <NotificationTitle item={item} onOpen={unread ? () => onRead(item.id) : undefined} />
          </Typography.Text>
          {text && (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 2 }}
              style={{ margin: 0, fontSize: 13, overflowWrap: 'anywhere' }}
            >
              {text}
            </Typography.Paragraph>
          )}
          <SubWhen at={item.created_at} />
        </div>
        {unread && (
          <Button
            size="small"
            type="text"
            icon={<CheckOutlined />}
            aria-label={NOTIFICATION_TEXT.markReadOf(item.title)}
            title={NOTIFICATION_TEXT.markRead}
            loading={busy}
            onClick={() => onRead(item.id)}
            style={{ flex: 'none' }}
          />
        )}
      </Flex>
    </li>
  );
}

/**
 * The header's bell: the unread count (meta.unread of GET /notifications), a dropdown of the latest few with Mark as
 * read and Mark all as read, and a link to every notification. It asks again every minute, on each navigation and
 * when it is opened. States as the spec's dropdown: Loading, No notifications; 300 wide, at most 350 high.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { result, query } = useCustom<NotificationList, HttpError>({
    url: 'notifications',
    method: 'get',
    config: { query: { page: 1, per_page: LATEST } },
    queryOptions: { queryKey: BELL_QUERY_KEY, refetchInterval: POLL_MS },
    errorNotification: false,
  });
  const { markRead, markAllRead, pendingUrl } = useMarkRead();
  const items = result.data?.data ?? [];
  const unread = result.data?.meta?.unread ?? 0;

  // A new screen, a new look (the first render fetches by itself).
  const first = useRef(true);
  const { refetch } = query;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refetch();
  }, [pathname, refetch]);

  const content = (
    <div style={{ width: 'min(300px, calc(100vw - 48px))' }} data-testid="bell-dropdown">
      <Flex align="center" justify="space-between" style={{ paddingBottom: 4, borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text strong>{NOTIFICATION_TEXT.title}</Typography.Text>
        {unread > 0 && (
          <Button size="small" type="link" onClick={markAllRead} style={{ paddingInline: 0 }}>
            {NOTIFICATION_TEXT.markAllRead}
          </Button>
        )}
      </Flex>
      <div style={{ maxHeight: 350, overflowY: 'auto' }}>
        {query.isLoading ? (
          <Flex align="center" justify="center" gap={8} style={{ padding: 16 }}>
            <Spin size="small" />
            <Typography.Text type="secondary">{MSG.notifications.loading}</Typography.Text>
          </Flex>
        ) : query.isError ? (
          <Alert type="error" showIcon message={MSG.notifications.loadError} style={{ margin: '8px 0' }} />
        ) : items.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ padding: 16, margin: 0, textAlign: 'center' }}>
            {MSG.notifications.dropdownEmpty}
          </Typography.Paragraph>
        ) : (
          <ul style={{ padding: 0, margin: 0 }} aria-label={NOTIFICATION_TEXT.title}>
            {items.map((item) => (
              <BellItem key={item.id} item={item} busy={pendingUrl === `notifications/${item.id}`} onRead={markRead} />
            ))}
          </ul>
        )}
      </div>
      <div style={{ paddingTop: 8, textAlign: 'center' }}>
        <Link to="/notifications" onClick={() => setOpen(false)}>
          {NOTIFICATION_TEXT.seeAll}
        </Link>
      </div>
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      // Centred under the bell, antd shifts the dropdown back into the screen at the edges (bottomRight would
      // only flip, and overflow the left edge of a phone where the admin's name sits right of the bell).
      placement="bottom"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refetch();
      }}
    >
      <Button
        type="text"
        shape="circle"
        aria-label={NOTIFICATION_TEXT.bell(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
        icon={
          <Badge count={unread} size="small" overflowCount={99} data-testid="bell-count">
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
