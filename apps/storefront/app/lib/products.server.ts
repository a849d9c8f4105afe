import {
  LIST_MAX_PER_PAGE,
  PRODUCT_TYPES,
  type ListMeta,
  type ListResponse,
  type Product,
  type ProductType,
} from '@jara/contracts';
import { api } from './api.server';
import { decryptId, decryptParam, encryptId } from './id-cipher.server';
import { publicReads } from './swr-cache.server';
import type { CardProduct } from '~/components/product-card';

export type ProductQuery = Record<string, string | number | undefined | null>;

export interface ProductList {
  items: CardProduct[];
  total: number;
  error: boolean;
  /** The API's keyset cursor for the next page (Load More sends it as `after`); null at the end. */
  nextCursor?: string | null;
}

const DESCRIPTION_CHARS = 180;

/** The fields a card needs (the description cut for the payload; the card clamps it further). */
export function toCard(product: Product): CardProduct {
  const description = product.description ?? '';
  return {
    id: product.id,
    user_id: product.user_id,
    name: product.name,
    description:
      description.length > DESCRIPTION_CHARS ? `${description.slice(0, DESCRIPTION_CHARS - 1)}…` : description,
    price_kobo: product.price_kobo,
    discount: product.discount ?? null,
    image_card_url: product.image_card_url,
    category: product.category,
    categoryKey: product.category ? encryptId(product.category.id) : null,
    type: product.type,
    status: product.status,
    average_rating: Number(product.average_rating) || 0,
    review_count: product.review_count ?? 0,
    flash_start_at: product.flash_start_at,
    flash_end_at: product.flash_end_at,
  };
}

function queryString(query: ProductQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/**
 * A page of products. `path` is /products/active for the public lists and /products for the product
 * manager (admin or own list with every status). Never throws: a failure is `error: true`.
 */
export async function listProducts(
  query: ProductQuery,
  options: {
    token?: string | null;
    signal?: AbortSignal;
    path?: '/products' | '/products/active';
    cache?: boolean;
  } = {},
): Promise<ProductList> {
  const path = `${options.path ?? '/products/active'}?${queryString(query)}`;
  const load = async (signal?: AbortSignal): Promise<ProductList | undefined> => {
    const result = await api<ListResponse<Product, ListMeta>>(path, { token: options.token, signal });
    if (!result.ok || !Array.isArray(result.data?.data)) return undefined;
    const meta = result.data.meta;
    return {
      items: result.data.data.map(toCard),
      total: Number(meta?.total ?? result.data.data.length),
      error: false,
      nextCursor: typeof meta?.next_cursor === 'string' ? meta.next_cursor : null,
    };
  };
  // Anonymous lists asked for with `cache` (the home page's) come from the public read cache; one shopper
  // leaving must not cancel a fetch others share, so cached loads ignore the request's signal.
  const list =
    options.cache && !options.token
      ? ((await publicReads.get(path, () => load())) as ProductList | undefined)
      : await load(options.signal);
  return list ?? { items: [], total: 0, error: true };
}

export function isProductType(value: unknown): value is ProductType {
  return typeof value === 'string' && (PRODUCT_TYPES as readonly string[]).includes(value);
}

export interface CatalogueFilters {
  q: string;
  /** The encrypted category key as it appears in the URL. */
  category: string;
  categoryId: number | null;
  type: string;
  min_price: string;
  max_price: string;
  min_rating: string;
}

/** A naira amount as the API takes it: digits with at most 2 decimals. */
const NUMBER = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Catalogue filters from the URL: q, category (encrypted id), type (or the encrypted ?filter= type),
 * min_price/max_price (naira) and min_rating (1-4). Unreadable values are dropped.
 */
export function readCatalogueFilters(url: URL): CatalogueFilters {
  const get = (name: string) => url.searchParams.get(name)?.trim() ?? '';
  const category = get('category');
  const categoryId = decryptId(category);
  let type = get('type');
  if (!type) type = decryptParam(get('filter')) ?? '';
  if (!isProductType(type)) type = 'all';
  const price = (value: string) => (NUMBER.test(value) ? value : '');
  const rating = get('min_rating');
  return {
    q: get('q').slice(0, 100),
    category: categoryId ? category : '',
    categoryId,
    type,
    min_price: price(get('min_price')),
    max_price: price(get('max_price')),
    min_rating: /^[1-4]$/.test(rating) ? rating : '',
  };
}

/** The API query of the catalogue filters. */
export function catalogueQuery(filters: CatalogueFilters): ProductQuery {
  return {
    q: filters.q || undefined,
    category_id: filters.categoryId ?? undefined,
    type: filters.type !== 'all' ? filters.type : undefined,
    min_price: filters.min_price || undefined,
    max_price: filters.max_price || undefined,
    min_rating: filters.min_rating || undefined,
  };
}

export function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1;
}

export function perPage(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, LIST_MAX_PER_PAGE) : fallback;
}

/** Newest first, except for a search, which the API ranks by relevance when no sort is asked for. */
export function newestUnlessSearching(q: unknown): ProductQuery {
  return typeof q === 'string' && q.trim() ? {} : { _sort: 'created_at', _order: 'desc' };
}
