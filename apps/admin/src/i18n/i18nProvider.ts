import type { I18nProvider, TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

import { enAppMessages, zhAppMessages } from './app-messages';
import { enErrorMessages, zhErrorMessages } from './error-messages';
import { enLoginMessages, zhLoginMessages } from './login-messages';
import { ADMIN_LOCALES, type AdminLocale, DEFAULT_ADMIN_LOCALE, initialLocale, isAdminLocale } from './locale';
import { raChineseMessages } from './zh';

type Wording = { [key: string]: string | Wording };

/**
 * The sections' wording per language: `aipm.<section>` and react-admin's `resources.<name>` labels. The
 * composition root assembles it from the sections (firstSectionMessages.ts, later laterSectionMessages.ts) and hands it in, so i18n/ imports no
 * section while the sections import its error keys.
 */
export type SectionMessages = Record<AdminLocale, { aipm: Record<string, Wording>; resources: Record<string, Wording> }>;

/**
 * react-admin's catalogue per language: the login page's wording, the whole error catalog (the login page carries
 * only its part), the app's and the sections'. An unknown locale gets Chinese.
 */
export function messageCatalogue(sections: SectionMessages): (locale: string) => TranslationMessages {
  const messages: Record<AdminLocale, TranslationMessages> = {
    zh: {
      ...raChineseMessages,
      ...zhAppMessages,
      aipm: { ...zhLoginMessages, ...zhAppMessages.aipm, errors: zhErrorMessages, ...sections.zh.aipm },
      resources: { ...zhAppMessages.resources, ...sections.zh.resources },
    },
    en: {
      ...englishMessages,
      ...enAppMessages,
      aipm: { ...enLoginMessages, ...enAppMessages.aipm, errors: enErrorMessages, ...sections.en.aipm },
      resources: { ...enAppMessages.resources, ...sections.en.resources },
    },
  };
  return (locale) => (isAdminLocale(locale) ? messages[locale] : messages[DEFAULT_ADMIN_LOCALE]);
}

/** `more` added to `sections`, section by section (a section in both keeps `more`'s). */
export function mergeSectionMessages(sections: SectionMessages, more: SectionMessages): SectionMessages {
  const merge = (locale: AdminLocale) => ({
    aipm: { ...sections[locale].aipm, ...more[locale].aipm },
    resources: { ...sections[locale].resources, ...more[locale].resources },
  });
  return { zh: merge('zh'), en: merge('en') };
}

/** react-admin's i18n provider, which can take sections' wording that arrives after it was made. */
export interface AdminI18nProvider extends I18nProvider {
  /** Adds the wording a later chunk brought (sections/laterWording.ts); resolves once translate() knows it. */
  addSections(more: SectionMessages): Promise<void>;
}

export function createI18nProvider(sections: SectionMessages, cookieHeader: string = document.cookie): AdminI18nProvider {
  const start = initialLocale(cookieHeader);
  let known = sections;
  const provider = polyglotI18nProvider((locale) => messageCatalogue(known)(locale), start, [...ADMIN_LOCALES]);
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
    addSections: async (more) => {
      known = mergeSectionMessages(known, more);
      // The provider reads its messages when the language changes: "changing" to the current one rereads them.
      await provider.changeLocale(provider.getLocale());
    },
  };
}
