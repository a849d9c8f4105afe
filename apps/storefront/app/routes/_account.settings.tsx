import { redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, Outlet, useLocation, useRouteLoaderData } from '@remix-run/react';
import { MSG, type PublicUser } from '@jara/contracts';
import { SETTINGS_TABS, settingsTabOf } from '~/components/settings';
import { text } from '~/lib/form';
import { assertSameOrigin } from '~/lib/same-origin.server';

export const meta: MetaFunction = () => [{ title: 'Settings | Jara' }];

/**
 * Where each form of the former one-route Settings page (posted to /settings?q=..., with an `intent`) now goes. A page
 * opened before the change still posts here: a 307 sends the browser on to the form's own route with the same post.
 * Uploads are not read for this: a multipart post was the KYC form (?q=kyc) or else the avatar.
 */
const LEGACY_FORMS: Record<string, string> = {
  image: '/settings?index',
  profile: '/settings/account',
  'confirm-email': '/settings/email',
  'resend-email-code': '/settings/email/resend',
  notifications: '/settings/notifications',
  kyc: '/settings/kyc',
  logistics: '/settings/logistics',
};

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const multipart = (request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data');
  const intent = multipart
    ? new URL(request.url).searchParams.get('q') === 'kyc'
      ? 'kyc'
      : 'image'
    : text((await request.formData()).get('intent'));
  return redirect(LEGACY_FORMS[intent] ?? LEGACY_FORMS['profile'], 307);
}

/**
 * The Settings frame (spec 2.22): the tabs are links to the nested routes, so they work without JavaScript and each
 * tab has its URL. The spec's four tabs are shown to everyone; Logistics Settings' form saves for admins only.
 */
export default function SettingsLayout() {
  const user = useRouteLoaderData<{ user: PublicUser }>('routes/_account')?.user;
  const active = settingsTabOf(useLocation().pathname);
  return (
    <section className="stack">
      <h1>Settings</h1>
      <nav className="tabs" aria-label="Settings">
        {SETTINGS_TABS.map((tab) => (
          <Link
            key={tab.key}
            to={tab.to}
            className={`tab${active === tab.key ? ' active' : ''}`}
            aria-current={active === tab.key ? 'page' : undefined}
            preventScrollReset
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="tab-panel card">
        {user ? <Outlet context={user} /> : <p className="loading-state">{MSG.pages.loadingUser}</p>}
      </div>
    </section>
  );
}
