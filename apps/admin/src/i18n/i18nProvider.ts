import type { I18nProvider, TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

import { enAppMessages, zhAppMessages } from './app-messages';
import { raChineseMessages } from './zh';

const ADMIN_LOCALES = [
  { locale: 'zh', name: '中文' },
  { locale: 'en', name: 'English' },
] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number]['locale'];
const DEFAULT_ADMIN_LOCALE: AdminLocale = 'zh';

const messages: Record<AdminLocale, TranslationMessages> = {
  zh: { ...raChineseMessages, ...zhAppMessages },
  en: { ...englishMessages, ...enAppMessages },
};

function isAdminLocale(value: unknown): value is AdminLocale {
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

export function messagesFor(locale: string): TranslationMessages {
  return isAdminLocale(locale) ? messages[locale] : messages[DEFAULT_ADMIN_LOCALE];
}

export function createI18nProvider(cookieHeader: string = document.cookie): I18nProvider {
  const start = initialLocale(cookieHeader);
  const provider = polyglotI18nProvider(messagesFor, start, [...ADMIN_LOCALES]);
  const syncHtmlLang = (locale: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  };
  syncHtmlLang(start);
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      syncHtmlLang(locale);
    },
  };
}
