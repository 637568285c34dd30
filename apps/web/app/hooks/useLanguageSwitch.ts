import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect } from 'react';
import { isLanguage, type Language, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, languageCookie } from '~/i18n/config';
import { usePrepareLanguage, useTranslation } from '~/i18n/TranslationProvider';

function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    // Storage can be disabled (private mode, policies): the cookie alone still works.
    return null;
  }
}

function storeLanguage(language: Language): void {
  document.cookie = languageCookie(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // See readStoredLanguage.
  }
}

const hasLanguageCookie = () => document.cookie.split(';').some((part) => part.trim().startsWith(`${LANGUAGE_COOKIE}=`));

/**
 * The zh/en choice: kept in localStorage and in the `lng` cookie so the next server render already
 * speaks it; the server's data (titles, descriptions) is reloaded in the new language.
 */
export function useLanguageSwitch() {
  const { language: current } = useTranslation();
  const prepareLanguage = usePrepareLanguage();
  const revalidator = useRevalidator();

  const switchTo = useCallback(
    (language: Language) => {
      storeLanguage(language);
      if (language === current) return;
      // The texts arrive with the other locale file; a failed download still switches the server's data,
      // and the root layout retries the texts (useShowLanguage).
      void prepareLanguage(language)
        .catch(() => undefined)
        .then(() => revalidator.revalidate());
    },
    [current, prepareLanguage, revalidator],
  );

  // The stored preference comes first: a choice kept in localStorage whose cookie has gone (cleared,
  // expired) is restored, and the page re-rendered in it.
  useEffect(() => {
    const stored = readStoredLanguage();
    if (stored && !hasLanguageCookie()) {
      document.cookie = languageCookie(stored);
      if (stored !== current) void prepareLanguage(stored).catch(() => undefined).then(() => revalidator.revalidate());
    }
    // Once, after hydration.
  }, []);

  return { current, switchTo };
}
