/** Shared by the server and the browser: Chinese first, English as the alternative. */
export const SUPPORTED_LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'zh';
export const DEFAULT_NAMESPACE = 'common';
/** Cookie holding the visitor's chosen language (plain value: `lng=en`), shared with the back office. */
export const LANGUAGE_COOKIE = 'lng';

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  // React escapes output already.
  interpolation: { escapeValue: false },
};
