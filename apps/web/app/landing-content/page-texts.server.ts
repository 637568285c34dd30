import { formatIsoDate, type LandingContent, type LandingImageAddress, type LandingLanguage, type LandingTexts, landingTexts, LANDING_CONTENT_PATHS } from '@aipm/contracts';

import type { PublicSiteConfig } from '~/config/site-config';

import { builtInPartners } from './built-in-partners.server';

/** Every string of `value` with its `{{name}}` placeholders filled from `values` (an unknown name stays as written). */
function filled<T>(value: T, values: Readonly<Record<string, string | number>>): T {
  if (typeof value === 'string') return value.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder)) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => filled(item, values)) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, filled(item, values)])) as T;
  return value;
}

/**
 * What the landing's sections show (ADR 074): the live publication in the page's language, the promotions as offered
 * on this day in China (an expired one is gone), and the texts' {{cohort}}, {{feeMin}} and {{feeMax}} filled from
 * the site settings here on the server, so the browser receives ready text and no formatting code. Images point at
 * the public route (only the live publication's are served there, ADR 076); a preview passes the administrator's.
 * Without uploaded logos the partner wall is the built-in one.
 */
export function pageTexts(content: LandingContent, language: LandingLanguage, site: PublicSiteConfig, now = new Date(), address: LandingImageAddress = LANDING_CONTENT_PATHS.publicImage): LandingTexts {
  const texts = filled(landingTexts(content, language, formatIsoDate(now), address), { cohort: site.cohort, feeMin: site.feeMin, feeMax: site.feeMax });
  // The wall is decided here, so the browser gets no built-in list: uploaded logos replace it as a whole.
  return { ...texts, partners: texts.partners?.length ? texts.partners : builtInPartners(language) };
}
