import { useFetcher } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { MSG } from '@jara/contracts';
import { ProductCard, type CardProduct } from './product-card';

interface Page {
  items: CardProduct[];
  total: number;
  error: boolean;
  page: number;
  nextCursor?: string | null;
}

/**
 * A product grid whose first page is server-rendered; 'Load More' fetches the next page from
 * /resources/products (`moreUrl` = that URL with the screen's filters) and appends it without a reload.
 */
export function ProductGrid({
  items: initial,
  total: initialTotal,
  cursor: initialCursor = null,
  moreUrl,
  empty,
  linkFor,
  rating = false,
  description = true,
  ratingNA = false,
}: {
  items: CardProduct[];
  total: number;
  /** The first page's next cursor (from the loader); Load More then continues with `after` instead of a page. */
  cursor?: string | null;
  moreUrl: string;
  empty: ReactNode;
  linkFor?: (product: CardProduct) => string;
  rating?: boolean;
  description?: boolean;
  ratingNA?: boolean;
}) {
  const fetcher = useFetcher<Page>();
  const [items, setItems] = useState(initial);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(initialTotal);
  const [cursor, setCursor] = useState(initialCursor);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setItems(initial);
    setPage(1);
    setTotal(initialTotal);
    setCursor(initialCursor);
    setFailed(false);
  }, [initial, initialTotal, initialCursor]);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== 'idle' || !data) return;
    if (data.error) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setPage(data.page);
    setTotal(data.total);
    setCursor(data.nextCursor ?? null);
    setItems((current) => {
      const seen = new Set(current.map((item) => item.id));
      return [...current, ...data.items.filter((item) => !seen.has(item.id))];
    });
  }, [fetcher.state, fetcher.data]);

  if (items.length === 0) return <>{empty}</>;
  const more = items.length < total;
  const separator = moreUrl.includes('?') ? '&' : '?';
  return (
    <>
      <ul className="product-grid" data-testid="product-grid">
        {items.map((product, index) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              to={linkFor?.(product)}
              rating={rating}
              description={description}
              ratingNA={ratingNA}
              eager={index < 2}
            />
          </li>
        ))}
      </ul>
      {failed ? (
        <p className="form-error" role="alert">
          {MSG.lists.loadProductsRetry}
        </p>
      ) : null}
      {more ? (
        <div className="load-more">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={fetcher.state !== 'idle'}
            onClick={() =>
              fetcher.load(
                `${moreUrl}${separator}${cursor ? `after=${encodeURIComponent(cursor)}` : `page=${page + 1}`}`,
              )
            }
          >
            {fetcher.state !== 'idle' ? 'Loading…' : 'Load More'}
          </button>
          <p className="muted small">
            Showing {items.length} of {total}
          </p>
        </div>
      ) : null}
    </>
  );
}
