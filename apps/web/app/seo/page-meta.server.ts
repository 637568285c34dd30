import type { PageMeta } from '~/i18n/page-meta';
import type { Translator } from '~/i18n/translator';

import { canonicalUrl, siteOrigin } from './site-url.server';

/** Title, description and Open Graph of one page in the request's language. */
export function buildPageMeta(request: Request, { t, language }: Translator, title: string, description: string): PageMeta {
  const origin = siteOrigin(request);
  return { title, description, url: canonicalUrl(request), locale: language, siteName: t('site.name'), image: `${origin}/images/og-image.jpg` };
}
