import { CART_STORAGE_KEY, ORDER_LIMITS, toMinorUnits } from '@jara/contracts';

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
  /** The stock the cart last read from the API (bounds the quantity); absent on older lines. */
  stock_quantity?: number | null;
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
  if (typeof item.price_kobo === 'number' && Number.isSafeInteger(item.price_kobo) && item.price_kobo >= 0)
    return item.price_kobo;
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
export function cartLine(
  product: { id: number; name: string; price_kobo: number; [field: string]: unknown },
  quantity: number,
): CartItem {
  return { ...product, price_kobo: product.price_kobo, quantity };
}

/** Adds a product (its fields plus quantity) or raises the quantity of the line already in the cart. */
export function addToCart(
  product: { id: number; name: string; price_kobo: number; [field: string]: unknown },
  quantity: number,
): CartItem[] {
  const items = readCart();
  const line = items.find((item) => item.id === product.id);
  const next = line
    ? items.map((item) => (item.id === product.id ? cartLine(product, lineQuantity(item) + quantity) : item))
    : [...items, cartLine(product, quantity)];
  writeCart(next);
  return next;
}

/** The line's card-size image (copied from the product when added, kept current by the refresh), or null. */
export function cartLineImage(item: CartItem): string | null {
  const url = item.image_card_url;
  return typeof url === 'string' && (url.startsWith('/') || /^https?:\/\//.test(url)) ? url : null;
}

/** The stock a line last read from the API (refreshCart stores it), or null when unknown. */
export function cartLineStock(item: Pick<CartItem, 'stock_quantity'>): number | null {
  const stock = item.stock_quantity;
  return typeof stock === 'number' && Number.isSafeInteger(stock) && stock >= 0 ? stock : null;
}

/** A quantity for a line: a whole number from 1, at most the line's known stock (and the order limit). */
export function boundQuantity(item: Pick<CartItem, 'stock_quantity'>, quantity: number): number {
  const stock = cartLineStock(item);
  const wanted = Math.max(1, Math.floor(quantity) || 1);
  return Math.min(wanted, ORDER_LIMITS.maxQuantity, stock === null ? Number.MAX_SAFE_INTEGER : Math.max(1, stock));
}

/** Sets a line's quantity (at least 1, at most the stock the cart last saw). */
export function setCartQuantity(productId: number, quantity: number): CartItem[] {
  const next = readCart().map((item) =>
    item.id === productId ? { ...item, quantity: boundQuantity(item, quantity) } : item,
  );
  writeCart(next);
  return next;
}

/** Empties the cart (after an order is placed). */
export function clearCart(): void {
  writeCart([]);
}

/** The fields of a product the cart refresh reads (GET /products?id=...). */
export interface CartProduct {
  id: number;
  name: string;
  price_kobo: number;
  price_ngn: number;
  /** The vendor's discount (checkout's "You're saving" reads it through productPricing). */
  discount?: string | null;
  stock_quantity: number | null;
  /** The product's card-size image (the cart shows it, issue 22); absent or null when it has none. */
  image_card_url?: string | null;
}

export interface CartRefresh {
  items: CartItem[];
  /** A price, quantity or line changed (the screen says so). */
  changed: boolean;
  /** Names of the lines removed: the product is gone, inactive or out of stock. */
  gone: string[];
}

/**
 * The cart brought up to date with the API's products: exact prices (price_kobo, price_ngn kept for the spec's
 * readers), names, stock; a quantity above the stock comes down to it; a product that is missing (deleted or
 * inactive: the public list has active products only) or out of stock leaves the cart. Pure, for the tests.
 */
export function refreshCart(items: readonly CartItem[], products: readonly CartProduct[]): CartRefresh {
  const byId = new Map(products.map((product) => [product.id, product]));
  const gone: string[] = [];
  let changed = false;
  const next: CartItem[] = [];
  for (const item of items) {
    const product = byId.get(Number(item.id));
    const stock =
      product && typeof product.stock_quantity === 'number' ? Math.max(0, Math.floor(product.stock_quantity)) : null;
    if (!product || stock === 0) {
      gone.push(String(product?.name ?? item.name ?? `#${item.id}`));
      changed = true;
      continue;
    }
    const quantity = lineQuantity(item) || 1;
    const bounded = stock === null ? quantity : Math.min(quantity, stock);
    if (bounded !== quantity || cartLineKobo(item) !== product.price_kobo) changed = true;
    next.push({
      ...item,
      name: product.name,
      price_kobo: product.price_kobo,
      price_ngn: product.price_ngn,
      ...(product.discount !== undefined ? { discount: product.discount } : {}),
      stock_quantity: stock,
      quantity: bounded,
      ...(product.image_card_url !== undefined ? { image_card_url: product.image_card_url } : {}),
    });
  }
  return { items: next, changed, gone };
}

/** Saves a refreshed cart when it differs from what is stored (so listeners only fire on a real change). */
export function saveRefreshedCart(items: CartItem[]): void {
  if (JSON.stringify(items) !== JSON.stringify(readCart())) writeCart(items);
}

/** The order's lines as POST /orders takes them: product_id and quantity only (the server prices). */
export function orderLines(items: readonly CartItem[]): Array<{ product_id: number; quantity: number }> {
  return items
    .map((item) => ({ product_id: Number(item.id), quantity: lineQuantity(item) }))
    .filter((line) => Number.isSafeInteger(line.product_id) && line.product_id > 0 && line.quantity > 0);
}

export function removeFromCart(productId: number): CartItem[] {
  const next = readCart().filter((item) => item.id !== productId);
  writeCart(next);
  return next;
}
