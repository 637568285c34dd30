import type { I18nProvider, TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';

import { zhAppMessages } from './app-messages';
import type { EnglishCatalogue } from './english';
import { loadEnglish, loadedEnglish } from './english-on-demand';
import { zhErrorMessages } from './error-messages';
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
 * react-admin's catalogue in one language: the login page's wording, the whole error catalog (the login page carries
 * only its part), the app's and the sections'. English needs the English catalogue (english.ts), which arrives on
 * demand.
 */
export function messageCatalogue(sections: SectionMessages, locale: 'zh'): TranslationMessages;
export function messageCatalogue(sections: SectionMessages, locale: 'en', english: EnglishCatalogue): TranslationMessages;
export function messageCatalogue(sections: SectionMessages, locale: AdminLocale, english?: EnglishCatalogue): TranslationMessages {
  if (locale === 'zh') {
    return {
      ...raChineseMessages,
      ...zhAppMessages,
      aipm: { ...zhLoginMessages, ...zhAppMessages.aipm, errors: zhErrorMessages, ...sections.zh.aipm },
      resources: { ...zhAppMessages.resources, ...sections.zh.resources },
    };
  }
  if (!english) throw new Error('The English catalogue has not arrived (i18n/english-on-demand.ts)');
  return {
    ...english.ra,
    ...english.app,
    aipm: { ...enLoginMessages, ...english.app.aipm, errors: english.errors, ...sections.en.aipm },
    resources: { ...english.app.resources, ...sections.en.resources },
  };
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

/**
 * The back office's i18n provider. Chinese is always at hand; English is fetched when first asked for
 * (english-on-demand.ts), so a page that opens in English gets its catalogue first (headStart.ts) and `english` says
 * what has arrived. Without it a page that would open in English opens in Chinese, and react-admin's restoring of
 * the stored language (or the administrator's switch) fetches it. An unknown locale gets Chinese.
 */
export function createI18nProvider(
  sections: SectionMessages,
  cookieHeader: string = document.cookie,
  english: EnglishCatalogue | undefined = loadedEnglish(),
): AdminI18nProvider {
  let known = sections;
  let arrivedEnglish = english;
  const wanted = initialLocale(cookieHeader);
  const start: AdminLocale = wanted === 'en' && !arrivedEnglish ? DEFAULT_ADMIN_LOCALE : wanted;
  const messages = (locale: string): TranslationMessages | Promise<TranslationMessages> => {
    if (!isAdminLocale(locale) || locale === 'zh') return messageCatalogue(known, 'zh');
    if (arrivedEnglish) return messageCatalogue(known, 'en', arrivedEnglish);
    return loadEnglish().then((catalogue) => {
      arrivedEnglish = catalogue;
      return messageCatalogue(known, 'en', catalogue);
    });
  };
  const provider = polyglotI18nProvider(messages, start, [...ADMIN_LOCALES]);
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
