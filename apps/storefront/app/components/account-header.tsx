import { Form, Link, useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import {
  GREETING_REFRESH_MS,
  MSG,
  NOTIFICATION_STATUS,
  greetingLine,
  firstName,
  notificationLink,
  type NotificationItem,
  type PublicUser,
} from '@jara/contracts';
import { useDismissDetails } from '~/lib/use-dismiss';
import { CartButton } from './cart-button';
import { MenuToggle } from './menu-toggle';

function Greeting() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), GREETING_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="greeting-line" suppressHydrationWarning>
      {greetingLine(now)}
    </p>
  );
}

export interface NotificationFeed {
  items: NotificationItem[];
  unread: number;
  error?: boolean;
}

function NotificationBell({ unread }: { unread: number }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissDetails(ref);
  const feed = useFetcher<NotificationFeed>({ key: 'notification-feed' });
  const mark = useFetcher({ key: 'notification-mark' });
  const [opened, setOpened] = useState(false);

  function onToggle() {
    const open = Boolean(ref.current?.open);
    setOpened(open);
    if (open && feed.state === 'idle') feed.load('/resources/notifications');
  }

  const count = feed.data && !feed.data.error ? feed.data.unread : unread;
  const items = feed.data?.items ?? [];
  const loading = opened && (feed.state === 'loading' || !feed.data);

  return (
    <details ref={ref} className="popup notification-bell" onToggle={onToggle}>
      <summary className="icon-button" aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.8V3.5a1.5 1.5 0 0 0-3 0v.7A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {count > 0 ? <span className="badge">{count > 99 ? '99+' : count}</span> : null}
      </summary>
      <div className="popup-panel notification-panel" role="region" aria-label="Notifications">
        <div className="popup-title">
          <strong>Notifications</strong>
          <Link to="/notifications">View all</Link>
        </div>
        {loading ? (
          <p className="popup-empty">{MSG.notifications.loading}</p>
        ) : feed.data?.error ? (
          <p className="popup-empty">{MSG.notifications.loadError}</p>
        ) : items.length === 0 ? (
          <p className="popup-empty">{MSG.notifications.dropdownEmpty}</p>
        ) : (
          <ul className="notification-list-compact">
            {items.map((item) => {
              const isUnread = item.status === NOTIFICATION_STATUS.UNREAD;
              return (
                <li key={item.id} className={isUnread ? 'unread' : undefined}>
                  {notificationLink(item.link) ? (
                    <Form method="post" action="/notifications">
                      <input type="hidden" name="id" value={item.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="open"
                        className="btn-link notification-title notification-open"
                      >
                        {item.title}
                      </button>
                    </Form>
                  ) : (
                    <p className="notification-title">{item.title}</p>
                  )}
                  {item.description ? <p className="notification-text">{item.description}</p> : null}
                  {isUnread ? (
                    <mark.Form method="post" action="/notifications">
                      <input type="hidden" name="intent" value="read" />
                      <input type="hidden" name="id" value={item.id} />
                      <button type="submit" className="btn-link small">
                        Mark as read
                      </button>
                    </mark.Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </details>
  );
}

function ProfileMenu({ user }: { user: PublicUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissDetails(ref);
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  return (
    <details ref={ref} className="popup profile-menu">
      <summary className="avatar-button" aria-label="Profile menu">
        {user.image ? <img src={user.image} alt="" width={36} height={36} /> : <span>{initial}</span>}
      </summary>
      <div className="popup-panel profile-panel">
        <p className="profile-name">{user.name || user.email}</p>
        <p className="profile-phone">{user.phone || MSG.common.noContact}</p>
        <ul>
          <li>
            <Link to="/settings">View Profile</Link>
          </li>
          <li>
            <Link to="/settings/account">Settings</Link>
          </li>
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className="btn-link danger">
                Logout
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}

/** Header of spec 2.4: 'Hi' + second name, greeting line, cart, notifications, profile popup. */
export function AccountHeader({ user, unread }: { user: PublicUser; unread: number }) {
  return (
    <header className="account-header">
      <MenuToggle
        htmlFor="account-menu-toggle"
        className="menu-button account-menu-button"
        label="Open menu"
        glyph="☰"
      />
      <div className="account-title">
        <p className="hi">{`Hi ${firstName(user.name)}`}</p>
        <Greeting />
      </div>
      <div className="account-actions">
        <CartButton />
        <NotificationBell unread={unread} />
        <ProfileMenu user={user} />
      </div>
    </header>
  );
}
