import type { LoaderFunctionArgs } from '@remix-run/node';

import { PUBLIC_PAGES } from '~/seo/public-pages';
import { alternateUrls, siteOrigin } from '~/seo/site-url.server';

/** Every public page with its zh and en alternates (https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap). */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin(request);
  const urls = PUBLIC_PAGES.map(({ path, lastModified }) => {
    const alternates = alternateUrls(origin, path)
      .map(({ hrefLang, href }) => `    <xhtml:link rel="alternate" hreflang="${hrefLang}" href="${escapeXml(href)}"/>`)
      .join('\n');
    return `  <url>\n    <loc>${escapeXml(origin + path)}</loc>\n    <lastmod>${lastModified}</lastmod>\n${alternates}\n  </url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
