import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { MSG, PAGE_SIZES } from '@jara/contracts';
import { ProductGrid } from '~/components/product-grid';
import { headerCategories } from '~/lib/categories.server';
import { decryptId } from '~/lib/id-cipher.server';
import { mallQuery } from '~/lib/list-scopes.server';
import { listProducts } from '~/lib/products.server';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Jara Mall | Jara' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
  const key = url.searchParams.get('category') ?? '';
  const categoryId = decryptId(key);
  const [categories, list] = await Promise.all([
    headerCategories(),
    listProducts({ ...mallQuery(q, categoryId), page: 1, per_page: PAGE_SIZES.mall }, { signal: request.signal }),
  ]);
  const more = new URLSearchParams({ scope: 'mall' });
  if (q) more.set('q', q);
  if (categoryId) more.set('category', key);
  return json({ q, category: categoryId ? key : '', categories, list, moreUrl: `/resources/products?${more}` });
}

export default function Mall() {
  const { q, category, categories, list, moreUrl } = useLoaderData<typeof loader>();
  const link = (key: string) => {
    const params = new URLSearchParams();
    if (key) params.set('category', key);
    if (q) params.set('q', q);
    const search = params.toString();
    return search ? `?${search}` : '.';
  };
  const current = categories.find((c) => c.key === category);
  return (
    <div className="stack">
      <h1>Jara Mall</h1>
      <nav aria-label="Categories" className="pill-scroller">
        <ul className="pill-list">
          <li>
            <Link className={`pill${category ? '' : ' active'}`} to={link('')} preventScrollReset>
              All
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <Link className={`pill${c.key === category ? ' active' : ''}`} to={link(c.key)} preventScrollReset>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="dashboard-search" role="search">
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <label htmlFor="mall-q" className="visually-hidden">
          Search the mall
        </label>
        <input id="mall-q" type="search" name="q" defaultValue={q} placeholder="Search products..." key={q} />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </Form>
      {list.error ? (
        <p className="form-error" role="alert">
          {MSG.lists.loadProductsFailed}
        </p>
      ) : (
        <ProductGrid
          items={list.items}
          total={list.total}
          cursor={list.nextCursor}
          moreUrl={moreUrl}
          empty={
            <div className="empty-state">
              <p>No products available</p>
              {current ? (
                <p className="small">{`We are still adding in this category (${current.name}). Check back soon.`}</p>
              ) : null}
            </div>
          }
        />
      )}
    </div>
  );
}
