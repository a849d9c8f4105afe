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
  products: Array<{ id: number; name: string; price_ngn: number; average_rating: number; image_card_url: string | null; category: CategoryRef | null }>;
}

export const SEARCH_SUGGESTION_LIMITS = { categories: 3, total: 7 } as const;

/** Product detail constants of spec section 9 (placeholder-looking values kept as the spec states them). */
export const PRODUCT_DETAIL = {
  lowStockThreshold: 5,
  reserved: 3,
  defaultStock: 25,
  defaultRating: 4.5,
  defaultReviewCount: 128,
  struckPriceFactor: 1.2,
  struckPriceLabel: '20% OFF',
  galleryImages: 4,
} as const;

export const FLASH_DEFAULT_HOURS = 24;

/** Available = stock minus reserved (never below 0); 0 shows 'Out of Stock', at or below 5 'LOW STOCK'. */
export function stockState(stock: number | null | undefined): { available: number; label: 'Out of Stock' | 'LOW STOCK' | 'In Stock' } {
  const base = stock ?? PRODUCT_DETAIL.defaultStock;
  const available = Math.max(0, base - PRODUCT_DETAIL.reserved);
  if (available === 0) return { available, label: 'Out of Stock' };
  if (available <= PRODUCT_DETAIL.lowStockThreshold) return { available, label: 'LOW STOCK' };
  return { available, label: 'In Stock' };
}
