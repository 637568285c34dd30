import { RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { getInitialNamespaces } from 'remix-i18next/client';

import { bundledLocalesBackend } from '~/i18n/bundled-locales-backend';
import { i18nConfig } from '~/i18n/config';

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(LanguageDetector)
    .use(bundledLocalesBackend)
    .init({
      ...i18nConfig,
      ns: getInitialNamespaces(),
      // The server chose the language (lng cookie, then Accept-Language, then zh) and wrote it into
      // <html lang>; the browser follows it so hydration matches the server's markup.
      detection: { order: ['htmlTag'], caches: [] },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

if (typeof window.requestIdleCallback === 'function') {
  window.requestIdleCallback(() => void hydrate());
} else {
  // Safari has no requestIdleCallback.
  window.setTimeout(() => void hydrate(), 1);
}
