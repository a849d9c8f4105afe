import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MSG, formatNaira, toMinorUnits } from '@jara/contracts';
import { ProductCard } from '~/components/product-card';
import { env } from '~/lib/env.server';
import { listProducts } from '~/lib/products.server';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Gifts | Jara' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const max = env.giftMaxPrice;
  const list = await listProducts(
    // Only products that can be bought (in_stock=1, as the home page's promotions: decision 030).
    { rated: 1, min_rating: 4, max_price: max, in_stock: 1, _sort: 'average_rating', _order: 'desc', per_page: 24 },
    { signal: request.signal },
  );
  return json({ list, maxLabel: formatNaira(toMinorUnits(max)) });
}

export default function Gifts() {
  const { list, maxLabel } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <h1>Gift Ideas</h1>
      <p className="muted">{`Well-rated products (4 stars and up) under ${maxLabel}.`}</p>
      {list.error ? (
        <p className="form-error" role="alert">
          {MSG.lists.loadProductsFailed}
        </p>
      ) : list.items.length === 0 ? (
        <p className="empty-state">No gift ideas right now. Check back soon.</p>
      ) : (
        <ul className="product-grid">
          {list.items.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} rating />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
