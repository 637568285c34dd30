import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { DEFAULT_LANGUAGE, isLanguage } from '~/i18n/config';
import { loadTranslator } from '~/i18n/locale-files';
import { TranslationProvider } from '~/i18n/TranslationProvider';

async function hydrate() {
  // The server chose the language (?lng=, the lng cookie, Accept-Language, then zh) and wrote it into
  // <html lang>: reading it directly spares the browser a language detector.
  const { lang } = document.documentElement;
  const translator = await loadTranslator(isLanguage(lang) ? lang : DEFAULT_LANGUAGE);

  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider initial={translator} load={loadTranslator}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

/**
 * Hydration waits for the browser's first idle moment, and at the latest this long: a main thread that never
 * goes idle (a busy phone; Chromium's headless shell now and then) runs an idle callback only at its timeout.
 */
const HYDRATE_AT_THE_LATEST_MS = 2_000;

if (typeof window.requestIdleCallback === 'function') {
  window.requestIdleCallback(() => void hydrate(), { timeout: HYDRATE_AT_THE_LATEST_MS });
} else {
  // Safari has no requestIdleCallback.
  window.setTimeout(() => void hydrate(), 1);
}
