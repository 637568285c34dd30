import { GUARANTEE_PATHS, type GuaranteeSummaryResponse, type GuaranteeTerms } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** The salary guarantee's calls beside react-admin's `guarantee` list (docs/product/guarantee.md). */
export const guaranteeClient = defineSectionClient('guarantee', (http) => ({
  summary: async () => (await http(GUARANTEE_PATHS.summary)).json as GuaranteeSummaryResponse,
  settings: async () => (await http(GUARANTEE_PATHS.settings)).json as GuaranteeTerms,
  saveSettings: async (terms: Partial<GuaranteeTerms>) => (await http(GUARANTEE_PATHS.settings, { method: 'PUT', body: JSON.stringify(terms) })).json as GuaranteeTerms,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useGuaranteeApi = () => useSectionClient(guaranteeClient);

export const GUARANTEE_SUMMARY_QUERY_KEY = ['aipm', 'guarantee-summary'] as const;
export const GUARANTEE_SETTINGS_QUERY_KEY = ['aipm', 'guarantee-settings'] as const;
