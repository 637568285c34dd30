import { createContext, type ReactNode, useContext } from 'react';

/* Pure: in the browser bundle nothing reads it (see useNonce), so the bundler drops it. */
const NonceContext = /* @__PURE__ */ createContext<string | undefined>(undefined);

/**
 * The nonce of this response's Content-Security-Policy (made by the front door), for the inline scripts
 * Remix writes. Only the server render has one: a browser hides nonces from the DOM after loading.
 */
export function NonceProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

function useServerNonce(): string | undefined {
  return useContext(NonceContext);
}

function noNonce(): undefined {
  return undefined;
}

/**
 * The nonce in the server render; nothing in the browser, which hydrates without one (React does not compare
 * nonces). Vite replaces `import.meta.env.SSR` when it builds each bundle, so the browser's landing JavaScript
 * carries neither the context nor the provider (the landing must not grow:
 * docs/product/public-site.md#assets-and-performance).
 */
export const useNonce: () => string | undefined = import.meta.env.SSR ? useServerNonce : noNonce;
