import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/** Newsletter block: posts to the resource route (works without JavaScript as a plain form post too). */
export function Newsletter({ title = 'Subscribe to our newsletter', text }: { title?: string; text?: string }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <div>
        <h2 id="newsletter-title">{title}</h2>
        <p>{text ?? 'Flash sales, new arrivals and shipping news, straight to your inbox.'}</p>
      </div>
      <fetcher.Form ref={form} method="post" action="/resources/newsletter" className="newsletter-form">
        <label htmlFor="newsletter-email" className="visually-hidden">
          E-mail address
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          placeholder="Your e-mail address"
          required
          autoComplete="email"
        />
        <button type="submit" className="btn btn-accent" disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Subscribing…' : 'Subscribe'}
        </button>
      </fetcher.Form>
      {fetcher.data ? (
        <p className={fetcher.data.ok ? 'form-success' : 'form-error'} role={fetcher.data.ok ? 'status' : 'alert'}>
          {fetcher.data.message}
        </p>
      ) : null}
    </section>
  );
}
