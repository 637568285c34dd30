/** Shared by the server and the browser: Chinese first, English as the alternative. */
export const SUPPORTED_LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'zh';
/** Cookie holding the visitor's chosen language (plain value: `lng=en`), shared with the back office. */
export const LANGUAGE_COOKIE = 'lng';
/** The same choice kept in localStorage (docs/product/public-site.md#language-choice). */
export const LANGUAGE_STORAGE_KEY = 'lng';
/** Query parameter that picks the language of one page (links of the switcher, hreflang alternates). */
export const LANGUAGE_QUERY = 'lng';
/** Cookie policy: the language cookie lives one year. */
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The Set-Cookie / document.cookie value that stores `language` for the next server render. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
