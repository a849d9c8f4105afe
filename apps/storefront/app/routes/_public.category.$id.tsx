import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { MSG, PAGE_SIZES, type Category } from '@jara/contracts';
import { ProductGrid } from '~/components/product-grid';
import { api } from '~/lib/api.server';
import { decryptId } from '~/lib/id-cipher.server';
import { listProducts } from '~/lib/products.server';
import { canonicalUrl } from '~/lib/seo.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params.id ?? '';
  const id = decryptId(key);
  if (!id) throw json({ message: 'Category not found' }, { status: 404 });
  const [categories, list] = await Promise.all([
    api<{ data: Category[] }>('/categories?per_page=100', { signal: request.signal }),
    listProducts(
      { category_id: id, _sort: 'created_at', _order: 'desc', page: 1, per_page: PAGE_SIZES.catalogue },
      { signal: request.signal },
    ),
  ]);
  const category = categories.ok ? categories.data?.data?.find((c) => c.id === id) : undefined;
  if (categories.ok && !category) throw json({ message: 'Category not found' }, { status: 404 });
  return json({
    name: category?.name ?? 'Category',
    list,
    moreUrl: `/resources/products?scope=category&category=${encodeURIComponent(key)}`,
    canonical: canonicalUrl(`/category/${key}`),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.name} | Jara` },
        {
          name: 'description',
          content: `Shop ${data.name} on Jara: ${data.list.total} products from verified sellers.`,
        },
        { tagName: 'link', rel: 'canonical', href: data.canonical },
      ]
    : [{ title: 'Category not found | Jara' }];

export default function CategoryPage() {
  const { name, list, moreUrl } = useLoaderData<typeof loader>();
  return (
    <main className="container page catalogue">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/">Home</Link> <span aria-hidden="true">›</span> <Link to="/all_products">All Products</Link>
      </nav>
      <h1 className="category-title">
        {name} <span className="found">{list.total} found</span>
      </h1>
      {list.error ? (
        <p className="form-error" role="alert">
          {MSG.lists.loadProductsRetry}
        </p>
      ) : (
        <ProductGrid
          items={list.items}
          total={list.total}
          cursor={list.nextCursor}
          moreUrl={moreUrl}
          rating
          empty={<p className="empty-state">No products in this category yet.</p>}
        />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="container page">
      <section className="status-block" role="alert">
        <h1>{missing ? 'Category not found' : MSG.lists.loadProductsFailed}</h1>
        <Link to="/all_products" className="btn btn-primary">
          Browse Products
        </Link>
      </section>
    </main>
  );
}
