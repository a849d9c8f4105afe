import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { PENDING_VERIFICATION_EMAIL_KEY, normalizeRole, type PublicUser } from '@jara/contracts';
import { AccountHeader } from '~/components/account-header';
import { AccountSidebar } from '~/components/account-sidebar';
import { loadCurrentUser } from '~/lib/account.server';
import { api } from '~/lib/api.server';
import { requireUser } from '~/lib/session.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request);
  const [{ user }, unreadResult] = await Promise.all([
    loadCurrentUser(request, signedIn),
    api<{ data?: { count?: number } }>('/notifications/unread-count', {
      token: signedIn.token,
      signal: request.signal,
    }),
  ]);
  const unread = unreadResult.ok ? Number(unreadResult.data?.data?.count ?? 0) : 0;
  // Only the public user record goes to the browser; the token stays in the httpOnly cookie.
  return json({ user, unread });
}

export default function AccountLayout() {
  const { user, unread } = useLoaderData<typeof loader>();
  const role = normalizeRole(user.role);
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const navigation = useNavigation();
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [location.pathname, location.search]);
  // Signed in (a verified code now signs the account in): no verification is pending any more.
  useEffect(() => {
    window.localStorage.removeItem(PENDING_VERIFICATION_EMAIL_KEY);
  }, []);

  return (
    <div className="account-shell">
      <input
        ref={toggle}
        type="checkbox"
        id="account-menu-toggle"
        className="drawer-toggle"
        aria-hidden="true"
        tabIndex={-1}
      />
      <AccountSidebar role={role} />
      <label htmlFor="account-menu-toggle" className="drawer-overlay account-overlay" aria-hidden="true" />
      <div className="account-main">
        <AccountHeader user={user as PublicUser} unread={unread} />
        {navigation.state === 'loading' ? <div className="progress-bar" aria-hidden="true" /> : null}
        <main className="account-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
