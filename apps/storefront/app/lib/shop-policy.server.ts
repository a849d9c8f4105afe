import type { ShopPolicy } from '@jara/contracts';
import { api } from './api.server';
import { publicReads } from './swr-cache.server';

/**
 * The shop's rules the claims quote (GET /shop-policy: return window, delivery fee), from the public read cache.
 * null when the API does not answer: then no claim is shown rather than a guessed one.
 */
export async function loadShopPolicy(): Promise<ShopPolicy | null> {
  const policy = await publicReads.get('/shop-policy', async () => {
    const result = await api<{ data: ShopPolicy }>('/shop-policy');
    const data = result.ok ? result.data?.data : undefined;
    return data && Number.isSafeInteger(data.return_window_days) && Number.isSafeInteger(data.delivery_fee_minor)
      ? data
      : undefined;
  });
  return (policy as ShopPolicy | undefined) ?? null;
}
