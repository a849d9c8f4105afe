import { Link } from '@remix-run/react';
import type { CategoryRef, ProductType } from '@jara/contracts';
import { PriceTag } from './price-tag';
import { Countdown } from './countdown';
import { Stars } from './stars';

/** The product fields a card shows (products.server.ts toCard). */
export interface CardProduct {
  id: number;
  user_id: number;
  name: string;
  description: string;
  price_kobo: number;
  /** The vendor's discount ('15%' off the previous price), or null: productPricing reads it. */
  discount: string | null;
  image_card_url: string | null;
  category: CategoryRef | null;
  /** Encrypted category id for /category links. */
  categoryKey: string | null;
  type: ProductType;
  status: 0 | 1;
  average_rating: number;
  review_count: number;
  flash_start_at: string | null;
  flash_end_at: string | null;
}

export function isFlash(
  product: Pick<CardProduct, 'type' | 'flash_end_at'>,
): product is CardProduct & { flash_end_at: string } {
  return product.type === 'flash' && Boolean(product.flash_end_at);
}

/** Product card of spec 2.10 (with the stars of 2.13 when `rating` is set). */
export function ProductCard({
  product,
  to = `/product/${product.id}`,
  rating = false,
  description = true,
  ratingNA = false,
  eager = false,
}: {
  product: CardProduct;
  to?: string;
  rating?: boolean;
  description?: boolean;
  /** Product manager: 'N/A' instead of empty stars when there is no rating. */
  ratingNA?: boolean;
  eager?: boolean;
}) {
  const flash = isFlash(product);
  return (
    <article className="product-card" data-product-id={product.id}>
      <Link to={to} className="product-card-link" prefetch="intent">
        <div className="product-card-media">
          {product.image_card_url ? (
            <img
              src={product.image_card_url}
              alt={product.name}
              width={400}
              height={400}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : (
            <div className="product-card-noimage" aria-hidden="true">
              {product.name.charAt(0)}
            </div>
          )}
          {flash ? <span className="flash-badge">Flash Sale</span> : null}
        </div>
        <div className="product-card-body">
          <h3 className="product-card-name">{product.name}</h3>
          {description && product.description ? <p className="product-card-desc">{product.description}</p> : null}
          {rating ? (
            product.review_count > 0 && product.average_rating > 0 ? (
              <Stars rating={product.average_rating} count={product.review_count} />
            ) : ratingNA ? (
              <p className="product-card-rating muted">Rating: N/A</p>
            ) : (
              <p className="product-card-rating muted small">No reviews yet</p>
            )
          ) : null}
          <p className="product-card-price">
            Price: <PriceTag product={product} size="card" />
          </p>
          <p className="product-card-category">Category: {product.category?.name ?? '—'}</p>
          {flash ? (
            <p className="product-card-flash">
              Ends in <Countdown end={product.flash_end_at} />
            </p>
          ) : null}
          {ratingNA && product.status === 0 ? <span className="status-pill">Inactive</span> : null}
        </div>
      </Link>
    </article>
  );
}
