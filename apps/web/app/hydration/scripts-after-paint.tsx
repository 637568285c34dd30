import { useNonce } from '~/security/nonce';

import { loadScriptsAfterFirstPaint } from './after-paint';

/**
 * The loader's text, made once, in the server build; nothing in the browser bundle (`import.meta.env.SSR` is
 * replaced per build, and React keeps the server's text when hydrating).
 */
const LOADER_SOURCE = import.meta.env.SSR ? `(${loadScriptsAfterFirstPaint.toString()})();` : '';

/** Placed after Remix's <Scripts />: starts the page's JavaScript once the page has painted. */
export function ScriptsAfterFirstPaint() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LOADER_SOURCE }} />;
}
