import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (server.mjs makes one per request and
 * entry.server.tsx provides it). In the browser it is empty: the scripts already ran, and browsers hide the value.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
