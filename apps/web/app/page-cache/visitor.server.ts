import { isLanguage, languageCookie } from '~/i18n/config';
import { detectLanguage, languageFromQuery } from '~/i18n/language.server';
import { formatIsoDate, upcomingPromotionEnds } from '@aipm/contracts';

import { loadInitialJobs } from '~/jobs/jobs.server';
import { readLandingContent } from '~/landing-content/landing-content.server';
import { firstTouchSetCookie } from '~/leads/first-touch.server';
import { siteOrigin } from '~/seo/site-url.server';
import { readSiteSettings } from '~/site-settings/site-settings.server';

/*
 * What the front door's page cache (ADR 032) asks the app about one visitor, so a page rendered once for a language
 * can be answered to anyone: the answers below are exactly what the page's loaders would make of this request,
 * read through the same functions, so the cache cannot drift from them. The entry module re-exports this object.
 */
export const pageCacheVisitor = {
  /**
   * What the cached pages show that can change while the server runs, read as their loaders read it: the job
   * block's list, the site settings and the live landing publication, with the promotion end dates still ahead
   * today in China (an option past its end leaves the page at the check after midnight, not a minute later).
   * Equal fingerprints mean a render would show the same (apart from the render instant, which the cache renews
   * on its own); the cache re-renders only when they differ.
   */
  async fingerprint(context: { apiUrl: string; requestId: string }): Promise<string> {
    const [jobs, settings, landing] = await Promise.all([loadInitialJobs(context), readSiteSettings(context), readLandingContent(context)]);
    const today = formatIsoDate(new Date());
    return JSON.stringify([jobs.jobs, settings, landing.id, upcomingPromotionEnds(landing.content, today)]);
  },

  /** The origin the page's links are built from: SITE_URL's when set, else the request's (the root loader's `siteOrigin`). */
  origin: siteOrigin,
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
