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

export interface CartItem {
  id: number;
  name: string;
  quantity: number;
  [field: string]: unknown;
}

export function readCart(): CartItem[] {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    const items: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(items) ? (items.filter((item) => item && typeof item === 'object') as CartItem[]) : [];
  } catch {
    return [];
  }
}

function writeCart(items: CartItem[]): void {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

/** Adds a product (its fields plus quantity) or raises the quantity of the line already in the cart. */
export function addToCart(product: { id: number; name: string; [field: string]: unknown }, quantity: number): CartItem[] {
  const items = readCart();
  const line = items.find((item) => item.id === product.id);
  const next = line
    ? items.map((item) => (item.id === product.id ? { ...item, ...product, quantity: Number(item.quantity || 0) + quantity } : item))
    : [...items, { ...product, quantity }];
  writeCart(next);
  return next;
}

export function removeFromCart(productId: number): CartItem[] {
  const next = readCart().filter((item) => item.id !== productId);
  writeCart(next);
  return next;
}
