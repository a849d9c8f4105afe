import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { MSG, formatNaira } from '@jara/contracts';
import { CartRefreshNotice } from '~/components/orders';
import { guardLoader } from '~/lib/guards.server';
import {
  boundQuantity,
  cartLineImage,
  cartLineKobo,
  cartLineStock,
  cartLineTotalKobo,
  cartTotalKobo,
  readCart,
  removeFromCart,
  setCartQuantity,
  type CartItem,
} from '~/lib/cart';
import { ALL_ROLES } from '~/lib/navigation';
import { useCartValue } from '~/lib/use-cart';
import { useCartRefresh } from '~/lib/use-cart-refresh';

export const meta: MetaFunction = () => [{ title: 'Cart | Jara' }];

export const loader = guardLoader(ALL_ROLES);

/**
 * Spec 2.15: the cart kept in localStorage ('cart'): items, quantity controls, total, 'Proceed to Checkout'.
 * Every amount is exact kobo formatted as naira; the server prices the order again at checkout. When the cart opens,
 * prices and stock are read again from the API (issue 10): quantities are bounded by the stock and the screen says
 * what changed.
 */
export default function CartPage() {
  const items = useCartValue<CartItem[] | null>(readCart, null);
  const { notice } = useCartRefresh();

  if (items === null) return <p className="loading-state">Loading cart...</p>;
  return (
    <div className="stack">
      <h1>Cart</h1>
      <CartRefreshNotice notice={notice} />
      {items.length === 0 ? (
        <div className="empty-state">
          <p>{MSG.checkout.emptyCart}</p>
          <Link to="/all_products" className="btn btn-primary">
            Browse Products
          </Link>
        </div>
      ) : (
        <>
          <ul className="stack cart-lines" aria-label="Cart items">
            {items.map((item) => {
              const unit = cartLineKobo(item);
              const quantity = boundQuantity(item, Number(item.quantity));
              const stock = cartLineStock(item);
              const image = cartLineImage(item);
              return (
                <li key={item.id} className="cart-line" data-testid="cart-line">
                  <span className="cart-line-product">
                    {image ? (
                      <img
                        className="cart-line-image"
                        src={image}
                        alt=""
                        width={64}
                        height={64}
                        loading="lazy"
                        decoding="async"
                        data-testid="cart-line-image"
                      />
                    ) : (
                      <span className="cart-line-image cart-line-noimage" aria-hidden="true">
                        {item.name.charAt(0)}
                      </span>
                    )}
                    <span>
                      <Link to={`/product/${item.id}`}>{item.name}</Link>
                      {stock !== null && stock <= 5 ? (
                        <span className="muted small block">{MSG.orders.onlyLeft(item.name, stock)}</span>
                      ) : null}
                    </span>
                  </span>
                  <span className="muted">{unit === null ? '—' : formatNaira(unit)}</span>
                  <div className="quantity-input">
                    <button
                      type="button"
                      aria-label={`Decrease quantity of ${item.name}`}
                      disabled={quantity <= 1}
                      onClick={() => setCartQuantity(item.id, quantity - 1)}
                    >
                      −
                    </button>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={stock ?? undefined}
                      aria-label={`Quantity of ${item.name}`}
                      value={quantity}
                      onChange={(event) => setCartQuantity(item.id, Number(event.target.value))}
                    />
                    <button
                      type="button"
                      aria-label={`Increase quantity of ${item.name}`}
                      disabled={stock !== null && quantity >= stock}
                      onClick={() => setCartQuantity(item.id, quantity + 1)}
                    >
                      +
                    </button>
                  </div>
                  <strong data-testid="cart-line-total">{formatNaira(cartLineTotalKobo(item))}</strong>
                  <button type="button" className="btn btn-ghost" onClick={() => removeFromCart(item.id)}>
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="cart-total">
            Total: <strong data-testid="cart-total">{formatNaira(cartTotalKobo(items))}</strong>
          </p>
          <div className="cart-buttons">
            <Link to="/checkout" className="btn btn-primary">
              {MSG.checkout.proceed}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
