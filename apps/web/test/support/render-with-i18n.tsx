import { defaultLandingContent, type LandingTexts } from '@aipm/contracts';
import { createRemixStub } from '@remix-run/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

import type { Language } from '~/i18n/config';
import { createTranslator, type Translator } from '~/i18n/translator';
import { TranslationProvider } from '~/i18n/TranslationProvider';
import type { PublicSiteConfig } from '~/config/site-config';
import { LandingContentProvider } from '~/landing-content/LandingContentProvider';
import { pageTexts } from '~/landing-content/page-texts.server';
import en from '~/locales/en/common.json';
import zh from '~/locales/zh/common.json';

import { aPublicSite } from './public-site';

/** The real locale files, so component tests see the shipped wording. */
export function createTestTranslator(language: Language = 'zh'): Translator {
  return createTranslator(language, language === 'en' ? en : zh);
}

/** A fresh install's landing content (its first publication) in `language`, as the loader gives it on `today` with `site`'s settings. */
export function testLandingTexts(language: Language = 'zh', { nextCohortStart = '2027-03-15', today = '2026-11-29', site = aPublicSite() }: { nextCohortStart?: string; today?: string; site?: PublicSiteConfig } = {}): LandingTexts {
  return pageTexts(defaultLandingContent(nextCohortStart, '2026-11-29'), language, site, new Date(`${today}T12:00:00+08:00`));
}

/**
 * Renders `element` as a Remix route (links work) with the real translations and the landing's default content
 * (or `content`); switching loads the other file.
 */
export async function renderWithI18n(element: ReactElement, language: Language = 'zh', content: LandingTexts = testLandingTexts(language)) {
  const Stub = createRemixStub([{ path: '/', Component: () => <LandingContentProvider content={content}>{element}</LandingContentProvider> }]);
  return render(
    <TranslationProvider initial={createTestTranslator(language)} load={async (other) => createTestTranslator(other)}>
      <Stub />
    </TranslationProvider>,
  );
}
