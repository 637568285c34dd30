import { type CrawlerCheckCallSettings, type DailySummarySettings, PHONE_PATHS, type PhoneConfigResponse, type PhoneTestResponse } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

export type PhoneProviderTab = 'aliyun' | 'twilio';

/**
 * docs/product/phone.md#admin-calls: each provider's status (the bare status object) and its tests
 * (`{ success, message }`).
 */
export const phoneConfigClient = defineSectionClient('phoneConfig', (http) => ({
  status: async (provider: PhoneProviderTab) =>
    (await http(provider === 'aliyun' ? PHONE_PATHS.aliyunConfig : PHONE_PATHS.backupConfig)).json as PhoneConfigResponse,
  test: async (path: (typeof PHONE_PATHS)['aliyunTest' | 'aliyunTestCall' | 'backupTest']) =>
    JSON.parse((await http(path, { method: 'POST' })).body) as PhoneTestResponse,
  // The client removes the `{ success, data }` envelope.
  dailySummary: async () => (await http(PHONE_PATHS.dailySummary)).json as DailySummarySettings,
  saveDailySummary: async (settings: DailySummarySettings) =>
    (await http(PHONE_PATHS.dailySummary, { method: 'PUT', body: JSON.stringify(settings) })).json as DailySummarySettings,
  crawlerCheck: async () => (await http(PHONE_PATHS.crawlerCheck)).json as CrawlerCheckCallSettings,
  saveCrawlerCheck: async (settings: CrawlerCheckCallSettings) =>
    (await http(PHONE_PATHS.crawlerCheck, { method: 'PUT', body: JSON.stringify(settings) })).json as CrawlerCheckCallSettings,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const usePhoneConfigApi = () => useSectionClient(phoneConfigClient);

export const phoneConfigQueryKey = (provider: PhoneProviderTab) => ['aipm', 'phone-config', provider] as const;

export const dailySummaryQueryKey = ['aipm', 'phone-config', 'daily-summary'] as const;

export const crawlerCheckQueryKey = ['aipm', 'phone-config', 'crawler-check'] as const;
