import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';

import type { Language } from './config';
import type { Translator } from './translator';

interface TranslationState {
  translator: Translator;
  /** Shows the page in `language` once its translations are at hand (absent on the server). */
  showLanguage?: (language: Language) => Promise<void>;
  /** Fetches `language`'s translations ahead of a switch (absent on the server). */
  prepareLanguage?: (language: Language) => Promise<unknown>;
}

const TranslationContext = createContext<TranslationState | null>(null);

/**
 * Gives every component the page's translator. The server passes a fixed one; the browser also passes
 * `load`, so a language switch can fetch the other locale file and re-render in it.
 */
export function TranslationProvider({
  initial,
  load,
  children,
}: {
  initial: Translator;
  load?: (language: Language) => Promise<Translator>;
  children: ReactNode;
}) {
  const [translator, setTranslator] = useState(initial);
  const state = useMemo<TranslationState>(
    () => ({
      translator,
      showLanguage: load ? async (language) => setTranslator(await load(language)) : undefined,
      prepareLanguage: load,
    }),
    [translator, load],
  );
  return <TranslationContext.Provider value={state}>{children}</TranslationContext.Provider>;
}

function useTranslationState(): TranslationState {
  const state = useContext(TranslationContext);
  if (!state) throw new Error('useTranslation() is used outside <TranslationProvider>');
  return state;
}

/** `{ t, list, language }` of the page. */
export function useTranslation(): Translator {
  return useTranslationState().translator;
}

/** Fetches a language's translations ahead of time, so a switch re-renders without a flash of the old one. */
export function usePrepareLanguage(): (language: Language) => Promise<unknown> {
  const { prepareLanguage } = useTranslationState();
  return prepareLanguage ?? (() => Promise.resolve());
}

/** Keeps the texts in the language the server chose for the current data (root loader's locale). */
export function useShowLanguage(language: Language): void {
  const { translator, showLanguage } = useTranslationState();
  useEffect(() => {
    if (language !== translator.language && showLanguage) {
      showLanguage(language).catch((error: unknown) => console.error(error));
    }
  }, [language, translator.language, showLanguage]);
}
