import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { formatNaira } from '@jara/contracts';
import { guardLoader } from '~/lib/guards.server';
import { cartLineKobo, cartLineTotalKobo, cartTotalKobo, readCart, removeFromCart, setCartQuantity, type CartItem } from '~/lib/cart';
import { ALL_ROLES } from '~/lib/navigation';
import { useCartValue } from '~/lib/use-cart';

export const meta: MetaFunction = () => [{ title: 'Cart | Jara' }];

export const loader = guardLoader(ALL_ROLES);

/**
 * Spec 2.15: the cart kept in localStorage ('cart'): items, quantity controls, total, 'Proceed to Checkout'.
 * Every amount is exact kobo formatted as naira; the server prices the order again at checkout.
 */
export default function CartPage() {
  const items = useCartValue<CartItem[] | null>(readCart, null);

  if (items === null) return <p className="loading-state">Loading cart...</p>;
  return (
    <div className="stack">
      <h1>Cart</h1>
      {items.length === 0 ? (
        <div className="empty-state">
          <p>Your cart is empty.</p>
          <Link to="/all_products" className="btn btn-primary">
            Browse Products
          </Link>
        </div>
      ) : (
        <>
          <ul className="stack cart-lines" aria-label="Cart items">
            {items.map((item) => {
              const unit = cartLineKobo(item);
              const quantity = Math.max(1, Math.floor(Number(item.quantity)) || 1);
              return (
                <li key={item.id} className="cart-line" data-testid="cart-line">
                  <Link to={`/product/${item.id}`}>{item.name}</Link>
                  <span className="muted">{unit === null ? '—' : formatNaira(unit)}</span>
                  <div className="quantity-input">
                    <button type="button" aria-label={`Decrease quantity of ${item.name}`} disabled={quantity <= 1} onClick={() => setCartQuantity(item.id, quantity - 1)}>
                      −
                    </button>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      aria-label={`Quantity of ${item.name}`}
                      value={quantity}
                      onChange={(event) => setCartQuantity(item.id, Number(event.target.value))}
                    />
                    <button type="button" aria-label={`Increase quantity of ${item.name}`} onClick={() => setCartQuantity(item.id, quantity + 1)}>
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
              Proceed to Checkout
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
