/*
 * New-lead phone calls (docs/product/phone.md, ADR 021): the providers, the call log's values, the provider limits
 * and the cost figure shared by the API, the worker and the back office.
 */

/** Primary: Alibaba Cloud voice notification (Dyvmsapi SingleCallByTts). Backup: Twilio Programmable Voice. */
export const PhoneProvider = { Aliyun: 'aliyun', Twilio: 'twilio' } as const;
export type PhoneProvider = (typeof PhoneProvider)[keyof typeof PhoneProvider];
export const PHONE_PROVIDERS: readonly PhoneProvider[] = Object.values(PhoneProvider);

/**
 * One attempt of one provider. `dialing`: claimed, the provider not yet answered; `placed`: the provider
 * accepted the call; `throttled`: the provider's per-number limit (retried later, no fallback); `refused`: the
 * provider turned the call down (quiet period, template, number); `failed`: an error or no answer in time.
 */
export const NotificationCallStatus = {
  Dialing: 'dialing',
  Placed: 'placed',
  Throttled: 'throttled',
  Refused: 'refused',
  Failed: 'failed',
} as const;
export type NotificationCallStatus = (typeof NotificationCallStatus)[keyof typeof NotificationCallStatus];
export const NOTIFICATION_CALL_STATUSES: readonly NotificationCallStatus[] = Object.values(NotificationCallStatus);

/**
 * Why a call was made: one lead, several leads in one call (morning or after a limit), an admin's test, the
 * daily summary of the day's follow-ups and waiting leads, or a crawl waiting for a human check (等待验证).
 */
export const NotificationCallTrigger = { Lead: 'lead', Batch: 'batch', Test: 'test', Summary: 'summary', CrawlerCheck: 'crawler_check' } as const;
export type NotificationCallTrigger = (typeof NotificationCallTrigger)[keyof typeof NotificationCallTrigger];
export const NOTIFICATION_CALL_TRIGGERS: readonly NotificationCallTrigger[] = Object.values(NotificationCallTrigger);

/** The two kinds of lead that ring the phone: a registration and a consultation message. */
export const LeadKind = { Registration: 'registration', Contact: 'contact' } as const;
export type LeadKind = (typeof LeadKind)[keyof typeof LeadKind];
export const LEAD_KINDS: readonly LeadKind[] = Object.values(LeadKind);

/** Alibaba Cloud voice notification limits per called number (同一个被叫：1次/分钟、5次/小时、20次/天). */
export const CALL_LIMITS = [
  { windowMs: 60_000, max: 1 },
  { windowMs: 3_600_000, max: 5 },
  { windowMs: 86_400_000, max: 20 },
] as const;

/**
 * The contact centre costs about 0.13 RMB per minute, billed by started minute
 * (docs/product/constants.md#phone-notifications).
 */
export const CALL_COST_FEN_PER_MINUTE = 13;

/** The back office's notification log resource (GET /api/admin/notification-calls, react-admin simple-rest). */
export const NOTIFICATION_CALL_RESOURCE = 'notification-calls';

/** Routes of the 通知设置 tab (docs/product/phone.md#admin-calls). */
export const PHONE_PATHS = {
  backupConfig: '/api/admin/phone-config',
  backupTest: '/api/admin/test-phone',
  aliyunConfig: '/api/admin/aliyun-config',
  aliyunTest: '/api/admin/test-aliyun',
  aliyunTestCall: '/api/admin/test-aliyun-phone',
  dailySummary: '/api/admin/phone-daily-summary',
  crawlerCheck: '/api/admin/phone-crawler-check',
} as const;

/**
 * The daily summary call (docs/product/phone.md#daily-summary-call): off by default; when on, at `time`
 * (HH:mm in Asia/Shanghai) one call says how many follow-ups are due today and how many new leads wait, through
 * the Alibaba Cloud template `ttsCode` (its variables `due` and `waiting`). Kept in admin_config, one row a field.
 */
export interface DailySummarySettings {
  enabled: boolean;
  time: string;
  ttsCode: string;
}

export const DAILY_SUMMARY_SETTINGS_KEYS = {
  enabled: 'phoneDailySummaryEnabled',
  time: 'phoneDailySummaryTime',
  ttsCode: 'phoneDailySummaryTtsCode',
} as const satisfies Record<keyof DailySummarySettings, string>;

export const DAILY_SUMMARY_DEFAULTS: Readonly<DailySummarySettings> = { enabled: false, time: '09:00', ttsCode: '' };

/** 00:00 … 23:59, two digits each. */
export const DAILY_SUMMARY_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An Alibaba Cloud voice template code as the console shows it, e.g. TTS_300000002. */
export const TTS_TEMPLATE_CODE_PATTERN = /^TTS_\d{1,20}$/;
export const DAILY_SUMMARY_TTS_CODE_PATTERN = TTS_TEMPLATE_CODE_PATTERN;

/** The stored rows as settings: a missing or unreadable row has its default. */
export function parseDailySummarySettings(rows: ReadonlyArray<{ key: string; value: string }>): DailySummarySettings {
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const time = value(DAILY_SUMMARY_SETTINGS_KEYS.time);
  const ttsCode = value(DAILY_SUMMARY_SETTINGS_KEYS.ttsCode);
  return {
    enabled: value(DAILY_SUMMARY_SETTINGS_KEYS.enabled) === 'true',
    time: time && DAILY_SUMMARY_TIME_PATTERN.test(time) ? time : DAILY_SUMMARY_DEFAULTS.time,
    ttsCode: ttsCode && DAILY_SUMMARY_TTS_CODE_PATTERN.test(ttsCode) ? ttsCode : DAILY_SUMMARY_DEFAULTS.ttsCode,
  };
}

/**
 * The call when a crawl waits for a human check (docs/product/phone.md#crawler-check-call): off by default; when on,
 * a site of a running crawl that starts waiting (等待验证) rings the administrator once through the Alibaba Cloud
 * template `ttsCode` (its variables `site` and `minutes`). Kept in admin_config, one row a field.
 */
export interface CrawlerCheckCallSettings {
  enabled: boolean;
  ttsCode: string;
}

export const CRAWLER_CHECK_CALL_SETTINGS_KEYS = {
  enabled: 'phoneCrawlerCheckEnabled',
  ttsCode: 'phoneCrawlerCheckTtsCode',
} as const satisfies Record<keyof CrawlerCheckCallSettings, string>;

export const CRAWLER_CHECK_CALL_DEFAULTS: Readonly<CrawlerCheckCallSettings> = { enabled: false, ttsCode: '' };

/** The stored rows as settings: a missing or unreadable row has its default. */
export function parseCrawlerCheckCallSettings(rows: ReadonlyArray<{ key: string; value: string }>): CrawlerCheckCallSettings {
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const ttsCode = value(CRAWLER_CHECK_CALL_SETTINGS_KEYS.ttsCode);
  return {
    enabled: value(CRAWLER_CHECK_CALL_SETTINGS_KEYS.enabled) === 'true',
    ttsCode: ttsCode && TTS_TEMPLATE_CODE_PATTERN.test(ttsCode) ? ttsCode : CRAWLER_CHECK_CALL_DEFAULTS.ttsCode,
  };
}

/**
 * Status object of GET /api/admin/phone-config and /api/admin/aliyun-config
 * (docs/product/phone.md#provider-status).
 */
export interface PhoneConfigResponse {
  isValid: boolean;
  message: string;
  /** The environment variables still to set, by name. */
  missingFields: string[];
}

/** POST /api/admin/test-phone, /test-aliyun, /test-aliyun-phone. */
export interface PhoneTestResponse {
  success: true;
  message: string;
}

/** One row of the notification log (GET /api/admin/notification-calls). */
export interface NotificationCallResponse {
  id: string;
  provider: PhoneProvider;
  status: NotificationCallStatus;
  trigger: NotificationCallTrigger;
  /** The called number with all but its last four digits hidden. */
  calledNumber: string;
  /** Leads this call announced (one, or several in one call). */
  leadCount: number;
  /** The lead of a one-lead call. */
  leadKind: LeadKind | null;
  leadId: string | null;
  leadName: string | null;
  providerCallId: string | null;
  /** The provider's measured duration once the call ended (`durationMeasured`), else the speech's estimate. */
  durationSeconds: number | null;
  /** True once the provider's record of the ended call replaced the estimate. */
  durationMeasured: boolean;
  /** Started minutes × 0.13 RMB, in fen, of the measured duration (else of the estimate); 0 when no call was placed. */
  costEstimateFen: number;
  errorCode: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/**
 * Wording of the configuration status (docs/product/phone.md#provider-status): complete or incomplete, message,
 * missing names.
 */
export const PHONE_CONFIG_MESSAGES = {
  aliyunComplete: '阿里云语音通知配置完整',
  aliyunIncomplete: '阿里云语音通知配置不完整，缺少环境变量',
  backupComplete: '备用电话（Twilio）配置完整',
  backupIncomplete: '备用电话（Twilio）配置不完整，缺少环境变量',
  aliyunConnectionOk: '连接测试成功：阿里云语音服务凭证有效',
  aliyunCallPlaced: '测试电话已拨出，请留意销售电话',
  backupCallPlaced: '测试电话已通过备用线路拨出',
} as const;
