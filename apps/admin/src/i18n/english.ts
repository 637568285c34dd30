import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';

import { enAppMessages } from './en-app-messages';
import { enErrorMessages } from './en-error-messages';

/**
 * The English of the back office's own catalogue: react-admin's, the app's and the error codes'. A chunk of its own,
 * fetched only when the back office shows English (english-on-demand.ts, ADR 083): for an administrator reading
 * Chinese it was ~10 KB gzip of react-admin's chunk never read. The sections' English stays beside their Chinese
 * (firstSectionMessages.ts, laterSectionMessages.ts).
 */
export interface EnglishCatalogue {
  ra: TranslationMessages;
  app: typeof enAppMessages;
  errors: typeof enErrorMessages;
}

export const ENGLISH_CATALOGUE: EnglishCatalogue = { ra: englishMessages, app: enAppMessages, errors: enErrorMessages };
