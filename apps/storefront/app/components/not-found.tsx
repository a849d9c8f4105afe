import { Link } from '@remix-run/react';

export function NotFound() {
  return (
    <main className="status-page">
      <p className="status-code">404</p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <div className="status-actions">
        <Link className="btn btn-primary" to="/">
          Back to home
        </Link>
        <Link className="btn btn-ghost" to="/contact">
          Contact us
        </Link>
      </div>
    </main>
  );
}
