import { useNonce } from '~/security/nonce';

import { loadScriptsAfterFirstPaint } from './after-paint';

/** The loader's text in the server render; nothing in the browser bundle (React keeps the server's text when hydrating). */
const loaderSource: () => string = import.meta.env.SSR ? () => `(${loadScriptsAfterFirstPaint.toString()})();` : () => '';

/** Placed after Remix's <Scripts />: starts the page's JavaScript once the page has painted. */
export function ScriptsAfterFirstPaint() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loaderSource() }} />;
}
