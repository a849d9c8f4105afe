import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { readCart, refreshCart, saveRefreshedCart, type CartProduct } from './cart';

export interface CartRefreshNotice {
  changed: boolean;
  gone: string[];
}

interface RefreshAnswer {
  products: CartProduct[];
  error: boolean;
}

/**
 * Brings the cart in localStorage up to date when a cart screen opens (and again when `again` changes, e.g. after the
 * API refused an order for stock): prices, names and stock from /resources/cart, quantities bounded by the stock,
 * lines of products that are gone removed. Returns what changed, for the screen to say, and whether it is checking.
 */
export function useCartRefresh(again: unknown = 0): { notice: CartRefreshNotice | null; checking: boolean } {
  const fetcher = useFetcher<RefreshAnswer>();
  const [notice, setNotice] = useState<CartRefreshNotice | null>(null);
  const [started, setStarted] = useState(false);
  const handled = useRef<RefreshAnswer | null>(null);
  const { load } = fetcher;

  useEffect(() => {
    const ids = [
      ...new Set(
        readCart()
          .map((item) => Number(item.id))
          .filter((id) => Number.isSafeInteger(id) && id > 0),
      ),
    ];
    if (ids.length === 0) return;
    setStarted(true);
    load(`/resources/cart?${ids.map((id) => `id=${id}`).join('&')}`);
  }, [again, load]);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== 'idle' || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.error) return; // keep the cart as it is; the server prices the order anyway
    const result = refreshCart(readCart(), answer.products);
    saveRefreshedCart(result.items);
    if (result.changed || result.gone.length) setNotice({ changed: result.changed, gone: result.gone });
  }, [fetcher.state, fetcher.data]);

  return { notice, checking: started && fetcher.state !== 'idle' };
}
