import { Form, Link, useFetcher } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { toMinorUnits, formatNaira } from '@jara/contracts';
import { Stars } from './stars';

const DEBOUNCE_MS = 250;

/** What /resources/search-suggestions answers. */
export interface SuggestionData {
  categories: Array<{ id: number; name: string; key: string }>;
  products: Array<{
    id: number;
    name: string;
    price_ngn: number;
    average_rating: number;
    image_card_url: string | null;
  }>;
}

function naira(value: number): string {
  try {
    return formatNaira(toMinorUnits(value));
  } catch {
    return '';
  }
}

/**
 * Search box of spec 2.8: a GET form to /all_products?q= (works without JavaScript) with debounced
 * suggestions grouped as Categories and Products.
 */
export function SearchBox({
  placeholder = 'Search products...',
  defaultValue = '',
}: {
  placeholder?: string;
  defaultValue?: string;
}) {
  const fetcher = useFetcher<SuggestionData>();
  const [query, setQuery] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const timer = useRef<number>();
  const wrapper = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    function onPointer(event: MouseEvent) {
      if (wrapper.current && event.target instanceof Node && !wrapper.current.contains(event.target)) setOpen(false);
    }
    document.addEventListener('click', onPointer);
    return () => document.removeEventListener('click', onPointer);
  }, []);

  function onChange(value: string) {
    setQuery(value);
    window.clearTimeout(timer.current);
    if (!value.trim()) {
      setOpen(false);
      return;
    }
    timer.current = window.setTimeout(() => {
      fetcher.load(`/resources/search-suggestions?q=${encodeURIComponent(value.trim())}`);
      setOpen(true);
    }, DEBOUNCE_MS);
  }

  const data = fetcher.data;
  const hasResults = Boolean(data && (data.categories.length || data.products.length));
  return (
    <div className="search-box" ref={wrapper}>
      <Form method="get" action="/all_products" role="search" className="search-form">
        <label htmlFor={`${listId}-input`} className="visually-hidden">
          Search products
        </label>
        <input
          id={`${listId}-input`}
          type="search"
          name="q"
          value={query}
          placeholder={placeholder}
          autoComplete="off"
          aria-controls={open && query.trim() ? listId : undefined}
          onChange={(event) => onChange(event.target.value)}
          onFocus={() => query.trim() && data && setOpen(true)}
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </Form>
      {open && query.trim() ? (
        // Suggestions are plain links (a disclosure, not a listbox: nothing here is "selected"), announced politely.
        <div className="suggestions" id={listId} role="region" aria-label="Search suggestions" aria-live="polite">
          {fetcher.state === 'loading' && !data ? <p className="suggestions-empty">Searching…</p> : null}
          {data && !hasResults ? <p className="suggestions-empty">No matches for “{query.trim()}”.</p> : null}
          {data?.categories.length ? (
            <div className="suggestion-group">
              <h3>Categories</h3>
              <ul>
                {data.categories.map((category) => (
                  <li key={category.id}>
                    <Link to={`/category/${category.key}`} onClick={() => setOpen(false)}>
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {data?.products.length ? (
            <div className="suggestion-group">
              <h3>Products</h3>
              <ul>
                {data.products.map((product) => (
                  <li key={product.id}>
                    <Link to={`/product/${product.id}`} className="suggestion-product" onClick={() => setOpen(false)}>
                      {product.image_card_url ? (
                        <img src={product.image_card_url} alt="" width={40} height={40} loading="lazy" />
                      ) : null}
                      <span className="suggestion-name">{product.name}</span>
                      <span className="suggestion-meta">
                        <strong>{naira(product.price_ngn)}</strong>
                        <Stars rating={product.average_rating} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
