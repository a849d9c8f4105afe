import { Link } from '@remix-run/react';

/** The honest state of a screen a later issue builds: no sample data, just what is coming. */
export function ComingSoon({
  title,
  description,
  back = { to: '/', label: 'Back to home' },
}: {
  title: string;
  description: string;
  back?: { to: string; label: string } | null;
}) {
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <span className="coming-soon-badge">Coming soon</span>
      <h1 id="coming-soon-title">{title}</h1>
      <p>{description}</p>
      <p className="muted">This screen is being built and will appear here in an upcoming release.</p>
      {back ? (
        <Link className="btn btn-ghost" to={back.to}>
          {back.label}
        </Link>
      ) : null}
    </section>
  );
}
