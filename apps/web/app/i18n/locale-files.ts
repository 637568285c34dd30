import enUrl from '~/locales/en/common.json?url';
import zhUrl from '~/locales/zh/common.json?url';

import type { Language } from './config';
import { createTranslator, type Messages, type Translator } from './translator';

/**
 * Each locale file is a hashed JSON asset: the browser downloads only the page's language, caches it for
 * good, and parses it as data rather than as JavaScript. The root layout preloads the page's one.
 */
export const MESSAGES_URLS: Record<Language, string> = { zh: zhUrl, en: enUrl };

const loading = new Map<Language, Promise<Translator>>();

/** The translator for `language`, downloaded once; a failed download is retried on the next call. */
export function loadTranslator(language: Language): Promise<Translator> {
  let pending = loading.get(language);
  if (!pending) {
    pending = fetch(MESSAGES_URLS[language], { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`translations for ${language}: HTTP ${response.status}`);
        return response.json() as Promise<Messages>;
      })
      .then((messages) => createTranslator(language, messages));
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}
