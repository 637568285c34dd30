import { i18nServer } from '~/i18n/i18next.server';
import type { PageMeta } from '~/i18n/page-meta';

import { canonicalUrl, siteOrigin } from './site-url.server';

/** Title, description and Open Graph of one page in the request's language. */
export async function buildPageMeta(request: Request, title: string, description: string): Promise<PageMeta> {
  const locale = await i18nServer.getLocale(request);
  const t = await i18nServer.getFixedT(request);
  const origin = siteOrigin(request);
  return { title, description, url: canonicalUrl(request), locale, siteName: t('site.name'), image: `${origin}/images/og-image.png` };
}
