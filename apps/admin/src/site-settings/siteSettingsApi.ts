import { SITE_SETTINGS_PATHS, type SiteSettings } from '@aipm/contracts';

import { httpClient } from '../data/dataProvider';

/** GET and PUT /api/admin/site-settings; httpClient unwraps `{ success, data }`. */
export const siteSettingsApi = {
  read: async () => (await httpClient(SITE_SETTINGS_PATHS.admin)).json as SiteSettings,
  save: async (settings: SiteSettings) => (await httpClient(SITE_SETTINGS_PATHS.admin, { method: 'PUT', body: JSON.stringify(settings) })).json as SiteSettings,
};

export const SITE_SETTINGS_QUERY_KEY = ['aipm', 'site-settings'] as const;
