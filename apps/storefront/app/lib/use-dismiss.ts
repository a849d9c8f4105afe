import { useLocation } from '@remix-run/react';
import { useEffect, type RefObject } from 'react';

/** Closes a <details> popup on an outside click, on Escape and on navigation. */
export function useDismissDetails(ref: RefObject<HTMLDetailsElement>) {
  const location = useLocation();
  useEffect(() => {
    ref.current?.removeAttribute('open');
  }, [location.pathname, location.search, ref]);
  useEffect(() => {
    function onPointer(event: MouseEvent) {
      const el = ref.current;
      if (el?.open && event.target instanceof Node && !el.contains(event.target)) el.removeAttribute('open');
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') ref.current?.removeAttribute('open');
    }
    document.addEventListener('click', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref]);
}
