import type { MetaFunction } from '@remix-run/node';
import { Link, useRouteLoaderData } from '@remix-run/react';
import { normalizeRole, ROLE_LABELS, type PublicUser } from '@jara/contracts';

export const meta: MetaFunction = () => [{ title: 'Dashboard | Jara' }];

const SHORTCUTS = [
  { to: '/settings?q=profile', title: 'Your profile', text: 'Check your name, phone and delivery address.' },
  { to: '/notifications', title: 'Notifications', text: 'Messages about your account, orders and parcels.' },
  { to: '/account-tracker', title: 'Track a parcel', text: 'Follow a shipment by its tracking number.' },
  { to: '/support', title: 'Support', text: 'Ask our team for help.' },
];

export default function Dashboard() {
  const data = useRouteLoaderData<{ user: PublicUser }>('routes/_account');
  const user = data?.user;
  const role = normalizeRole(user?.role);
  return (
    <div className="stack-lg">
      <section className="welcome-card">
        <h1>Welcome to your dashboard</h1>
        <p>
          Signed in as <strong>{user?.email}</strong> ({ROLE_LABELS[role]}).
        </p>
        <p className="muted">
          Your storefront home with flash sales, new arrivals and top-rated products will appear here once the shop
          opens.
        </p>
      </section>
      <section>
        <h2 className="section-title">Shortcuts</h2>
        <div className="card-grid">
          {SHORTCUTS.map((item) => (
            <Link key={item.to} to={item.to} className="service-card">
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
