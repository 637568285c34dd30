import { PHONE_PATHS, type PhoneConfigResponse, type PhoneTestResponse } from '@aipm/contracts';

import { httpClient } from '../data/dataProvider';

export type PhoneProviderTab = 'aliyun' | 'twilio';

/**
 * docs/product/phone.md#admin-calls: each provider's status (the bare status object) and its tests
 * (`{ success, message }`).
 */
export const phoneConfigApi = {
  status: async (provider: PhoneProviderTab) =>
    (await httpClient(provider === 'aliyun' ? PHONE_PATHS.aliyunConfig : PHONE_PATHS.backupConfig)).json as PhoneConfigResponse,
  test: async (path: (typeof PHONE_PATHS)['aliyunTest' | 'aliyunTestCall' | 'backupTest']) =>
    JSON.parse((await httpClient(path, { method: 'POST' })).body) as PhoneTestResponse,
};

export const phoneConfigQueryKey = (provider: PhoneProviderTab) => ['aipm', 'phone-config', provider] as const;
