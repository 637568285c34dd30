import { RemixI18Next } from 'remix-i18next/server';

import en from '~/locales/en/common.json';
import zh from '~/locales/zh/common.json';

import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY, SUPPORTED_LANGUAGES } from './config';

/** Server renders need every language at hand; the browser loads only the one on the page. */
export const serverResources = {
  zh: { common: zh },
  en: { common: en },
};

/** The `lng` cookie's raw value. Plain rather than a Remix signed/encoded cookie so client code can set it. */
export function languageFromCookie(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.split('=');
    if (name?.trim() === LANGUAGE_COOKIE) {
      try {
        return decodeURIComponent(rest.join('=').trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * A supported `?lng=` in the address: the switcher's links without JavaScript and the hreflang
 * alternates use it, so each language has its own URL.
 */
export function languageFromQuery(url: string): string | null {
  const value = new URL(url).searchParams.get(LANGUAGE_QUERY);
  return value && isLanguage(value) ? value : null;
}

/** Language order: `?lng=`, the `lng` cookie (the stored preference), then Accept-Language, then Chinese. */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ['custom', 'header'],
    findLocale: async (request) => languageFromQuery(request.url) ?? languageFromCookie(request.headers.get('Cookie')),
  },
  i18next: { ...i18nConfig, resources: serverResources },
});
