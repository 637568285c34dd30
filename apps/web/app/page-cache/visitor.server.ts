import { isLanguage, languageCookie } from '~/i18n/config';
import { detectLanguage, languageFromQuery } from '~/i18n/language.server';
import { firstTouchSetCookie } from '~/leads/first-touch.server';
import { siteOrigin } from '~/seo/site-url.server';

/*
 * What the front door's page cache (ADR 032) asks the app about one visitor, so a page rendered once for a language
 * can be answered to anyone: the answers below are exactly what the page's loaders would make of this request,
 * read through the same functions, so the cache cannot drift from them. The entry module re-exports this object.
 */
export const pageCacheVisitor = {
  /** The page's language for this request: `?lng=`, the `lng` cookie, Accept-Language, Chinese (root loader's order). */
  language: detectLanguage,
  /**
   * The Set-Cookie the loaders would send this visitor, in the order single fetch merges them: the root's
   * language choice of `?lng=`, then the landing's first touch (legal pages keep none).
   */
  setCookies(request: Request): string[] {
    const cookies: string[] = [];
    const chosen = languageFromQuery(request.url);
    if (chosen && isLanguage(chosen)) cookies.push(languageCookie(chosen));
    if (new URL(request.url).pathname === '/') {
      const firstTouch = firstTouchSetCookie(request, siteOrigin(request));
      if (firstTouch) cookies.push(firstTouch);
    }
    return cookies;
  },
};
