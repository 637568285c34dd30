import { createContext, type ReactNode, useContext } from 'react';

/* Pure: in the browser nothing reads it (see useInlineStyles), so the bundler drops it. */
const StylesContext = /* @__PURE__ */ createContext<string | undefined>(undefined);

/** The site's stylesheet as text, handed to the document by the server render (entry.server.tsx). */
export function InlineStylesProvider({ css, children }: { css: string; children: ReactNode }) {
  return <StylesContext.Provider value={css}>{children}</StylesContext.Provider>;
}

function useServerStyles(): string | undefined {
  return useContext(StylesContext);
}

function noStyles(): undefined {
  return undefined;
}

/** The stylesheet in the server render; nothing in the browser bundle (as useNonce: `import.meta.env.SSR` is replaced per build). */
const useInlineStyles: () => string | undefined = import.meta.env.SSR ? useServerStyles : noStyles;

/**
 * The whole stylesheet (4 KB gzip) inside the document rather than a render-blocking <link> (ADR 032): the
 * first paint needs no second request. The browser's render has no text for it: React keeps the server's while
 * hydrating (it never rewrites dangerouslySetInnerHTML then) and, the prop never changing afterwards, never touches it.
 */
export function InlineStyles() {
  const css = useInlineStyles();
  return <style id="site-styles" dangerouslySetInnerHTML={{ __html: css ?? '' }} suppressHydrationWarning />;
}
