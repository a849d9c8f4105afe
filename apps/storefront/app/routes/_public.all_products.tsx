import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useSubmit } from '@remix-run/react';
import { MSG, PAGE_SIZES, PRODUCT_TYPE_FILTERS, productTypeLabel } from '@jara/contracts';
import { ProductGrid } from '~/components/product-grid';
import { headerCategories } from '~/lib/categories.server';
import { catalogueQuery, listProducts, newestUnlessSearching, readCatalogueFilters } from '~/lib/products.server';
import { canonicalUrl } from '~/lib/seo.server';
import { CategoryOptions } from '~/components/category-options';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = readCatalogueFilters(url);
  const [list, categories] = await Promise.all([
    listProducts(
      { ...catalogueQuery(filters), ...newestUnlessSearching(filters.q), page: 1, per_page: PAGE_SIZES.catalogue },
      { cache: true },
    ),
    headerCategories(),
  ]);
  // Load More asks the resource route with the same (already validated) filters.
  const more = new URLSearchParams({ scope: 'catalogue' });
  for (const key of ['q', 'category', 'min_price', 'max_price', 'min_rating'] as const)
    if (filters[key]) more.set(key, filters[key]);
  if (filters.type !== 'all') more.set('type', filters.type);
  return json({
    filters,
    list,
    categories,
    moreUrl: `/resources/products?${more}`,
    canonical: canonicalUrl('/all_products'),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: 'All Products | Jara' },
  { name: 'description', content: 'Browse every product on Jara by category, type, price and rating.' },
  ...(data ? [{ tagName: 'link', rel: 'canonical', href: data.canonical }] : []),
];

export default function AllProducts() {
  const { filters, list, categories, moreUrl } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const location = useLocation();
  return (
    <main className="container page catalogue">
      <h1>All Products</h1>
      <Form
        method="get"
        className="filters"
        key={location.search}
        aria-label="Product filters"
        onChange={(event) => {
          // Selects apply at once; text and number fields apply on Enter or 'Apply'.
          if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { preventScrollReset: true });
        }}
      >
        <div className="field filter-search">
          <label htmlFor="filter-q">Search</label>
          <input id="filter-q" type="search" name="q" defaultValue={filters.q} placeholder="Search products..." />
        </div>
        <div className="field">
          <label htmlFor="filter-category">Category</label>
          <select id="filter-category" name="category" defaultValue={filters.category}>
            <CategoryOptions categories={categories} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-type">Type</label>
          <select id="filter-type" name="type" defaultValue={filters.type}>
            {PRODUCT_TYPE_FILTERS.map((type) => (
              <option key={type} value={type}>
                {type === 'all' ? 'All' : productTypeLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-min">Min Price (₦)</label>
          <input
            id="filter-min"
            type="number"
            name="min_price"
            min={0}
            step="any"
            inputMode="numeric"
            defaultValue={filters.min_price}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-max">Max Price (₦)</label>
          <input
            id="filter-max"
            type="number"
            name="max_price"
            min={0}
            step="any"
            inputMode="numeric"
            defaultValue={filters.max_price}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-rating">Minimum Rating</label>
          <select id="filter-rating" name="min_rating" defaultValue={filters.min_rating}>
            <option value="">All</option>
            {[4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {`${n} star${n === 1 ? '' : 's'} & up`}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary">
            Apply
          </button>
          <Link to="/all_products" className="btn btn-ghost">
            Reset Filters
          </Link>
        </div>
      </Form>
      {list.error ? (
        <p className="form-error" role="alert">
          {MSG.lists.loadProductsRetry}
        </p>
      ) : (
        <>
          <p className="muted result-count" data-testid="result-count">
            {list.total} product{list.total === 1 ? '' : 's'} found
          </p>
          <ProductGrid
            items={list.items}
            total={list.total}
            cursor={list.nextCursor}
            moreUrl={moreUrl}
            rating
            description={false}
            empty={<p className="empty-state">{MSG.product.noMatch}</p>}
          />
        </>
      )}
    </main>
  );
}
