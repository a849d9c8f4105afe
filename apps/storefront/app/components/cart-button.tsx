import { Link } from '@remix-run/react';
import { readCartCount } from '~/lib/cart';
import { useCartValue } from '~/lib/use-cart';

/** Cart icon with the sum of the quantities in localStorage 'cart' (both headers). */
export function CartButton() {
  const count = useCartValue(readCartCount, 0);
  return (
    <Link to="/cart" className="icon-button" aria-label={count ? `Cart, ${count} items` : 'Cart'}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM7.2 14h9.9a2 2 0 0 0 1.8-1.1L22 6H5.2l-.9-2H1v2h2l3.6 7.6L5.2 16c-.1.3-.2.6-.2 1a2 2 0 0 0 2 2h12v-2H7.4a.3.3 0 0 1-.2-.4L7.2 14Z"
        />
      </svg>
      {count > 0 ? (
        <span className="badge" data-testid="cart-badge">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
