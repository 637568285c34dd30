import { createRemixStub } from '@remix-run/testing';
import { render } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DEFAULT_NAMESPACE, i18nConfig, type Language } from '~/i18n/config';
import en from '~/locales/en/common.json';
import zh from '~/locales/zh/common.json';

/** A real i18next instance over the real locale files, so component tests see the shipped wording. */
export async function createTestI18n(language: Language = 'zh'): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    ...i18nConfig,
    lng: language,
    resources: { zh: { [DEFAULT_NAMESPACE]: zh }, en: { [DEFAULT_NAMESPACE]: en } },
  });
  return instance;
}

/** Renders `element` as a Remix route (links work) with the real translations. */
export async function renderWithI18n(element: ReactElement, language: Language = 'zh') {
  const i18n = await createTestI18n(language);
  const Stub = createRemixStub([{ path: '/', Component: () => element }]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub />
    </I18nextProvider>,
  );
}
