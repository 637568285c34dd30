import { LEAD_SETTINGS_PATH, type LeadSettings, type SaveLeadSettingsRequest } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** 线索设置's calls (docs/product/back-office.md#lead-settings): the reasons a lead is given up for. */
export const leadSettingsClient = defineSectionClient('leadSettings', (http) => ({
  read: async () => (await http(LEAD_SETTINGS_PATH)).json as LeadSettings,
  save: async (body: SaveLeadSettingsRequest) => (await http(LEAD_SETTINGS_PATH, { method: 'PUT', body: JSON.stringify(body) })).json as LeadSettings,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useLeadSettingsApi = () => useSectionClient(leadSettingsClient);

export const LEAD_SETTINGS_QUERY_KEY = ['aipm', 'lead-settings'] as const;
