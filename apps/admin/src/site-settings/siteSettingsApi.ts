import { SITE_SETTINGS_PATHS, type SiteSettings } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** GET and PUT /api/admin/site-settings; the data provider's client unwraps `{ success, data }`. */
export const siteSettingsClient = defineSectionClient('siteSettings', (http) => ({
  read: async () => (await http(SITE_SETTINGS_PATHS.admin)).json as SiteSettings,
  save: async (settings: SiteSettings) => (await http(SITE_SETTINGS_PATHS.admin, { method: 'PUT', body: JSON.stringify(settings) })).json as SiteSettings,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useSiteSettingsApi = () => useSectionClient(siteSettingsClient);

export const SITE_SETTINGS_QUERY_KEY = ['aipm', 'site-settings'] as const;
