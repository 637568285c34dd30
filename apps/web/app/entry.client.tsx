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

if (typeof window.requestIdleCallback === 'function') {
  window.requestIdleCallback(() => void hydrate());
} else {
  // Safari has no requestIdleCallback.
  window.setTimeout(() => void hydrate(), 1);
}
