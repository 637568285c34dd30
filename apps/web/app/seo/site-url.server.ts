import { readSiteConfig } from '~/config/site-config.server';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_QUERY, SUPPORTED_LANGUAGES } from '~/i18n/config';

/** SITE_URL when configured (behind a TLS proxy), else the origin the request came to. */
export function siteOrigin(request: Request): string {
  return readSiteConfig().siteUrl ?? new URL(request.url).origin;
}

/** The URL of `path` in `language`: Chinese, the default, has no parameter. */
function localizedUrl(origin: string, path: string, language: string): string {
  return language === DEFAULT_LANGUAGE ? `${origin}${path}` : `${origin}${path}?${LANGUAGE_QUERY}=${language}`;
}

/** hreflang alternates of one page: zh, en and x-default (the Chinese page). */
export function alternateUrls(origin: string, path: string): Array<{ hrefLang: string; href: string }> {
  return [
    ...SUPPORTED_LANGUAGES.map((language) => ({ hrefLang: language === 'zh' ? 'zh-CN' : language, href: localizedUrl(origin, path, language) })),
    { hrefLang: 'x-default', href: `${origin}${path}` },
  ];
}

/**
 * Self-referencing canonical: the address as asked, keeping only a supported `?lng=`. The plain path
 * negotiates the language (cookie, Accept-Language), so it stays its own canonical and x-default.
 */
export function canonicalUrl(request: Request): string {
  const url = new URL(request.url);
  const language = url.searchParams.get(LANGUAGE_QUERY);
  return localizedUrl(siteOrigin(request), url.pathname, language && isLanguage(language) ? language : DEFAULT_LANGUAGE);
}
