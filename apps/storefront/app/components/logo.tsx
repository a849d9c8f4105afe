import { Link } from '@remix-run/react';

export function Logo({ to = '/', light = false }: { to?: string; light?: boolean }) {
  return (
    <Link to={to} className={`logo${light ? ' logo-light' : ''}`}>
      <span className="logo-mark" aria-hidden="true">
        J
      </span>
      <span className="logo-word">Jara</span>
      <span className="visually-hidden"> home</span>
    </Link>
  );
}
