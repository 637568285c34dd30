import type { SEARCH_SITES } from './search-urls';

/**
 * A site's signed-in session as the back office sees it (docs/product/crawler.md#site-sessions): `stored` when one
 * opens with the key, `missing` when none is stored or no key is set, `unreadable` when one is stored but does not
 * open with the key (a changed CRAWLER_SESSION_KEY): missing too, and never sent.
 */
export const SITE_SESSION_STATES = ['stored', 'missing', 'unreadable'] as const;
export type SiteSessionState = (typeof SITE_SESSION_STATES)[number];

export interface SiteSessionStatus {
  site: (typeof SEARCH_SITES)[number];
  state: SiteSessionState;
  /** When the operator's sign-in was stored (its age); null without a usable session. */
  capturedAt: string | null;
  /** The last page of the site read while the session was sent. */
  lastSuccessAt: string | null;
  /** The last refusal (login wall, captcha, block page) while it was sent, and its reason and the site's words. */
  lastRefusalAt: string | null;
  lastRefusal: string | null;
}

/** What deleting a site's session answers: the site, and when the deleted sign-in had been stored. */
export interface SiteSessionDeleted {
  site: (typeof SEARCH_SITES)[number];
  capturedAt: string;
}
