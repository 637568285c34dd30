import type { EnglishCatalogue } from './english';

/*
 * Fetches the English catalogue (english.ts) once, for whoever asks first: the head start when the page opens in
 * English (headStart.ts), or the i18n provider when the administrator switches to it (i18nProvider.ts). Free of
 * react-admin: the login page's entry carries this module. A failed fetch is tried again on the next call.
 */

let english: EnglishCatalogue | undefined;
let arrival: Promise<EnglishCatalogue> | undefined;

export function loadEnglish(): Promise<EnglishCatalogue> {
  arrival ??= import('./english').then(
    (module) => (english = module.ENGLISH_CATALOGUE),
    (error: unknown) => {
      arrival = undefined;
      throw error;
    },
  );
  return arrival;
}

/** The catalogue if it has arrived: what a provider made now can start in English with. */
export function loadedEnglish(): EnglishCatalogue | undefined {
  return english;
}
