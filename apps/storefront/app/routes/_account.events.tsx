import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MSG } from '@jara/contracts';
import { Countdown } from '~/components/countdown';
import { ProductCard, type CardProduct } from '~/components/product-card';
import { listProducts } from '~/lib/products.server';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Events | Jara' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const list = await listProducts(
    { type: 'flash', flash_active: 1, in_stock: 1, _sort: 'flash_end_at', _order: 'asc', per_page: 50 },
    { signal: request.signal },
  );
  const now = Date.now();
  const started = (p: CardProduct) => !p.flash_start_at || new Date(p.flash_start_at).getTime() <= now;
  return json({
    error: list.error,
    current: list.items.filter(started),
    upcoming: list.items.filter((p) => !started(p)),
  });
}

function EventList({ items }: { items: CardProduct[] }) {
  return (
    <ul className="product-grid">
      {items.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}

export default function Events() {
  const { error, current, upcoming } = useLoaderData<typeof loader>();
  const firstEnd = current[0]?.flash_end_at;
  return (
    <div className="stack-lg">
      <div>
        <h1>Flash Sale Events</h1>
        {firstEnd ? (
          <p className="section-countdown">
            Next sale ends in <Countdown end={firstEnd} style="header" />
          </p>
        ) : null}
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {MSG.lists.loadProductsFailed}
        </p>
      ) : (
        <>
          <section aria-labelledby="current-title" className="stack">
            <h2 className="section-title" id="current-title">
              On now
            </h2>
            {current.length ? <EventList items={current} /> : <p className="muted">No flash sales available.</p>}
          </section>
          {upcoming.length ? (
            <section aria-labelledby="upcoming-title" className="stack">
              <h2 className="section-title" id="upcoming-title">
                Coming up
              </h2>
              <EventList items={upcoming} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
