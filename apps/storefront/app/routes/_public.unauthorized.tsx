import { json, type MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { MSG } from '@jara/contracts';

export const meta: MetaFunction = () => [{ title: 'Unauthorized | Jara' }];

export const loader = () => json(null, { status: 403 });

export default function Unauthorized() {
  return (
    <main className="status-page">
      <p className="status-code">403</p>
      <h1>Access denied</h1>
      <p>{MSG.pages.unauthorized}</p>
      <div className="status-actions">
        <Link className="btn btn-primary" to="/dashboard">
          Go to my account
        </Link>
        <Link className="btn btn-ghost" to="/">
          Back to home
        </Link>
      </div>
    </main>
  );
}
