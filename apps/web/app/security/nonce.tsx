import { createContext, type ReactNode, useContext } from 'react';

const NonceContext = createContext<string | undefined>(undefined);

/**
 * The nonce of this response's Content-Security-Policy (made by the front door), for the inline scripts
 * Remix writes. Only the server render has one: a browser hides nonces from the DOM after loading.
 */
export function NonceProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
