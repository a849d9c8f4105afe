import { CART_STORAGE_KEY, toMinorUnits } from '@jara/contracts';

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

/**
 * A cart line: the product's fields plus quantity (spec: kept in localStorage under 'cart'). Amounts are the
 * exact integer `price_kobo`; `price_ngn` stays for the spec's readers but nothing is computed from it.
 */
export interface CartItem {
  id: number;
  name: string;
  quantity: number;
  price_kobo?: number;
  price_ngn?: number;
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

/**
 * The unit price of a line in kobo, exact: price_kobo when the line has it; a line saved before it had one is
 * read from its naira price by the shared two-decimal rule (never multiplied as a float). Unreadable: null.
 */
export function cartLineKobo(item: Pick<CartItem, 'price_kobo' | 'price_ngn'> & { price?: unknown }): number | null {
  if (typeof item.price_kobo === 'number' && Number.isSafeInteger(item.price_kobo) && item.price_kobo >= 0) return item.price_kobo;
  const naira = item.price_ngn ?? item.price;
  if (typeof naira !== 'number' && typeof naira !== 'string') return null;
  try {
    const kobo = toMinorUnits(naira);
    return kobo >= 0 ? kobo : null;
  } catch {
    return null;
  }
}

function lineQuantity(item: Pick<CartItem, 'quantity'>): number {
  const quantity = Number(item.quantity);
  return Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 0;
}

/** unit price × quantity in kobo (integers only). */
export function cartLineTotalKobo(item: CartItem): number {
  return (cartLineKobo(item) ?? 0) * lineQuantity(item);
}

/** Spec: cart total = sum of price × quantity, here in exact kobo (format it with formatNaira). */
export function cartTotalKobo(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + cartLineTotalKobo(item), 0);
}

/** The line stored for a product: its fields, its exact price in kobo, and the quantity. */
export function cartLine(product: { id: number; name: string; price_kobo: number; [field: string]: unknown }, quantity: number): CartItem {
  return { ...product, price_kobo: product.price_kobo, quantity };
}

/** Adds a product (its fields plus quantity) or raises the quantity of the line already in the cart. */
export function addToCart(product: { id: number; name: string; price_kobo: number; [field: string]: unknown }, quantity: number): CartItem[] {
  const items = readCart();
  const line = items.find((item) => item.id === product.id);
  const next = line
    ? items.map((item) => (item.id === product.id ? cartLine(product, lineQuantity(item) + quantity) : item))
    : [...items, cartLine(product, quantity)];
  writeCart(next);
  return next;
}

/** Sets a line's quantity (at least 1). */
export function setCartQuantity(productId: number, quantity: number): CartItem[] {
  const next = readCart().map((item) => (item.id === productId ? { ...item, quantity: Math.max(1, Math.floor(quantity) || 1) } : item));
  writeCart(next);
  return next;
}

export function removeFromCart(productId: number): CartItem[] {
  const next = readCart().filter((item) => item.id !== productId);
  writeCart(next);
  return next;
}
