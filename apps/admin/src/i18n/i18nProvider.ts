import type { I18nProvider, TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

import { enAppMessages, zhAppMessages } from './app-messages';
import { enErrorMessages, zhErrorMessages } from './error-messages';
import { enLoginMessages, zhLoginMessages } from './login-messages';
import { enSectionMessages, enSectionResources, zhSectionMessages, zhSectionResources } from './section-messages';
import { ADMIN_LOCALES, type AdminLocale, DEFAULT_ADMIN_LOCALE, initialLocale, isAdminLocale } from './locale';
import { raChineseMessages } from './zh';

/** The login page's wording, the whole error catalog (the login page carries only its part), the sections'. */
const messages: Record<AdminLocale, TranslationMessages> = {
  zh: {
    ...raChineseMessages,
    ...zhAppMessages,
    aipm: { ...zhLoginMessages, ...zhAppMessages.aipm, errors: zhErrorMessages, ...zhSectionMessages },
    resources: { ...zhAppMessages.resources, ...zhSectionResources },
  },
  en: {
    ...englishMessages,
    ...enAppMessages,
    aipm: { ...enLoginMessages, ...enAppMessages.aipm, errors: enErrorMessages, ...enSectionMessages },
    resources: { ...enAppMessages.resources, ...enSectionResources },
  },
};

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
