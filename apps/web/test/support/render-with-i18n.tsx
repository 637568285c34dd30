import { createRemixStub } from '@remix-run/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

import type { Language } from '~/i18n/config';
import { createTranslator, type Translator } from '~/i18n/translator';
import { TranslationProvider } from '~/i18n/TranslationProvider';
import en from '~/locales/en/common.json';
import zh from '~/locales/zh/common.json';

/** The real locale files, so component tests see the shipped wording. */
export function createTestTranslator(language: Language = 'zh'): Translator {
  return createTranslator(language, language === 'en' ? en : zh);
}

/** Renders `element` as a Remix route (links work) with the real translations; switching loads the other file. */
export async function renderWithI18n(element: ReactElement, language: Language = 'zh') {
  const Stub = createRemixStub([{ path: '/', Component: () => element }]);
  return render(
    <TranslationProvider initial={createTestTranslator(language)} load={async (other) => createTestTranslator(other)}>
      <Stub />
    </TranslationProvider>,
  );
}
