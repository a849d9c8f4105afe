import type { ListMeta, ListResponse, NotificationItem } from '@jara/contracts';
import { api } from './api.server';
import { signOutAndRedirect, type SignedIn } from './session.server';

export interface NotificationsResult {
  items: NotificationItem[];
  unread: number;
  error: boolean;
}

export async function fetchNotifications(request: Request, auth: SignedIn, perPage = 50): Promise<NotificationsResult> {
  const result = await api<ListResponse<NotificationItem, ListMeta>>(`/notifications?per_page=${perPage}`, {
    token: auth.token,
    signal: request.signal,
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (!result.ok || !Array.isArray(result.data?.data)) return { items: [], unread: 0, error: true };
  const items = result.data.data;
  const unread = Number(result.data.meta?.unread ?? items.filter((item) => item.status === 0).length);
  return { items, unread, error: false };
}
