/*
 * The back office's languages and how the first one is chosen. Free of react-admin on purpose: the login
 * page (the first load, ADR 040) reads it without pulling react-admin into its chunk.
 */
export const ADMIN_LOCALES = [
  { locale: 'zh', name: '中文' },
  { locale: 'en', name: 'English' },
] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number]['locale'];
export const DEFAULT_ADMIN_LOCALE: AdminLocale = 'zh';

/**
 * Where react-admin keeps the locale the administrator picked: its default localStorageStore writes
 * `RaStore.<key>` as JSON (ra-core's localStorageStore, prefix "RaStore", key "locale").
 */
const STORED_LOCALE_KEY = 'RaStore.locale';

export function isAdminLocale(value: unknown): value is AdminLocale {
  return ADMIN_LOCALES.some((entry) => entry.locale === value);
}

/**
 * First visit: the public site's `lng` cookie if it names a supported language, else Chinese. Later visits:
 * react-admin restores the locale the administrator picked (kept in its localStorage store).
 */
export function initialLocale(cookieHeader: string): AdminLocale {
  const match = /(?:^|;\s*)lng=([^;]*)/.exec(cookieHeader);
  const value = match?.[1] ? decodeURIComponent(match[1]) : undefined;
  return isAdminLocale(value) ? value : DEFAULT_ADMIN_LOCALE;
}

/** The locale react-admin stored, if any (null when storage is unavailable or holds something else). */
export function storedLocale(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): AdminLocale | null {
  try {
    const raw = storage?.getItem(STORED_LOCALE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isAdminLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language react-admin would show: the stored choice, else the cookie's, else Chinese. */
export function currentLocale(cookieHeader: string = document.cookie): AdminLocale {
  return storedLocale() ?? initialLocale(cookieHeader);
}
