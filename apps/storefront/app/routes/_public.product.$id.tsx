import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Form,
  Link,
  isRouteErrorResponse,
  useFetcher,
  useLoaderData,
  useLocation,
  useRouteError,
} from '@remix-run/react';
import { useEffect, useState } from 'react';
import {
  MSG,
  PRODUCT_DETAIL,
  SHOP_CLAIM_LABELS,
  percentOffLabel,
  productPricing,
  shopClaims,
  stockState,
  type ListResponse,
  type Product,
  type ProductReview,
} from '@jara/contracts';
import { Countdown } from '~/components/countdown';
import { PriceTag } from '~/components/price-tag';
import { Stars } from '~/components/stars';
import { useActionToast, useToast } from '~/components/toasts';
import { api, fieldErrors, publicApi, serverMessage } from '~/lib/api.server';
import { addToCart, readCart, removeFromCart } from '~/lib/cart';
import { text } from '~/lib/form';
import { categoryPath } from '~/lib/id-cipher.server';
import { signInPath } from '~/lib/navigation';
import { loadReviewEligibility, readOrderId } from '~/lib/orders.server';
import { canonicalUrl } from '~/lib/seo.server';
import { loadShopPolicy } from '~/lib/shop-policy.server';
import { getSession, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { toast } from '~/lib/toast';
import { assertSameOrigin } from '~/lib/same-origin.server';

const STOCK_IMAGES = [
  { src: '/stock/packaging.svg', alt: 'Carefully packed for delivery' },
  { src: '/stock/delivery.svg', alt: 'Delivered across Nigeria' },
  { src: '/stock/quality.svg', alt: 'Genuine, checked quality' },
];

function productId(raw: string | undefined): number | null {
  return raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

type ReviewState = { state: 'allowed'; orderId: number } | { state: 'reviewed' | 'not-bought' | 'unknown' };

function reviewState(eligibility: Awaited<ReturnType<typeof loadReviewEligibility>>): ReviewState {
  if (!eligibility) return { state: 'unknown' };
  if (eligibility.orderId) return { state: 'allowed', orderId: eligibility.orderId };
  return { state: eligibility.reviewed ? 'reviewed' : 'not-bought' };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = productId(params.id);
  if (!id) throw json({ message: MSG.product.notFound }, { status: 404 });
  const session = await getSession(request);
  const token = session.get('token') ?? null;
  // Per-user reads (wishlist, review eligibility) only with a session: an anonymous answer is the same for everyone.
  const [product, reviews, wishlist, eligibility, policy] = await Promise.all([
    publicApi<{ data: Product }>(`/products/${id}`, { token, signal: request.signal }),
    publicApi<ListResponse<ProductReview>>(`/products/${id}/reviews?per_page=20`, { token, signal: request.signal }),
    token ? api<{ data: number[] }>('/wishlist/ids', { token, signal: request.signal }) : Promise.resolve(null),
    token ? loadReviewEligibility(request, { session, token }, id) : Promise.resolve(null),
    loadShopPolicy(),
  ]);
  if (product.status === 404) throw json({ message: MSG.product.notFound }, { status: 404 });
  if (!product.ok || !product.data?.data) {
    return json({ state: 'error' as const, path: `/product/${id}` }, { status: 502 });
  }
  const p = product.data.data;
  const ownProduct = session.get('userId') === p.user_id;
  return json({
    state: 'ok' as const,
    product: p,
    categoryLink: p.category ? categoryPath(p.category.id) : null,
    reviews: reviews.ok ? (reviews.data?.data ?? []) : [],
    // One count beside the stars and in 'Customer Reviews (N)': the reviews themselves when they loaded.
    reviewTotal: reviews.ok ? Number(reviews.data?.meta?.total ?? 0) : p.review_count,
    claims: shopClaims(policy),
    signedIn: Boolean(token),
    ownProduct,
    inWishlist: Boolean(wishlist?.ok && wishlist.data?.data?.includes(p.id)),
    canonical: canonicalUrl(`/product/${p.id}`),
    // Signed in only (absent, not null, for everyone else): the order a review is for, or why there is no form.
    // 'unknown' (the orders could not be read) keeps the form and lets the API decide.
    ...(token && !ownProduct ? { review: reviewState(eligibility) } : {}),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const id = productId(params.id);
  if (!id) throw json({ message: MSG.product.notFound }, { status: 404 });
  const { session, token } = await requireUser(request);
  const form = await request.formData();
  const intent = text(form.get('intent'));
  if (intent === 'wishlist') {
    const remove = text(form.get('inWishlist')) === '1';
    const result = remove
      ? await api(`/wishlist/${id}`, { method: 'DELETE', token })
      : await api('/wishlist', { json: { product_id: id }, token });
    if (result.status === 401) return signOutAndRedirect(request, session);
    if (!result.ok)
      return json({
        intent,
        toast: toast('error', serverMessage(result.error) ?? 'Could not update your wishlist.'),
        errors: {},
      });
    return json({
      intent,
      toast: toast('success', remove ? MSG.product.removedFromWishlist : MSG.product.addedToWishlist),
      errors: {},
    });
  }
  if (intent === 'review') {
    const rating = Number(text(form.get('rating')));
    const comment = text(form.get('comment')).trim();
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
      return json({ intent, toast: null, errors: { rating: 'Choose a rating from 1 to 5 stars.' } }, { status: 422 });
    }
    const orderId = readOrderId(form.get('order_id'));
    const result = await api(`/products/${id}/reviews`, {
      json: { rating, comment: comment || undefined, order_id: orderId || undefined },
      token,
    });
    if (result.status === 401) return signOutAndRedirect(request, session);
    if (!result.ok) {
      return json(
        {
          intent,
          toast: toast('error', serverMessage(result.error) ?? 'Could not save your review.'),
          errors: fieldErrors(result.error, ['rating', 'comment']),
        },
        { status: result.status === 422 ? 422 : 400 },
      );
    }
    return json({ intent, toast: toast('success', 'Thank you for your review!'), errors: {} });
  }
  return json({ intent, toast: null, errors: {} }, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data || data.state !== 'ok')
    return [{ title: `${MSG.product.notFound} | Jara` }, { name: 'robots', content: 'noindex' }];
  const p = data.product;
  const description = (p.description || `${p.name} on Jara`).slice(0, 160);
  const available = stockState(p.stock_quantity).available > 0;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    image: p.image_url ? [p.image_url] : undefined,
    description: p.description,
    sku: p.sku ?? undefined,
    category: p.category?.name,
    brand: p.seller?.name ? { '@type': 'Brand', name: p.seller.name } : undefined,
    offers: {
      '@type': 'Offer',
      url: data.canonical,
      priceCurrency: 'NGN',
      price: (p.price_kobo / 100).toFixed(2),
      availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  if (data.reviewTotal > 0 && p.average_rating > 0) {
    jsonLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: p.average_rating,
      reviewCount: data.reviewTotal,
    };
  }
  return [
    { title: `${p.name} | Jara` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: p.name },
    { property: 'og:description', content: description },
    ...(p.image_url ? [{ property: 'og:image', content: p.image_url }] : []),
    { 'script:ld+json': jsonLd },
  ];
};

type LoadedProduct = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: 'ok' }>;

function Gallery({ product }: { product: LoadedProduct['product'] }) {
  const images = [...(product.image_url ? [{ src: product.image_url, alt: product.name }] : []), ...STOCK_IMAGES].slice(
    0,
    PRODUCT_DETAIL.galleryImages,
  );
  const [active, setActive] = useState(0);
  const current = images[active] ?? images[0];
  return (
    <div className="gallery">
      <div className="gallery-main">
        <img src={current.src} alt={current.alt} width={800} height={800} />
      </div>
      <ul className="gallery-thumbs" aria-label="Product images">
        {images.map((image, index) => (
          <li key={image.src}>
            <button
              type="button"
              className={index === active ? 'active' : undefined}
              aria-label={`Show image ${index + 1}`}
              aria-pressed={index === active}
              onClick={() => setActive(index)}
            >
              <img src={image.src} alt="" width={96} height={96} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CartControls({ product }: { product: LoadedProduct['product'] }) {
  const { show } = useToast();
  const stock = stockState(product.stock_quantity);
  const [quantity, setQuantity] = useState(1);
  const [inCart, setInCart] = useState(false);
  useEffect(() => {
    setInCart(readCart().some((item) => item.id === product.id));
  }, [product.id]);
  const out = stock.available === 0;
  const clamp = (n: number) => Math.max(1, Math.min(stock.available || 1, Math.floor(n) || 1));

  function add() {
    if (out) {
      show(toast('error', MSG.product.outOfStock));
      return;
    }
    // The line keeps the exact price_kobo; totals are computed in kobo (lib/cart), never from naira floats.
    addToCart(product, quantity);
    setInCart(true);
    show(toast('success', MSG.product.addedToCart(product.name, quantity)));
  }
  function remove() {
    removeFromCart(product.id);
    setInCart(false);
    show(toast('info', MSG.product.removedFromCart(product.name)));
  }

  return (
    <div className="cart-controls">
      <div className="quantity">
        <label htmlFor="quantity">Quantity</label>
        <div className="quantity-input">
          <button
            type="button"
            aria-label="Decrease quantity"
            disabled={out || quantity <= 1}
            onClick={() => setQuantity((q) => clamp(q - 1))}
          >
            −
          </button>
          <input
            id="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, stock.available)}
            value={quantity}
            disabled={out}
            onChange={(event) => setQuantity(clamp(Number(event.target.value)))}
          />
          <button
            type="button"
            aria-label="Increase quantity"
            disabled={out || quantity >= stock.available}
            onClick={() => setQuantity((q) => clamp(q + 1))}
          >
            +
          </button>
        </div>
      </div>
      <div className="cart-buttons">
        <button type="button" className="btn btn-primary" disabled={out} onClick={add}>
          {out ? 'Out of Stock' : 'Add to Cart'}
        </button>
        {inCart ? (
          <button type="button" className="btn btn-ghost" onClick={remove}>
            Remove from Cart
          </button>
        ) : null}
      </div>
    </div>
  );
}

function WishlistToggle({ signedIn, inWishlist }: { signedIn: boolean; inWishlist: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const location = useLocation();
  useActionToast(fetcher.data?.toast);
  if (!signedIn) {
    return (
      <Link className="btn btn-ghost wishlist-button" to={signInPath(location.pathname)}>
        ♡ Add to Wishlist
      </Link>
    );
  }
  const pending = fetcher.formData?.get('intent') === 'wishlist';
  const current = pending ? fetcher.formData?.get('inWishlist') !== '1' : inWishlist;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="wishlist" />
      <input type="hidden" name="inWishlist" value={current ? '1' : '0'} />
      <button type="submit" className={`btn btn-ghost wishlist-button${current ? ' on' : ''}`} aria-pressed={current}>
        {current ? '♥ In Wishlist' : '♡ Add to Wishlist'}
      </button>
    </fetcher.Form>
  );
}

function Reviews({ data }: { data: LoadedProduct }) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data?.toast);
  const errors = (fetcher.data?.intent === 'review' ? fetcher.data.errors : {}) as Record<string, string | undefined>;
  const location = useLocation();
  const review = 'review' in data ? data.review : undefined;
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Customer Reviews ({data.reviewTotal})</h2>
      {data.reviews.length === 0 ? <p className="muted">No reviews yet. Be the first to review this product.</p> : null}
      <ul className="review-list">
        {data.reviews.map((review) => (
          <li key={review.id} className="review">
            <div className="review-head">
              <strong>{review.user?.name ?? 'Customer'}</strong>
              <Stars rating={review.rating} />
            </div>
            {review.comment ? <p>{review.comment}</p> : null}
            <time className="muted small" dateTime={review.created_at}>
              {new Date(review.created_at).toLocaleDateString('en-NG', {
                year: 'numeric',
                month: 'short',
                day: 'numeric',
                timeZone: 'Africa/Lagos',
              })}
            </time>
          </li>
        ))}
      </ul>
      {review && (review.state === 'allowed' || review.state === 'unknown') ? (
        <fetcher.Form method="post" className="review-form stack">
          <h3>Write a review</h3>
          <input type="hidden" name="intent" value="review" />
          {review.state === 'allowed' ? <input type="hidden" name="order_id" value={review.orderId} /> : null}
          <fieldset className="rating-input">
            <legend>Your rating</legend>
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n}>
                <input type="radio" name="rating" value={n} required /> {n} star{n === 1 ? '' : 's'}
              </label>
            ))}
          </fieldset>
          {errors.rating ? <p className="field-error">{errors.rating}</p> : null}
          <div className="field">
            <label htmlFor="review-comment">Comment</label>
            <textarea id="review-comment" name="comment" rows={3} maxLength={1000} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>
            Submit Review
          </button>
        </fetcher.Form>
      ) : review ? (
        <p className="notice-inline review-note" data-testid="review-note">
          {review.state === 'reviewed' ? MSG.orders.reviewAlreadyLeft : MSG.orders.reviewNotAllowed}{' '}
          <Link to="/my-orders?tab=to-review">{MSG.orders.reviewOrdersLink}</Link>
        </p>
      ) : !data.signedIn ? (
        <p>
          <Link to={signInPath(location.pathname)}>Sign in</Link> to write a review.
        </p>
      ) : null}
    </section>
  );
}

export default function ProductPage() {
  const data = useLoaderData<typeof loader>();
  if (data.state === 'error') {
    return (
      <main className="container page">
        <section className="status-block" role="alert">
          <h1>{MSG.product.loadFailed}</h1>
          <p className="muted">The shop is not answering right now.</p>
          <Form method="get" action={data.path} reloadDocument>
            <button type="submit" className="btn btn-primary">
              Try Again
            </button>
          </Form>
        </section>
      </main>
    );
  }
  const p = data.product;
  const stock = stockState(p.stock_quantity);
  const pricing = productPricing(p);
  const flashEnd = p.type === 'flash' && p.flash_end_at ? p.flash_end_at : null;
  return (
    <main className="container page product-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/">Home</Link> <span aria-hidden="true">›</span> <Link to="/all_products">All Products</Link>
        {p.category && data.categoryLink ? (
          <>
            {' '}
            <span aria-hidden="true">›</span> <Link to={data.categoryLink}>{p.category.name}</Link>
          </>
        ) : null}
      </nav>
      {flashEnd ? (
        <div className="flash-banner" role="status">
          <strong>Flash Sale</strong>
          <span>
            Ends in <Countdown end={flashEnd} style="header" />
          </span>
        </div>
      ) : null}
      <div className="product-layout">
        <Gallery product={p} />
        <div className="product-info stack">
          <h1>{p.name}</h1>
          <div className="product-meta">
            {data.reviewTotal > 0 && p.average_rating > 0 ? (
              <Stars rating={p.average_rating} count={data.reviewTotal} />
            ) : (
              <span className="muted small" data-testid="no-reviews">
                No reviews yet
              </span>
            )}
            <span className="type-pill">{p.type_label}</span>
          </div>
          <div className="price-row">
            <PriceTag product={p} size="page" />
          </div>
          <p
            data-testid="stock"
            className={`stock stock-${stock.label === 'Out of Stock' ? 'out' : stock.label === 'LOW STOCK' ? 'low' : 'in'}`}
          >
            {stock.label === 'Out of Stock'
              ? 'Out of Stock'
              : stock.label === 'LOW STOCK'
                ? `LOW STOCK: only ${stock.available} left`
                : `In Stock (${stock.available} available)`}
          </p>
          <CartControls product={p} />
          <WishlistToggle signedIn={data.signedIn} inWishlist={data.inWishlist} />
          <ul className="claims" data-testid="claims">
            {data.claims.freeDelivery ? <li>✓ {SHOP_CLAIM_LABELS.freeShipping}</li> : null}
            <li>✓ {SHOP_CLAIM_LABELS.securePayment}</li>
            {data.claims.returns ? <li>✓ {data.claims.returns}</li> : null}
          </ul>
        </div>
      </div>
      <section className="product-details" aria-labelledby="details-title">
        <h2 id="details-title">Product Details</h2>
        <p className="product-description">{p.description}</p>
        <dl className="details-list">
          {p.sku ? (
            <>
              <dt>SKU</dt>
              <dd>{p.sku}</dd>
            </>
          ) : null}
          {p.weight ? (
            <>
              <dt>Weight</dt>
              <dd>{p.weight}</dd>
            </>
          ) : null}
          {p.dimensions ? (
            <>
              <dt>Dimensions</dt>
              <dd>{p.dimensions}</dd>
            </>
          ) : null}
          {pricing.percentOff !== null ? (
            <>
              <dt>Discount</dt>
              <dd>{percentOffLabel(pricing.percentOff)}</dd>
            </>
          ) : null}
          <dt>Category</dt>
          <dd>{p.category && data.categoryLink ? <Link to={data.categoryLink}>{p.category.name}</Link> : '—'}</dd>
          {p.seller ? (
            <>
              <dt>Seller</dt>
              <dd>
                <Link to={`/seller-profile?id=${p.seller.id}`}>{p.seller.name ?? 'Jara seller'}</Link>
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <Reviews data={data} />
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (!missing) console.error(error);
  return (
    <main className="container page">
      <section className="status-block" role="alert">
        <h1>{missing ? MSG.product.notFound : MSG.product.loadFailed}</h1>
        <p className="muted">
          {missing ? 'This product is no longer listed or never existed.' : 'Please try again in a moment.'}
        </p>
        <Link to="/all_products" className="btn btn-primary">
          Browse Products
        </Link>
      </section>
    </main>
  );
}
