import { GUARANTEE_PATHS, type GuaranteeSummaryResponse, type GuaranteeTerms, OUTCOMES_REPORT_PATHS, type OutcomesReportResponse, type ReportGrouping } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** The salary guarantee's calls beside react-admin's `guarantee` list (docs/product/guarantee.md), and the outcomes report. */
export const guaranteeClient = defineSectionClient('guarantee', (http) => ({
  summary: async () => (await http(GUARANTEE_PATHS.summary)).json as GuaranteeSummaryResponse,
  settings: async () => (await http(GUARANTEE_PATHS.settings)).json as GuaranteeTerms,
  saveSettings: async (terms: Partial<GuaranteeTerms>) => (await http(GUARANTEE_PATHS.settings, { method: 'PUT', body: JSON.stringify(terms) })).json as GuaranteeTerms,
  /** The outcomes report (docs/product/outcomes-report.md), which measures against the guarantee's target. */
  report: async (grouping: ReportGrouping) => (await http(`${OUTCOMES_REPORT_PATHS.report}?groupBy=${grouping}`)).json as OutcomesReportResponse,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useGuaranteeApi = () => useSectionClient(guaranteeClient);

export const GUARANTEE_SUMMARY_QUERY_KEY = ['aipm', 'guarantee-summary'] as const;
export const GUARANTEE_SETTINGS_QUERY_KEY = ['aipm', 'guarantee-settings'] as const;
export const outcomesReportQueryKey = (grouping: ReportGrouping) => ['aipm', 'outcomes-report', grouping] as const;
