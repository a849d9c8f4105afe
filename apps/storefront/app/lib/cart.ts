import { CART_STORAGE_KEY } from '@jara/contracts';

/** Custom event the cart screens dispatch after writing localStorage (the storage event only fires in other tabs). */
export const CART_CHANGE_EVENT = 'jara:cart-change';

/** Sum of the quantities of the cart kept in localStorage under 'cart' (an array of {product..., quantity}). */
export function readCartCount(): number {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return 0;
    const items: unknown = JSON.parse(raw);
    if (!Array.isArray(items)) return 0;
    return items.reduce<number>((sum, item) => {
      const quantity = Number((item as { quantity?: unknown } | null)?.quantity);
      return sum + (Number.isFinite(quantity) && quantity > 0 ? Math.floor(quantity) : 0);
    }, 0);
  } catch {
    return 0;
  }
}
