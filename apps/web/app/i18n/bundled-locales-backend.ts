import type { BackendModule, ReadCallback } from 'i18next';

type Translations = Record<string, unknown>;

// Each JSON file becomes its own small chunk: a visitor downloads only the language on the page.
const loaders = import.meta.glob<Translations>('../locales/*/*.json', { import: 'default' });

/** i18next backend that loads translations bundled by Vite rather than fetched from a public folder. */
export const bundledLocalesBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (translations) => callback(null, translations),
      (error: Error) => callback(error, false),
    );
  },
};
