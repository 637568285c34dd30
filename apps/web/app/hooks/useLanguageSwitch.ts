import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { isLanguage, type Language, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, languageCookie } from '~/i18n/config';

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
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  const current = isLanguage(i18n.language) ? i18n.language : 'zh';

  const switchTo = useCallback(
    (language: Language) => {
      storeLanguage(language);
      if (language !== current) revalidator.revalidate();
    },
    [current, revalidator],
  );

  // The stored preference comes first: a choice kept in localStorage whose cookie has gone (cleared,
  // expired) is restored, and the page re-rendered in it.
  useEffect(() => {
    const stored = readStoredLanguage();
    if (stored && !hasLanguageCookie()) {
      document.cookie = languageCookie(stored);
      if (stored !== current) revalidator.revalidate();
    }
    // Once, after hydration.
  }, []);

  return { current, switchTo };
}
