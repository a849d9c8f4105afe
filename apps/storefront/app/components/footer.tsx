import { Link } from '@remix-run/react';
import { PUBLIC_SERVICES } from '~/lib/navigation';
import { Logo } from './logo';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <Logo light />
          <p className="footer-tagline">
            Shop in naira, ship from overseas warehouses and track every parcel in one place.
          </p>
        </div>
        <div>
          <h2>Company</h2>
          <ul>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/help">Get help signing in</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2>Our Services</h2>
          <ul>
            {PUBLIC_SERVICES.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="footer-copy container">© {new Date().getFullYear()} Jara. All rights reserved.</p>
    </footer>
  );
}
