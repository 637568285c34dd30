import { HERO_FIGURES_PATH, type HeroFigures, SITE_SETTINGS_PATHS, type SiteSettings } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** GET and PUT /api/admin/site-settings; the data provider's client unwraps `{ success, data }`. */
export const siteSettingsClient = defineSectionClient('siteSettings', (http) => ({
  read: async () => (await http(SITE_SETTINGS_PATHS.admin)).json as SiteSettings,
  save: async (settings: SiteSettings) => (await http(SITE_SETTINGS_PATHS.admin, { method: 'PUT', body: JSON.stringify(settings) })).json as SiteSettings,
  /** What the outcomes report measures of the hero figures today, whatever the settings say. */
  heroFigures: async () => (await http(HERO_FIGURES_PATH)).json as HeroFigures,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useSiteSettingsApi = () => useSectionClient(siteSettingsClient);

export const SITE_SETTINGS_QUERY_KEY = ['aipm', 'site-settings'] as const;
export const HERO_FIGURES_QUERY_KEY = ['aipm', 'site-settings', 'hero-figures'] as const;
