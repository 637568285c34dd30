import en from '~/locales/en/common.json';
import zh from '~/locales/zh/common.json';

import type { Language } from './config';
import { detectLanguage } from './language.server';
import { createTranslator, type Translator } from './translator';

/** Built once per process: a render or a loader never sets up translations again. */
const translators: Record<Language, Translator> = {
  zh: createTranslator('zh', zh),
  en: createTranslator('en', en),
};

/** The server's translator for `language` (server renders and loaders: titles, descriptions, JSON-LD). */
export function translatorFor(language: Language): Translator {
  return translators[language];
}

/** The translator of the page `request` asks for. */
export async function requestTranslator(request: Request): Promise<Translator> {
  return translatorFor(await detectLanguage(request));
}
