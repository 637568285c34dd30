import rosetta from 'rosetta';

import type zhMessages from '~/locales/zh/common.json';

import type { Language } from './config';

/** The shape of a locale file; zh is the reference (locales.spec.ts keeps en in step). */
export type Messages = typeof zhMessages;

/** Values interpolated into `{{name}}` placeholders. */
export type TranslationValues = Record<string, string | number>;

/** Dotted paths of the leaves that are text: `t('hero.startLearning')`. */
export type TextKey<T = Messages> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends readonly unknown[] ? never : T[K] extends object ? `${K}.${TextKey<T[K]>}` : never;
}[keyof T & string];

/** Dotted paths of the lists (pricing lists, legal sections…): `list('pricing.audience')`. */
export type ListKey<T = Messages> = {
  [K in keyof T & string]: T[K] extends readonly unknown[] ? K : T[K] extends object ? `${K}.${ListKey<T[K]>}` : never;
}[keyof T & string];

/** The value at a dotted path, so `list('legal.cookies.sections')` is typed as the sections array. */
export type ValueAt<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? ValueAt<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

/** What components and loaders translate with: one immutable object per language. */
export interface Translator {
  readonly language: Language;
  /** The text at `key`, with `{{name}}` placeholders filled from `values`. */
  t(key: TextKey, values?: TranslationValues): string;
  /** A list of the locale file as it stands (no copy): the caller maps it to elements. */
  list<K extends ListKey>(key: K): ValueAt<Messages, K>;
}

/**
 * Lookup and `{{placeholder}}` interpolation are rosetta's (300 bytes): the i18next runtime weighed 17 KB
 * gzip of the page's 100 KB JavaScript budget for features this site does not use (plurals, namespaces,
 * backends, formatters). See docs/decisions/009-translations-without-i18next-runtime.md.
 */
export function createTranslator(language: Language, messages: Messages): Translator {
  const catalogue = rosetta<Messages>({ [language]: messages });
  catalogue.locale(language);
  return Object.freeze({
    language,
    t: (key: TextKey, values?: TranslationValues) => catalogue.t(key, values) as string,
    list: <K extends ListKey>(key: K) => catalogue.t(key) as unknown as ValueAt<Messages, K>,
  });
}
