import path from 'node:path';

/*
 * Typed handles on the voice-provider stand-ins of tools/fake-aliyun and tools/fake-twilio (plain ESM, shared
 * with the browser journeys and demos), for the API's and the worker's integration tests.
 */

export const FAKE_ALIYUN = {
  accessKeyId: 'LTAI5tTestKey000000000001',
  accessKeySecret: 'TestSecret0000000000000000000001',
  ttsCode: 'TTS_300000001',
  variables: ['count', 'kind', 'name', 'tail', 'course'],
  /** The daily summary's template (docs/product/phone.md#daily-summary-call). */
  summaryTtsCode: 'TTS_300000002',
  summaryVariables: ['due', 'waiting'],
  /** The crawler check call's template (docs/product/phone.md#crawler-check-call). */
  crawlerCheckTtsCode: 'TTS_300000003',
  crawlerCheckVariables: ['site', 'minutes'],
} as const;

export const FAKE_TWILIO = {
  accountSid: 'AC0000000000000000000000000000abcd',
  authToken: '00000000000000000000000000000001',
  fromNumber: '+15005550006',
  backupTo: '+85255501234',
} as const;

export interface FakeAliyunCall {
  callId: string;
  calledNumber: string;
  showNumber: string | null;
  ttsCode: string;
  ttsParam: Record<string, string>;
  outId: string | null;
  at: string;
  durationSeconds: number;
}

export interface FakeAliyunVoice {
  url: string;
  calls: FakeAliyunCall[];
  requests: Array<{ method: string; action: string; parameters: Record<string, string> }>;
  readonly throttled: number;
  failNext(action: 'SingleCallByTts' | 'QueryCallDetailByCallId', code: string, options?: { times?: number; status?: number; message?: string }): void;
  delayNext(action: 'SingleCallByTts' | 'QueryCallDetailByCallId', ms: number): void;
  dropNext(action: 'SingleCallByTts' | 'QueryCallDetailByCallId'): void;
  reset(): void;
  close(): Promise<void>;
}

export interface FakeTwilioCall {
  sid: string;
  to: string;
  from: string;
  twiml: string | null;
}

export interface FakeTwilioApi {
  url: string;
  calls: FakeTwilioCall[];
  requests: Array<{ method: string; path: string; form: Record<string, string>; authorization: string | null }>;
  failNext(endpoint: 'calls' | 'account' | 'call', status: number, code: number, options?: { times?: number; message?: string }): void;
  delayNext(endpoint: 'calls' | 'account' | 'call', ms: number): void;
  reset(): void;
  close(): Promise<void>;
}

export const ALIYUN_CODES = {
  throttled: 'isv.BUSINESS_LIMIT_CONTROL',
  invalidTemplate: 'isv.TTS_TEMPLATE_ILLEGAL',
  outOfHours: 'isv.CALL_TIME_RESTRICTED',
  systemError: 'isp.SYSTEM_ERROR',
} as const;

export async function startFakeAliyunVoice(options: { limits?: boolean; showNumbers?: string[]; callSeconds?: number; callEndsAfterMs?: number } = {}): Promise<FakeAliyunVoice> {
  const module = (await import(path.resolve(__dirname, '../fake-aliyun/fake-aliyun-voice.mjs'))) as { startFakeAliyunVoice(options: object): Promise<FakeAliyunVoice> };
  return module.startFakeAliyunVoice({
    accessKeyId: FAKE_ALIYUN.accessKeyId,
    accessKeySecret: FAKE_ALIYUN.accessKeySecret,
    templates: { [FAKE_ALIYUN.ttsCode]: [...FAKE_ALIYUN.variables], [FAKE_ALIYUN.summaryTtsCode]: [...FAKE_ALIYUN.summaryVariables], [FAKE_ALIYUN.crawlerCheckTtsCode]: [...FAKE_ALIYUN.crawlerCheckVariables] },
    ...options,
  });
}

export async function startFakeTwilioApi(options: { callSeconds?: number; callEndsAfterMs?: number; pricePerMinute?: number } = {}): Promise<FakeTwilioApi> {
  const module = (await import(path.resolve(__dirname, '../fake-twilio/fake-twilio-api.mjs'))) as { startFakeTwilioApi(options: object): Promise<FakeTwilioApi> };
  return module.startFakeTwilioApi({ accountSid: FAKE_TWILIO.accountSid, authToken: FAKE_TWILIO.authToken, fromNumbers: [FAKE_TWILIO.fromNumber], ...options });
}

/** The phone variables of an API or worker that should call the two stand-ins. */
export function fakePhoneEnv(aliyun: { url: string }, twilio: { url: string }, salesNumber = '13800138000'): Record<string, string> {
  return {
    ALIYUN_ACCESS_KEY_ID: FAKE_ALIYUN.accessKeyId,
    ALIYUN_ACCESS_KEY_SECRET: FAKE_ALIYUN.accessKeySecret,
    ALIYUN_VOICE_TTS_CODE: FAKE_ALIYUN.ttsCode,
    ALIYUN_VOICE_ENDPOINT: aliyun.url,
    PHONE_SALES_NUMBER: salesNumber,
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
    TWILIO_FROM_NUMBER: FAKE_TWILIO.fromNumber,
    TWILIO_BACKUP_TO: FAKE_TWILIO.backupTo,
    TWILIO_API_BASE: twilio.url,
    PHONE_QUIET_HOURS: 'off',
  };
}
