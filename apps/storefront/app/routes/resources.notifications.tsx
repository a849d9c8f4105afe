import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { fetchNotifications } from '~/lib/notifications.server';
import { requireUser } from '~/lib/session.server';

/** The header bell's feed (JSON for a fetcher): the latest ten notifications and the unread count. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const feed = await fetchNotifications(request, auth, 10);
  return json(feed, { headers: { 'Cache-Control': 'no-store' } });
}
