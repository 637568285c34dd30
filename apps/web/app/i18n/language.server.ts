import { RemixI18Next } from 'remix-i18next/server';

import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGE_COOKIE, LANGUAGE_QUERY, SUPPORTED_LANGUAGES } from './config';

/** The `lng` cookie's raw value. Plain rather than a Remix signed/encoded cookie so client code can set it. */
function languageFromCookie(cookieHeader: string | null): string | null {
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
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ['custom', 'header'],
    findLocale: async (request) => languageFromQuery(request.url) ?? languageFromCookie(request.headers.get('Cookie')),
  },
});

/**
 * Answers of the detector by the only three things it reads (`?lng=`, the `lng` cookie, Accept-Language): parsing
 * Accept-Language through Intl costs tens of microseconds a request, and a site sees few distinct headers. Bounded,
 * oldest first out, so odd headers cannot grow it.
 */
const detected = new Map<string, Language>();
const MAX_DETECTED = 512;

/** The language of the page this request asks for (remix-i18next's detection, narrowed to ours). */
export async function detectLanguage(request: Request): Promise<Language> {
  const key = `${languageFromQuery(request.url) ?? ''}\n${languageFromCookie(request.headers.get('Cookie')) ?? ''}\n${request.headers.get('Accept-Language') ?? ''}`;
  const known = detected.get(key);
  if (known) return known;
  const found = await detector.getLocale(request);
  const language = isLanguage(found) ? found : DEFAULT_LANGUAGE;
  if (detected.size >= MAX_DETECTED) detected.delete(detected.keys().next().value!);
  detected.set(key, language);
  return language;
}
