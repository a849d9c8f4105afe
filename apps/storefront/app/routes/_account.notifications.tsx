import {
  defer,
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Await, Form, useFetcher, useLoaderData } from '@remix-run/react';
import { Suspense } from 'react';
import {
  MSG,
  NOTIFICATION_STATUS,
  formatLongDateTime,
  isBackOfficeLink,
  notificationLink,
  type NotificationItem,
} from '@jara/contracts';
import { api, serverMessage } from '~/lib/api.server';
import { env } from '~/lib/env.server';
import { text } from '~/lib/form';
import { fetchNotifications, type NotificationsResult } from '~/lib/notifications.server';
import { requireUser, signOutAndRedirect } from '~/lib/session.server';
import { assertSameOrigin } from '~/lib/same-origin.server';

export const meta: MetaFunction = () => [{ title: 'Notifications | Jara' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const failed: NotificationsResult = { items: [], unread: 0, error: true };
  // Streamed, so the page shows its loading state while the list arrives. A 401 is handled by the layout.
  const notifications = fetchNotifications(request, auth).catch(() => failed);
  return defer({ notifications });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request);
  const form = await request.formData();
  const intent = text(form.get('intent'));
  const id = Number(text(form.get('id')));
  let result;
  if (intent === 'read-all') {
    result = await api('/notifications/read-all', { method: 'POST', token: auth.token });
  } else if (!Number.isInteger(id) || id <= 0) {
    return json({ ok: false, message: MSG.notifications.notFound }, { status: 400 });
  } else if (intent === 'open') {
    // Opening marks it read; where it leads comes from the API's answer (a same-site path), never from the form.
    const opened = await api<{ data: NotificationItem }>(`/notifications/${id}`, {
      method: 'PUT',
      token: auth.token,
      json: { status: NOTIFICATION_STATUS.READ },
    });
    if (opened.status === 401) return signOutAndRedirect(request, auth.session);
    if (!opened.ok)
      return json(
        { ok: false, message: serverMessage(opened.error) ?? MSG.notifications.notFound },
        { status: opened.status || 502 },
      );
    const link = notificationLink(opened.data?.data?.link);
    if (!link) return redirect('/notifications');
    return redirect(auth.role === 'admin' && isBackOfficeLink(link) ? `${env.adminUrl}${link}` : link);
  } else if (intent === 'read') {
    result = await api(`/notifications/${id}`, {
      method: 'PUT',
      token: auth.token,
      json: { status: NOTIFICATION_STATUS.READ },
    });
  } else if (intent === 'delete') {
    result = await api(`/notifications/${id}`, { method: 'DELETE', token: auth.token });
  } else {
    return json({ ok: false, message: 'Unknown action.' }, { status: 400 });
  }
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (!result.ok)
    return json(
      { ok: false, message: serverMessage(result.error) ?? MSG.common.serverError },
      { status: result.status || 502 },
    );
  return json({ ok: true, message: '' });
}

function NotificationRow({ item }: { item: NotificationItem }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== 'idle' ? fetcher.formData?.get('intent') : null;
  if (busy === 'delete') return null; // optimistic: gone while the API deletes it
  const unread = item.status === NOTIFICATION_STATUS.UNREAD && busy !== 'read';
  return (
    <li className={`notification-card${unread ? ' unread' : ''}`} data-testid="notification">
      <div className="notification-body">
        <h2 className="notification-title">
          {unread ? <span className="unread-dot" role="img" aria-label="Unread" /> : null}
          {item.title}
        </h2>
        {item.description ? <p className="notification-text">{item.description}</p> : null}
        {item.message && item.message !== item.description ? (
          <p className="notification-text muted">{item.message}</p>
        ) : null}
        <p className="notification-date">{formatLongDateTime(item.created_at)}</p>
        {fetcher.data && !fetcher.data.ok ? (
          <p className="field-error" role="alert">
            {fetcher.data.message}
          </p>
        ) : null}
      </div>
      <div className="notification-actions">
        {notificationLink(item.link) ? (
          <Form method="post" action="/notifications">
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              name="intent"
              value="open"
              className="btn btn-primary btn-small"
              aria-label={`View: ${item.title}`}
              data-testid="notification-open"
            >
              View
            </button>
          </Form>
        ) : null}
        {unread ? (
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" name="intent" value="read" className="btn btn-ghost btn-small">
              Mark as read
            </button>
          </fetcher.Form>
        ) : null}
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" name="intent" value="delete" className="btn btn-danger btn-small">
            Delete
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

function NotificationList({ result }: { result: NotificationsResult }) {
  if (result.error) {
    return (
      <p className="form-error" role="alert">
        {MSG.notifications.loadError}
      </p>
    );
  }
  if (result.items.length === 0) return <p className="empty-state">{MSG.notifications.empty}</p>;
  return (
    <ul className="notification-list">
      {result.items.map((item) => (
        <NotificationRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

export default function NotificationsPage() {
  const { notifications } = useLoaderData<typeof loader>();
  return (
    <section className="stack">
      <h1>Notifications</h1>
      <Suspense
        fallback={
          <p className="loading-state" role="status">
            Loading notifications…
          </p>
        }
      >
        <Await
          resolve={notifications}
          errorElement={
            <p className="form-error" role="alert">
              {MSG.notifications.loadError}
            </p>
          }
        >
          {(result) => <NotificationList result={result as NotificationsResult} />}
        </Await>
      </Suspense>
    </section>
  );
}
