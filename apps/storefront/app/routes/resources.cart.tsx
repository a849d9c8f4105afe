import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { ORDER_LIMITS, type ListResponse, type Product } from '@jara/contracts';
import { api } from '~/lib/api.server';
import type { CartProduct } from '~/lib/cart';

/** The product ids of a cart refresh: ?id=1&id=2 (whole numbers, at most one order's lines). */
export function cartIds(url: URL): number[] {
  const ids = url.searchParams
    .getAll('id')
    .map((value) => (/^\d{1,12}$/.test(value) ? Number(value) : 0))
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, ORDER_LIMITS.maxLines);
}

/**
 * The cart's refresh (spec 2.15, issue 10): current prices and stock of the cart's products from the public catalogue
 * (GET /products?id=..&id=..: active products only, so a missing one is gone). Read fresh, never from the public
 * cache: a price or the stock may have changed a moment ago. `error: true` when the API did not answer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ids = cartIds(new URL(request.url));
  const headers = { 'Cache-Control': 'no-store' };
  if (ids.length === 0) return json({ products: [] as CartProduct[], error: false }, { headers });
  const params = new URLSearchParams({ per_page: String(ids.length) });
  for (const id of ids) params.append('id', String(id));
  const result = await api<ListResponse<Product>>(`/products?${params}`, { signal: request.signal });
  if (!result.ok || !Array.isArray(result.data?.data))
    return json({ products: [] as CartProduct[], error: true }, { status: 502, headers });
  const products: CartProduct[] = result.data.data.map((p) => ({
    id: p.id,
    name: p.name,
    price_kobo: p.price_kobo,
    price_ngn: p.price_ngn,
    discount: p.discount ?? null,
    stock_quantity: typeof p.stock_quantity === 'number' ? p.stock_quantity : null,
    image_card_url: p.image_card_url ?? null,
  }));
  return json({ products, error: false }, { headers });
}
