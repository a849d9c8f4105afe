import { Form, NavLink, useLocation } from '@remix-run/react';
import type { Role } from '@jara/contracts';
import { SIDEBAR_ITEMS, SIDEBAR_LOGISTICS, allowed } from '~/lib/navigation';
import { Logo } from './logo';
import { MenuToggle } from './menu-toggle';

/** Sidebar of spec 2.3: entries hidden by role, an expandable Logistics group and Logout. */
export function AccountSidebar({ role }: { role: Role }) {
  const location = useLocation();
  const logistics = SIDEBAR_LOGISTICS.filter((item) => allowed(item, role));
  const inLogistics = logistics.some((item) => location.pathname.startsWith(item.to));
  return (
    <aside className="account-sidebar" aria-label="Account">
      <div className="sidebar-head">
        <Logo to="/dashboard" light />
        <MenuToggle
          htmlFor="account-menu-toggle"
          className="menu-button menu-close sidebar-close"
          label="Close menu"
          glyph="×"
        />
      </div>
      <nav className="sidebar-nav">
        <ul>
          {SIDEBAR_ITEMS.filter((item) => allowed(item, role)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} prefetch="intent">
                <span className="nav-icon" aria-hidden="true">
                  {item.icon}
                </span>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <details className="sidebar-group" open={inLogistics || undefined}>
              <summary>
                <span className="nav-icon" aria-hidden="true">
                  ▣
                </span>
                Logistics
              </summary>
              <ul>
                {logistics.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to}>
                      <span className="nav-icon" aria-hidden="true">
                        {item.icon}
                      </span>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        </ul>
      </nav>
      <Form method="post" action="/logout" className="sidebar-logout">
        <button type="submit" className="sidebar-logout-button">
          <span className="nav-icon" aria-hidden="true">
            ⎋
          </span>
          Logout
        </button>
      </Form>
    </aside>
  );
}
