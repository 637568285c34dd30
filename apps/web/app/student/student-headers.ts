import type { HeadersFunction } from '@remix-run/node';

/**
 * The document headers of every /student page: a route without a `headers` export answers with its parent's
 * (the root's, which keeps only Set-Cookie), so the loaders' and actions' `Cache-Control: no-store` would be lost
 * and a student's page could be kept by the browser or a proxy. Remix adds the loaders' and actions' Set-Cookie
 * lines itself. The front door's page cache never holds these paths (apps/web/server/src/page-cache.ts, CACHED_PAGES).
 */
export const studentPageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  // The reset page keeps its token out of any Referer (student.reset.$token.tsx).
  const referrerPolicy = actionHeaders.get('Referrer-Policy') ?? loaderHeaders.get('Referrer-Policy');
  if (referrerPolicy) headers.set('Referrer-Policy', referrerPolicy);
  return headers;
};
