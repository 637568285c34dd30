import type { LoaderFunctionArgs } from '@remix-run/node';

import { siteOrigin } from '~/seo/site-url.server';

export function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin(request);
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
