import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { MSG, TRACKING_NO_EXAMPLE } from '@jara/contracts';
import { Carousel } from '~/components/carousel';
import { Countdown } from '~/components/countdown';
import { Newsletter } from '~/components/newsletter';
import { ProductCard, type CardProduct } from '~/components/product-card';
import { SearchBox } from '~/components/search-box';
import { Stars } from '~/components/stars';
import { api } from '~/lib/api.server';
import { encryptParam } from '~/lib/id-cipher.server';
import { listProducts } from '~/lib/products.server';
import { publicReads } from '~/lib/swr-cache.server';
import { canonicalUrl } from '~/lib/seo.server';

interface TopSeller {
  id: number;
  name: string;
  product_count: number;
  average_rating: number;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const signal = request.signal;
  const cache = true;
  const [flash, fresh, trending, sellers] = await Promise.all([
    listProducts(
      { type: 'flash', flash_active: 1, in_stock: 1, _sort: 'flash_end_at', _order: 'desc', per_page: 12 },
      { signal, cache },
    ),
    listProducts({ type: 'new', in_stock: 1, _sort: 'created_at', _order: 'desc', per_page: 6 }, { signal, cache }),
    listProducts(
      { type: 'trending', in_stock: 1, _sort: 'created_at', _order: 'desc', per_page: 8 },
      { signal, cache },
    ),
    publicReads.get('/sellers/top?limit=3', async () => {
      const result = await api<{ data: TopSeller[] }>('/sellers/top?limit=3');
      return result.ok && Array.isArray(result.data?.data) ? result.data.data : undefined;
    }),
  ]);
  return json({
    flash,
    fresh,
    trending,
    sellers: (sellers as TopSeller[] | undefined) ?? [],
    // 'View all' links carry the encrypted product type (?filter=).
    filters: { flash: encryptParam('flash'), new: encryptParam('new'), trending: encryptParam('trending') },
    canonical: canonicalUrl('/'),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: 'Jara: shop, ship and track' },
  {
    name: 'description',
    content:
      'Shop flash sales, new products and trending deals in naira, ship from overseas and track every parcel with Jara.',
  },
  ...(data ? [{ tagName: 'link', rel: 'canonical', href: data.canonical }] : []),
];

function Section({
  id,
  title,
  extra,
  viewAll,
  list,
  emptyText,
}: {
  id: string;
  title: string;
  extra?: ReactNode;
  viewAll: string;
  list: { items: CardProduct[]; error: boolean };
  emptyText: string;
}) {
  return (
    <section className="container section shop-section" aria-labelledby={`${id}-title`} id={id}>
      <div className="section-head">
        <h2 className="section-title" id={`${id}-title`}>
          {title}
        </h2>
        {extra}
        <Link to={viewAll} className="view-all">
          View all →
        </Link>
      </div>
      {list.error ? (
        <p className="form-error">{MSG.lists.loadProductsFailed}</p>
      ) : list.items.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <Carousel label={title} items={list.items} itemKey={(p) => p.id} render={(p) => <ProductCard product={p} />} />
      )}
    </section>
  );
}

export default function Home() {
  const { flash, fresh, trending, sellers, filters } = useLoaderData<typeof loader>();
  const latestFlashEnd = flash.items.reduce<string | null>(
    (latest, p) => (p.flash_end_at && (!latest || p.flash_end_at > latest) ? p.flash_end_at : latest),
    null,
  );
  return (
    <main>
      <section className="hero hero-shop">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">Shop · Ship · Track</p>
            <h1>Shop in naira, ship from anywhere</h1>
            <p className="hero-lead">
              Deals from verified Nigerian sellers, overseas shipping and a tracker for every parcel.
            </p>
            <SearchBox />
          </div>
        </div>
      </section>

      <Section
        id="flash-sales"
        title="Flash Sales"
        extra={
          latestFlashEnd ? (
            <p className="section-countdown">
              Ends in <Countdown end={latestFlashEnd} style="header" />
            </p>
          ) : null
        }
        viewAll={`/all_products?filter=${filters.flash}`}
        list={flash}
        emptyText="No flash sales right now. Check back soon."
      />
      <Section
        id="new-products"
        title="New Products"
        viewAll={`/all_products?filter=${filters.new}`}
        list={fresh}
        emptyText="No new products yet."
      />
      <Section
        id="trending"
        title="Trending Now"
        viewAll={`/all_products?filter=${filters.trending}`}
        list={trending}
        emptyText="Nothing trending yet."
      />

      <section className="container section" aria-labelledby="sellers-title">
        <h2 className="section-title" id="sellers-title">
          Top Verified Sellers
        </h2>
        {sellers.length === 0 ? (
          <p className="muted">Our sellers will appear here soon.</p>
        ) : (
          <ul className="seller-grid">
            {sellers.map((seller) => (
              <li key={seller.id}>
                <Link to={`/seller-profile?id=${seller.id}`} className="seller-card">
                  <span className="seller-avatar" aria-hidden="true">
                    {seller.name.charAt(0)}
                  </span>
                  <span className="seller-name">{seller.name}</span>
                  <span className="verified">✔ Verified seller</span>
                  <Stars rating={seller.average_rating} />
                  <span className="muted small">{seller.product_count} products</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="container section" aria-labelledby="track-title">
        <div className="track-card">
          <div>
            <h2 id="track-title">Track your shipment</h2>
            <p className="muted">Choose the courier and enter the tracking ID from your receipt.</p>
          </div>
          <Form method="get" action="/tracker" className="track-form">
            <div className="field">
              <label htmlFor="courier">Courier</label>
              <select id="courier" name="type" defaultValue="sea">
                <option value="sea">Sea Cargo</option>
                <option value="air">Air Cargo</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="tracking-id">Tracking ID</label>
              <input
                id="tracking-id"
                name="id"
                required
                placeholder={`e.g. ${TRACKING_NO_EXAMPLE}`}
                autoComplete="off"
              />
            </div>
            <button type="submit" className="btn btn-primary">
              Track
            </button>
          </Form>
        </div>
      </section>

      <div className="container section">
        <Newsletter />
      </div>
    </main>
  );
}
