import type { NotificationStatus } from './statuses';

export interface NotificationItem {
  id: number;
  title: string;
  description: string | null;
  message: string | null;
  status: NotificationStatus;
  created_at: string;
}

export interface NotificationListMeta {
  total: number;
  page: number;
  per_page: number;
  unread: number;
}
