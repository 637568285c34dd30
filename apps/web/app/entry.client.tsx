import { RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { getInitialNamespaces } from 'remix-i18next/client';

import { bundledLocalesBackend } from '~/i18n/bundled-locales-backend';
import { i18nConfig } from '~/i18n/config';

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(bundledLocalesBackend)
    .init({
      ...i18nConfig,
      ns: getInitialNamespaces(),
      // The server chose the language (?lng=, the lng cookie, Accept-Language, then zh) and wrote it
      // into <html lang>: reading it directly spares the browser a language-detector library.
      lng: document.documentElement.lang,
      // Both locale files carry every key (locales.spec.ts): the page language alone is downloaded.
      fallbackLng: false,
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
