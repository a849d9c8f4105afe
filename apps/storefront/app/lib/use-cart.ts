import { useEffect, useState } from 'react';
import { CART_CHANGE_EVENT } from './cart';

/**
 * A value read from the cart in localStorage, kept current when this tab (CART_CHANGE_EVENT) or another tab
 * (the storage event) changes it. `initial` is what the server render shows before the browser reads the cart.
 */
export function useCartValue<T>(read: () => T, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const update = () => setValue(read());
    update();
    window.addEventListener('storage', update);
    window.addEventListener(CART_CHANGE_EVENT, update);
    return () => {
      window.removeEventListener('storage', update);
      window.removeEventListener(CART_CHANGE_EVENT, update);
    };
    // `read` is a module function; subscribe once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}
