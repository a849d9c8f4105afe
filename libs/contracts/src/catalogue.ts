/** Catalogue contracts: product types, the product and category shapes, and the spec's page sizes. */
export const PRODUCT_TYPES = ['new', 'hot', 'trending', 'flash', 'summer'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Filter options of the catalogue (spec 2.13): 'all' plus each type. */
export const PRODUCT_TYPE_FILTERS = ['all', ...PRODUCT_TYPES] as const;

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  new: 'New Product',
  hot: 'Hot Product',
  trending: 'Trending Product',
  flash: 'Flash Sale',
  summer: 'Summer Product',
};

export function productTypeLabel(type: unknown): string {
  return PRODUCT_TYPE_LABELS[type as ProductType] ?? String(type ?? '');
}

export interface CategoryRef {
  id: number;
  name: string;
}

export interface Category extends CategoryRef {
  status: 0 | 1;
  created_at: string;
  updated_at: string;
}

export interface Product {
  id: number;
  user_id: number;
  seller: { id: number; name: string | null } | null;
  name: string;
  category_id: number;
  category: CategoryRef | null;
  type: ProductType;
  type_label: string;
  description: string;
  /** Naira, for display and for the original clients; arithmetic uses price_kobo. */
  price: number;
  price_ngn: number;
  /** Exact price in kobo (integer minor units). */
  price_kobo: number;
  status: 0 | 1;
  image: string | null;
  image_url: string | null;
  image_card_url: string | null;
  rating: number;
  average_rating: number;
  review_count: number;
  stock_quantity: number;
  sku: string | null;
  weight: string | null;
  dimensions: string | null;
  discount: string | null;
  flash_start_at: string | null;
  flash_end_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductReview {
  id: number;
  product_id: number;
  user: { id: number; name: string | null };
  rating: number;
  comment: string | null;
  created_at: string;
}

export interface SearchSuggestions {
  categories: Array<CategoryRef>;
  products: Array<{
    id: number;
    name: string;
    price_ngn: number;
    average_rating: number;
    image_card_url: string | null;
    category: CategoryRef | null;
  }>;
}

export const SEARCH_SUGGESTION_LIMITS = { categories: 3, total: 7 } as const;

/**
 * Product detail constants of spec section 9. The spec's placeholder figures (reserved 3, default stock 25, rating 4.5,
 * 128 reviews, a struck price of 1.2 x labelled '20% OFF') are not shown as facts (issue 22): stock is the product's
 * stock_quantity, ratings and review counts come from real reviews, and a struck price comes from productPricing.
 */
export const PRODUCT_DETAIL = {
  lowStockThreshold: 5,
  galleryImages: 4,
} as const;

export const FLASH_DEFAULT_HOURS = 24;

/** Available = the product's stock_quantity (never below 0; nothing invented when unknown); 0 shows 'Out of Stock', at or below 5 'LOW STOCK'. */
export function stockState(stock: number | null | undefined): {
  available: number;
  label: 'Out of Stock' | 'LOW STOCK' | 'In Stock';
} {
  const available = typeof stock === 'number' && Number.isFinite(stock) ? Math.max(0, Math.floor(stock)) : 0;
  if (available === 0) return { available, label: 'Out of Stock' };
  if (available <= PRODUCT_DETAIL.lowStockThreshold) return { available, label: 'LOW STOCK' };
  return { available, label: 'In Stock' };
}

/**
 * The product's discount field is a percentage off its previous (compare-at) price, with its unit: '15%'. The price is
 * what the buyer pays; the previous price is derived from it. Whole percentages from 1 to 90.
 */
export const DISCOUNT_PERCENT_RANGE = { min: 1, max: 90 } as const;
export const DISCOUNT_FIELD_LABEL = 'Discount (% off the previous price)';
export const DISCOUNT_FIELD_MESSAGE = 'Discount must be a whole percentage from 1 to 90, e.g. 15%.';

/** '15%', '15 %' or '15' -> 15; anything else (blank, '10 OFF', 0, 95, 12.5) -> null (no discount shown). */
export function parseDiscountPercent(discount: unknown): number | null {
  if (typeof discount !== 'string' && typeof discount !== 'number') return null;
  const match = /^\s*(\d{1,3})\s*%?\s*$/.exec(String(discount));
  if (!match) return null;
  const percent = Number(match[1]);
  return percent >= DISCOUNT_PERCENT_RANGE.min && percent <= DISCOUNT_PERCENT_RANGE.max ? percent : null;
}

/** The stored form of a valid discount ('15' -> '15%'), or null when it is not one. */
export function normalizeDiscount(discount: unknown): string | null {
  const percent = parseDiscountPercent(discount);
  return percent === null ? null : `${percent}%`;
}

export interface ProductPricing {
  /** What the buyer pays, in kobo. */
  price: number;
  /** The previous price in kobo (whole naira), or null when the product has no discount. */
  compareAt: number | null;
  /** Whole percentage off the previous price, or null when there is none. */
  percentOff: number | null;
  /** compareAt - price per unit, in kobo (0 without a discount). */
  saving: number;
}

/**
 * The one pricing rule of the card, the product page and checkout: the struck (previous) price and '{n}% OFF' exist
 * only when the product has a discount; previous price = price / (1 - n/100), rounded to whole naira, in integers.
 */
export function productPricing(product: { price_kobo: number; discount?: string | null }): ProductPricing {
  const price = Number.isSafeInteger(product.price_kobo) && product.price_kobo > 0 ? product.price_kobo : 0;
  const percent = parseDiscountPercent(product.discount);
  if (price === 0 || percent === null) return { price, compareAt: null, percentOff: null, saving: 0 };
  const compareAt = Math.round((price * 100) / (100 - percent) / 100) * 100;
  if (compareAt <= price) return { price, compareAt: null, percentOff: null, saving: 0 };
  return { price, compareAt, percentOff: percent, saving: compareAt - price };
}

/** The percentage pill: 15 -> '15% OFF'. */
export function percentOffLabel(percent: number): string {
  return `${percent}% OFF`;
}
