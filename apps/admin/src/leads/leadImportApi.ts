import {
  LEAD_IMPORTS_PATH,
  type LeadImportBatchResponse,
  type LeadImportMapping,
  type LeadImportPlanResponse,
  type LeadImportPreviewResponse,
} from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** The file and, after the preview, the mapping: multipart, as the API reads them. */
function form(file: File, mapping?: LeadImportMapping): FormData {
  const body = new FormData();
  if (mapping) body.set('mapping', JSON.stringify(mapping));
  body.set('file', file);
  return body;
}

/** 导入's calls (docs/product/back-office.md#lead-import); the file is sent with each step, nothing waits on the server. */
export const leadImportsClient = defineSectionClient('leadImports', (http) => ({
  preview: async (file: File) => (await http(`${LEAD_IMPORTS_PATH}/preview`, { method: 'POST', body: form(file) })).json as LeadImportPreviewResponse,
  dryRun: async (file: File, mapping: LeadImportMapping) => (await http(`${LEAD_IMPORTS_PATH}/dry-run`, { method: 'POST', body: form(file, mapping) })).json as LeadImportPlanResponse,
  importFile: async (file: File, mapping: LeadImportMapping) => (await http(LEAD_IMPORTS_PATH, { method: 'POST', body: form(file, mapping) })).json as LeadImportBatchResponse,
  list: async () => (await http(LEAD_IMPORTS_PATH)).json as LeadImportBatchResponse[],
  undo: async (id: string) => (await http(`${LEAD_IMPORTS_PATH}/${id}/undo`, { method: 'POST' })).json as LeadImportBatchResponse,
}));

export const useLeadImportsApi = () => useSectionClient(leadImportsClient);

export const LEAD_IMPORTS_QUERY_KEY = ['aipm', 'lead-imports'] as const;
