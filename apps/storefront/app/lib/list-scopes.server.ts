import { PAGE_SIZES } from '@jara/contracts';
import { decryptId } from './id-cipher.server';
import { ADMIN_VENDOR } from './navigation';
import { MANAGE_SORTS, readManageStatus } from './product-sorts';
import { catalogueQuery, newestUnlessSearching, readCatalogueFilters, type ProductQuery } from './products.server';
import { requireUser } from './session.server';

/**
 * Jara Mall's API query (the page and its Load More): only products that can be bought (`in_stock=1`, as the home
 * page's promotions, decision 030), newest first unless searching.
 */
export function mallQuery(q: string, categoryId: number | null): ProductQuery {
  return { q: q || undefined, category_id: categoryId ?? undefined, in_stock: 1, ...newestUnlessSearching(q) };
}

/** The API query of one list screen (scope) from its URL; shared by the pages and their Load More. */
export async function scopedQuery(
  request: Request,
  url: URL,
): Promise<{ query: ProductQuery; perPage: number; token?: string; path: '/products' | '/products/active' }> {
  const scope = url.searchParams.get('scope') ?? 'catalogue';
  const get = (name: string) => url.searchParams.get(name)?.trim() ?? '';
  if (scope === 'manage') {
    const auth = await requireUser(request, ADMIN_VENDOR);
    const sort = MANAGE_SORTS[get('sort')] ?? MANAGE_SORTS.newest;
    const mine = get('tab') === 'mine';
    return {
      query: {
        q: get('q') || undefined,
        category_id: decryptId(get('category')) ?? undefined,
        // My Products: the API picks the signed-in user's own products (every status) from the token.
        mine: mine ? 1 : undefined,
        // My Products only: active or inactive (the API lets only the owner or an admin choose a status).
        status: mine ? readManageStatus(get('status')) || undefined : undefined,
        _sort: sort._sort,
        _order: sort._order,
      },
      perPage: PAGE_SIZES.productManager,
      token: auth.token,
      path: '/products',
    };
  }
  if (scope === 'mall') {
    return {
      query: mallQuery(get('q'), decryptId(get('category'))),
      perPage: PAGE_SIZES.mall,
      path: '/products/active',
    };
  }
  if (scope === 'category') {
    return {
      query: { category_id: decryptId(get('category')) ?? -1, _sort: 'created_at', _order: 'desc' },
      perPage: PAGE_SIZES.catalogue,
      path: '/products/active',
    };
  }
  const filters = readCatalogueFilters(url);
  return {
    query: { ...catalogueQuery(filters), ...newestUnlessSearching(filters.q) },
    perPage: PAGE_SIZES.catalogue,
    path: '/products/active',
  };
}
