import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { MSG, SHOP_CLAIM_LABELS, shopClaims } from '@jara/contracts';
import { Carousel } from '~/components/carousel';
import { Countdown } from '~/components/countdown';
import { PriceTag } from '~/components/price-tag';
import { Newsletter } from '~/components/newsletter';
import { ProductCard, type CardProduct } from '~/components/product-card';
import { Testimonials } from '~/components/testimonials';
import { headerCategories } from '~/lib/categories.server';
import { encryptId } from '~/lib/id-cipher.server';
import { listProducts } from '~/lib/products.server';
import { requireUser } from '~/lib/session.server';
import { loadShopPolicy } from '~/lib/shop-policy.server';
import { CategoryOptions } from '~/components/category-options';
import { VendorDashboardView } from '~/components/vendor-dashboard';
import { loadVendorDashboard } from '~/lib/vendor.server';

export const meta: MetaFunction = () => [{ title: 'Dashboard | Jara' }];

const TRENDING_CATEGORIES = 6;

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  // A vendor's dashboard is their shop's (issue 22); everyone else's is the shopper's.
  if (auth.role === 'vendor') return json({ vendorDashboard: await loadVendorDashboard(request, auth) });
  const signal = request.signal;
  const [summer, trending, deal, flash, arrivals, topRated, categories, policy] = await Promise.all([
    listProducts({ type: 'summer', in_stock: 1, _sort: 'created_at', _order: 'desc', per_page: 12 }, { signal }),
    listProducts({ type: 'trending', _sort: 'created_at', _order: 'desc', per_page: 50 }, { signal }),
    listProducts({ in_stock: 1, per_page: 1 }, { signal }),
    listProducts(
      { type: 'flash', flash_active: 1, in_stock: 1, _sort: 'flash_end_at', _order: 'asc', per_page: 12 },
      { signal },
    ),
    listProducts({ in_stock: 1, _sort: 'created_at', _order: 'desc', per_page: 10 }, { signal }),
    listProducts({ rated: 1, in_stock: 1, _sort: 'average_rating', _order: 'desc', per_page: 10 }, { signal }),
    headerCategories(),
    loadShopPolicy(),
  ]);
  const seen = new Set<number>();
  const trendingCategories: Array<{ name: string; key: string }> = [];
  for (const p of trending.items) {
    if (!p.category || seen.has(p.category.id)) continue;
    seen.add(p.category.id);
    trendingCategories.push({ name: p.category.name, key: encryptId(p.category.id) });
    if (trendingCategories.length === TRENDING_CATEGORIES) break;
  }
  const failed = [summer, deal, flash, arrivals, topRated].every((list) => list.error);
  const claims = shopClaims(policy);
  return json({
    summer,
    trendingCategories,
    deal: deal.items[0] ?? null,
    dealError: deal.error,
    flash,
    arrivals,
    topRated,
    categories,
    failed,
    claims,
  });
}

function CarouselSection({
  title,
  list,
  empty,
}: {
  title: string;
  list: { items: CardProduct[]; error: boolean };
  empty: string;
}) {
  return (
    <section className="shop-section" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      {list.error ? (
        <p className="form-error">{MSG.lists.loadProductsFailed}</p>
      ) : list.items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <Carousel label={title} items={list.items} itemKey={(p) => p.id} render={(p) => <ProductCard product={p} />} />
      )}
    </section>
  );
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  if ('vendorDashboard' in data) return <VendorDashboardView dashboard={data.vendorDashboard} />;
  return <ShopperDashboard data={data} />;
}

function ShopperDashboard({ data }: { data: Exclude<SerializeFrom<typeof loader>, { vendorDashboard: unknown }> }) {
  const { summer, trendingCategories, deal, dealError, flash, arrivals, topRated, categories, failed, claims } = data;
  return (
    <div className="stack-lg storefront-home">
      {failed ? (
        <p className="form-error" role="alert">
          {MSG.lists.loadProductsFailed}
        </p>
      ) : null}
      <section className="summer-hero" aria-label="Summer collection">
        <div className="summer-copy">
          <p className="eyebrow">Summer collection</p>
          <h1>Fresh picks for the season</h1>
        </div>
        {summer.items.length ? (
          <Carousel
            label="Summer products"
            items={summer.items}
            itemKey={(p) => p.id}
            render={(p) => <ProductCard product={p} description={false} />}
          />
        ) : (
          <p>{summer.error ? MSG.lists.loadProductsFailed : 'Summer products are on their way.'}</p>
        )}
      </section>

      <Form method="get" action="/all_products" className="dashboard-search" role="search">
        <label htmlFor="dash-q" className="visually-hidden">
          Search products
        </label>
        <input id="dash-q" type="search" name="q" placeholder="Search products..." />
        <label htmlFor="dash-category" className="visually-hidden">
          Category
        </label>
        <select id="dash-category" name="category" defaultValue="">
          <CategoryOptions categories={categories} />
        </select>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </Form>

      <div className="dashboard-duo">
        <section className="panel" aria-labelledby="trending-cats">
          <h2 className="section-title" id="trending-cats">
            Trending Categories
          </h2>
          {trendingCategories.length ? (
            <ul className="pill-list">
              {trendingCategories.map((c) => (
                <li key={c.key}>
                  <Link className="pill" to={`/category/${c.key}`}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No trending categories yet.</p>
          )}
        </section>
        <section className="panel deal" aria-labelledby="deal-title">
          <h2 className="section-title" id="deal-title">
            Deal of the Day
          </h2>
          {deal ? (
            <div className="deal-body">
              {deal.image_card_url ? (
                <img src={deal.image_card_url} alt={deal.name} width={120} height={120} loading="lazy" />
              ) : null}
              <div>
                <h3>{deal.name}</h3>
                <p className="price-small">
                  <PriceTag product={deal} size="card" />
                </p>
                {deal.type === 'flash' && deal.flash_end_at ? (
                  <p className="small">
                    Ends in <Countdown end={deal.flash_end_at} />
                  </p>
                ) : null}
                <Link className="btn btn-accent btn-small" to={`/product/${deal.id}`}>
                  Shop Deal
                </Link>
              </div>
            </div>
          ) : (
            <p className="muted">
              {dealError ? MSG.lists.loadProductsFailed : 'No available products for Deal of the Day.'}
            </p>
          )}
        </section>
      </div>

      <CarouselSection title="Flash Sales" list={flash} empty="No flash sales available." />
      <CarouselSection title="New Arrivals" list={arrivals} empty="No new arrivals available." />
      <CarouselSection title="Top Rated" list={topRated} empty="No top rated products available." />

      <Testimonials />
      {claims.freeDelivery ? (
        <section className="delivery-banner" aria-label="Free delivery" data-testid="delivery-banner">
          <strong>{SHOP_CLAIM_LABELS.freeDeliveryBanner}</strong>
          <span>
            {claims.returns ? `No delivery fee at checkout. ${claims.returns}.` : 'No delivery fee at checkout.'}
          </span>
        </section>
      ) : null}
      <Newsletter />
    </div>
  );
}
