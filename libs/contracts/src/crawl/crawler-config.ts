import { clampJobExpiryDays, DEFAULT_JOB_EXPIRY_DAYS } from './crawl-ops';

/**
 * Crawler settings stored as admin_config rows (docs/product/crawler.md#crawler-settings). A key without a row
 * takes the default below; the API's GET/POST /api/admin/crawler-config and the worker read the same keys.
 */
export const CrawlerConfigKey = {
  ZhaopinCookie: 'zhaopin_cookie',
  BossCookie: 'boss_cookie',
  Job51Cookie: 'job51_cookie',
  LiepinCookie: 'liepin_cookie',
  LagouCookie: 'lagou_cookie',
  RequestDelay: 'request_delay',
  UserAgentRotation: 'user_agent_rotation',
  JavascriptRendering: 'javascript_rendering',
  AntiDetection: 'anti_detection',
  /** Days after publishing when a published job is deactivated (docs/product/crawler.md#job-expiry). */
  JobExpiryDays: 'job_expiry_days',
  /** Minutes a captcha or login wall waits for the operator before its site is skipped (ADR 078). */
  HumanCheckTimeoutMinutes: 'human_check_timeout_minutes',
} as const;
export type CrawlerConfigKey = (typeof CrawlerConfigKey)[keyof typeof CrawlerConfigKey];
export const CRAWLER_CONFIG_KEYS: readonly CrawlerConfigKey[] = Object.values(CrawlerConfigKey);

export interface CrawlerConfig {
  zhaopin_cookie: string;
  boss_cookie: string;
  job51_cookie: string;
  liepin_cookie: string;
  lagou_cookie: string;
  /** Milliseconds between two page loads on the same site. */
  request_delay: number;
  user_agent_rotation: boolean;
  /** Off: plain HTTP fetch and an HTML parser instead of Chromium. */
  javascript_rendering: boolean;
  /** Stealth plugin on or off. */
  anti_detection: boolean;
  /** A published job older than this many days is deactivated; its JobPosting says so in validThrough. */
  job_expiry_days: number;
  /** Minutes a site's part of a run waits for a human check (等待验证) before it is skipped. */
  human_check_timeout_minutes: number;
}

export const DEFAULT_REQUEST_DELAY_MS = 3000;

/** How long a captcha or login wall waits for the operator (human_check_timeout_minutes): 1 … 240, 30 by default. */
export const DEFAULT_HUMAN_CHECK_TIMEOUT_MINUTES = 30;
export const HUMAN_CHECK_TIMEOUT_MINUTES_MIN = 1;
/** Four hours: a job holds its tab and its BullMQ lease while it waits; longer is a run left behind, not a pause. */
export const HUMAN_CHECK_TIMEOUT_MINUTES_MAX = 240;

/** A timeout within the bounds, whatever a stored row says. */
export function clampHumanCheckTimeout(minutes: number): number {
  return Math.min(Math.max(HUMAN_CHECK_TIMEOUT_MINUTES_MIN, Math.round(minutes)), HUMAN_CHECK_TIMEOUT_MINUTES_MAX);
}

/**
 * Bounds of the settings (docs/product/validation.md#crawler-settings, ADR 015). A delay above a minute pauses a
 * site for longer than a crawl job's lease and retries allow; 10^15 ms once kept a site's cooldown in Redis for ever.
 */
export const REQUEST_DELAY_MAX_MS = 60_000;
/** A site's session cookie travels in a request header, which servers cap at about 8 KB. */
export const CRAWLER_COOKIE_MAX_LENGTH = 8192;

/** A delay within 0 … REQUEST_DELAY_MAX_MS, whatever a stored row or an old caller says. */
export function clampRequestDelay(delayMs: number): number {
  return Math.min(Math.max(0, Math.round(delayMs)), REQUEST_DELAY_MAX_MS);
}

export const CRAWLER_CONFIG_DEFAULTS: Readonly<CrawlerConfig> = {
  zhaopin_cookie: '',
  boss_cookie: '',
  job51_cookie: '',
  liepin_cookie: '',
  lagou_cookie: '',
  request_delay: DEFAULT_REQUEST_DELAY_MS,
  user_agent_rotation: true,
  javascript_rendering: true,
  anti_detection: true,
  job_expiry_days: DEFAULT_JOB_EXPIRY_DAYS,
  human_check_timeout_minutes: DEFAULT_HUMAN_CHECK_TIMEOUT_MINUTES,
};

const BOOLEAN_KEYS = new Set<CrawlerConfigKey>(['user_agent_rotation', 'javascript_rendering', 'anti_detection']);

/**
 * Builds the config from stored string values (admin_config.value is text). Unknown keys are ignored;
 * a delay that is not a non-negative number falls back to 3000 (docs/product/crawler.md#crawler-settings), like
 * the admin form does, and one above REQUEST_DELAY_MAX_MS counts as that maximum.
 */
export function parseCrawlerConfig(rows: ReadonlyArray<{ key: string; value: string }>): CrawlerConfig {
  const config: CrawlerConfig = { ...CRAWLER_CONFIG_DEFAULTS };
  for (const { key, value } of rows) {
    if (!(CRAWLER_CONFIG_KEYS as readonly string[]).includes(key)) continue;
    const typedKey = key as CrawlerConfigKey;
    if (typedKey === 'request_delay') {
      const delay = Number(value.trim());
      // A value stored before the bounds existed (10^15) is clamped rather than obeyed.
      config.request_delay = value.trim() !== '' && Number.isFinite(delay) && delay >= 0 ? clampRequestDelay(delay) : DEFAULT_REQUEST_DELAY_MS;
    } else if (typedKey === 'job_expiry_days') {
      const days = Number(value.trim());
      config.job_expiry_days = value.trim() !== '' && Number.isFinite(days) ? clampJobExpiryDays(days) : DEFAULT_JOB_EXPIRY_DAYS;
    } else if (typedKey === 'human_check_timeout_minutes') {
      const minutes = Number(value.trim());
      config.human_check_timeout_minutes = value.trim() !== '' && Number.isFinite(minutes) ? clampHumanCheckTimeout(minutes) : DEFAULT_HUMAN_CHECK_TIMEOUT_MINUTES;
    } else if (BOOLEAN_KEYS.has(typedKey)) {
      (config as unknown as Record<string, boolean>)[typedKey] = !['false', '0', 'off', 'no', ''].includes(value.trim().toLowerCase());
    } else {
      (config as unknown as Record<string, string>)[typedKey] = value;
    }
  }
  return config;
}

/** The stored form of a config value (admin_config.value is text). */
export function serializeCrawlerConfigValue(value: string | number | boolean): string {
  return String(value);
}

/** The admin's crawler-settings calls (docs/product/crawler.md#crawler-calls). */
export const CRAWLER_CONFIG_PATHS = {
  config: '/api/admin/crawler-config',
  test: '/api/admin/crawler-config/test',
} as const;
