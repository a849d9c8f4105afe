import { Link, NavLink, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { PUBLIC_MAIN_MENU, PUBLIC_SERVICES } from '~/lib/navigation';
import { CartButton } from './cart-button';
import { Logo } from './logo';
import { MenuToggle } from './menu-toggle';

export interface CategoryOption {
  id: number;
  name: string;
  /** Encrypted id: category links are /category/{key}. */
  key: string;
}

function CategoriesDropdown({ categories }: { categories: CategoryOption[] }) {
  return (
    <details className="categories-dropdown">
      <summary>All Categories</summary>
      <div className="dropdown-panel" role="menu">
        {categories.length === 0 ? (
          <p className="dropdown-empty">No categories yet.</p>
        ) : (
          <ul>
            {categories.map((category) => (
              <li key={category.id}>
                <Link role="menuitem" to={`/category/${category.key}`}>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

function AccountLinks({ signedIn }: { signedIn: boolean }) {
  if (signedIn) {
    return (
      <Link className="btn btn-primary btn-small" to="/dashboard">
        My Account
      </Link>
    );
  }
  return (
    <>
      <Link className="btn btn-ghost btn-small" to="/login">
        Sign In
      </Link>
      <Link className="btn btn-primary btn-small" to="/sign_up">
        Sign Up
      </Link>
    </>
  );
}

/** Public header of spec 2.5. The mobile menu is a checkbox-driven drawer, so it opens without JavaScript. */
export function PublicHeader({ signedIn, categories }: { signedIn: boolean; categories: CategoryOption[] }) {
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
    document
      .querySelectorAll<HTMLDetailsElement>('.categories-dropdown[open]')
      .forEach((el) => el.removeAttribute('open'));
  }, [location.pathname, location.search]);

  return (
    <header className="public-header">
      <input
        ref={toggle}
        type="checkbox"
        id="public-menu-toggle"
        className="drawer-toggle"
        aria-hidden="true"
        tabIndex={-1}
      />
      <div className="public-header-bar container">
        <Logo />
        <nav className="public-nav" aria-label="Main">
          {PUBLIC_MAIN_MENU.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="public-header-actions">
          <CategoriesDropdown categories={categories} />
          <AccountLinks signedIn={signedIn} />
        </div>
        <div className="public-cart">
          <CartButton />
        </div>
        <MenuToggle htmlFor="public-menu-toggle" className="menu-button" label="Open menu" glyph="☰" />
      </div>
      <nav className="services-bar" aria-label="Our Services">
        <div className="container services-links">
          {PUBLIC_SERVICES.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {item.label}
            </NavLink>
          ))}
        </div>
      </nav>

      <label htmlFor="public-menu-toggle" className="drawer-overlay" aria-hidden="true" />
      <aside className="drawer drawer-public" aria-label="Mobile menu">
        <div className="drawer-head">
          <Logo />
          <MenuToggle htmlFor="public-menu-toggle" className="menu-button menu-close" label="Close menu" glyph="×" />
        </div>
        <div className="drawer-section">
          <h2>Main Menu</h2>
          <ul>
            {PUBLIC_MAIN_MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {signedIn ? (
              <li>
                <NavLink to="/dashboard">My Account</NavLink>
              </li>
            ) : (
              <>
                <li>
                  <NavLink to="/login">Sign In</NavLink>
                </li>
                <li>
                  <NavLink to="/sign_up">Sign Up</NavLink>
                </li>
              </>
            )}
          </ul>
        </div>
        <div className="drawer-section">
          <h2>Our Services</h2>
          <ul>
            {PUBLIC_SERVICES.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </div>
        <div className="drawer-section">
          <CategoriesDropdown categories={categories} />
        </div>
      </aside>
    </header>
  );
}
