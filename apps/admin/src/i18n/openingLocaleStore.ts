import type { Store } from 'react-admin';

/** The key under which react-admin's store keeps the language the administrator picked (useLocaleState). */
const LOCALE_KEY = 'locale';

/**
 * react-admin's store, answering with the language the page opened in (`openingLocale`) while the administrator has
 * picked none; nothing is written until they pick one, so the public site's language still chooses until then
 * (locale.ts). react-admin's I18nContextProvider compares the store's language with the i18n provider's as it first
 * renders: a store with none rendered nothing, then the whole back office again from an effect, in one synchronous
 * task (ADR 084).
 */
export function withOpeningLocale(store: Store, openingLocale: () => string): Store {
  return {
    ...store,
    getItem: <T>(key: string, defaultValue?: T): T | undefined => {
      const value = store.getItem<T>(key, defaultValue);
      return key === LOCALE_KEY && value === undefined ? (openingLocale() as T) : value;
    },
  };
}
