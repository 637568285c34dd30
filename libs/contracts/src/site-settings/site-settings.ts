import { formatLanguage, groupThousands } from '../format/language';
import { HERO_FIGURE_SOURCES, type HeroFigures, type HeroFigureSource } from '../outcomes/hero-figures';

/*
 * Site settings (docs/product/back-office.md#site-settings): what the administrator changes on the public site
 * without a redeploy. Stored as rows of admin_config (one key per field, like the crawler settings); a key
 * without a row has its default, so an empty table shows exactly what the site showed before.
 */

/** Which third of the month the next cohort starts in: 上旬, 中旬, 下旬. */
export const CohortPart = { Early: 'early', Mid: 'mid', Late: 'late' } as const;
export type CohortPart = (typeof CohortPart)[keyof typeof CohortPart];
export const COHORT_PARTS: readonly CohortPart[] = ['early', 'mid', 'late'];

export interface SiteSettings {
  /** The next cohort's start month, YYYY-MM. */
  cohortMonth: string;
  cohortPart: CohortPart;
  /**
   * The fee range per cohort in whole yuan: 19,800 to 29,800 by default, set by assessment
   * (docs/product/constants.md#programme).
   */
  feeMin: number;
  feeMax: number;
  /** The sales line shown in the contact section and the footer, as people dial it. */
  salesPhone: string;
  /** The WeChat ID: contact note, footer (copied on phones) and the WeChat QR code. */
  wechatId: string;
  /** Contact details in each language of the site. */
  address: string;
  addressEn: string;
  officeHours: string;
  officeHoursEn: string;
  /**
   * Months a lead of someone who never became a student is kept after their last contact (PIPL; the privacy
   * policy states it, the worker's retention job erases by it).
   */
  leadRetentionMonths: number;
  /** The hero's 累计学员 and 结业率: as written, or measured by the outcomes report (docs/product/outcomes-report.md#on-the-landing-page). */
  heroStudentsSource: HeroFigureSource;
  heroCompletionSource: HeroFigureSource;
}

export type SiteSettingsField = keyof SiteSettings;

/**
 * The defaults (docs/product/back-office.md#site-settings): the cohort and fees first announced, and the contact
 * details the site was built with.
 */
// Plain literals, no Object.freeze/Object.keys at module level: bundlers then drop them from pages that do not use
// them (the landing and /admin/login import the contracts barrel).
export const SITE_SETTINGS_DEFAULTS: Readonly<SiteSettings> = {
  cohortMonth: '2025-09',
  cohortPart: 'late',
  feeMin: 19800,
  feeMax: 29800,
  salesPhone: '0731-8888 6666',
  wechatId: 'aipm-bootcamp',
  address: '湖南省长沙市岳麓区麓谷大道 668 号创新大厦 12 楼',
  addressEn: '12F Innovation Tower, 668 Lugu Avenue, Yuelu District, Changsha, Hunan, China',
  officeHours: '周一至周六 9:00 – 18:00',
  officeHoursEn: 'Monday to Saturday, 9:00 – 18:00',
  leadRetentionMonths: 24,
  heroStudentsSource: 'fixed',
  heroCompletionSource: 'fixed',
};

/** admin_config key of each field (prefixed, so they never meet the crawler's keys). */
export const SITE_SETTINGS_KEYS: Readonly<Record<SiteSettingsField, string>> = {
  cohortMonth: 'site_cohort_month',
  cohortPart: 'site_cohort_part',
  feeMin: 'site_fee_min',
  feeMax: 'site_fee_max',
  salesPhone: 'site_sales_phone',
  wechatId: 'site_wechat_id',
  address: 'site_address',
  addressEn: 'site_address_en',
  officeHours: 'site_office_hours',
  officeHoursEn: 'site_office_hours_en',
  leadRetentionMonths: 'site_lead_retention_months',
  heroStudentsSource: 'site_hero_students_source',
  heroCompletionSource: 'site_hero_completion_source',
};

export const SITE_SETTINGS_FIELDS: readonly SiteSettingsField[] = [
  'cohortMonth',
  'cohortPart',
  'feeMin',
  'feeMax',
  'salesPhone',
  'wechatId',
  'address',
  'addressEn',
  'officeHours',
  'officeHoursEn',
  'leadRetentionMonths',
  'heroStudentsSource',
  'heroCompletionSource',
];

export const SITE_SETTINGS_LIMITS = {
  feeMin: 1,
  feeMax: 1_000_000,
  address: 200,
  officeHours: 100,
  /** Half a year to ten years: shorter would erase leads still being followed up. */
  leadRetentionMonthsMin: 6,
  leadRetentionMonthsMax: 120,
} as const;

/** YYYY-MM from 2000 on. */
export const COHORT_MONTH_PATTERN = /^20\d\d-(0[1-9]|1[0-2])$/;
/** As people write a phone line: digits, spaces, dashes, parentheses, a leading +; 5 to 20 characters. */
export const SALES_PHONE_PATTERN = /^\+?[\d\s\-()]{5,20}$/;
/** WeChat's own rule for an ID: 6 to 20 letters, digits, _ or -, starting with a letter. */
export const WECHAT_ID_PATTERN = /^[a-zA-Z][-_a-zA-Z0-9]{5,19}$/;

export const SITE_SETTINGS_PATHS = {
  /** The public site's read (the web server's loader). */
  public: '/api/site-settings',
  admin: '/api/admin/site-settings',
} as const;

/** The back office's read: the settings and when they last changed (null: never, the defaults). */
export interface SiteSettingsResponse {
  success: true;
  data: SiteSettings;
  updatedAt: string | null;
}

/** The public read adds the hero figures the settings take from the outcomes report (only those, only once measured). */
export interface PublicSiteSettingsResponse extends SiteSettingsResponse {
  heroFigures: HeroFigures;
}

export const SITE_SETTINGS_MESSAGES = { saved: '网站设置已保存' } as const;

/** The fields stored as one of a few words, each with the words it may hold. */
const CHOICES: Partial<Record<SiteSettingsField, readonly string[]>> = {
  cohortPart: COHORT_PARTS,
  heroStudentsSource: HERO_FIGURE_SOURCES,
  heroCompletionSource: HERO_FIGURE_SOURCES,
};

/** The stored rows read back, a missing or unreadable row giving its default (a bad row never breaks the page). */
export function parseSiteSettings(rows: ReadonlyArray<{ key: string; value: string }>): SiteSettings {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const settings: SiteSettings = { ...SITE_SETTINGS_DEFAULTS };
  for (const field of SITE_SETTINGS_FIELDS) {
    const stored = byKey.get(SITE_SETTINGS_KEYS[field]);
    if (stored === undefined) continue;
    const fallback = SITE_SETTINGS_DEFAULTS[field];
    if (typeof fallback === 'number') {
      const value = Number(stored);
      if (Number.isInteger(value)) (settings[field] as number) = value;
    } else if (CHOICES[field]) {
      if (CHOICES[field].includes(stored)) (settings[field] as string) = stored;
    } else {
      (settings[field] as string) = stored;
    }
  }
  return settings;
}

const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ZH_PARTS: Record<CohortPart, string> = { early: '上旬', mid: '中旬', late: '下旬' };

/** "2025 年 9 月下旬" / "late September 2025" (the site's own spacing). */
export function formatCohortStart(month: string, part: CohortPart, language?: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return formatLanguage(language) === 'en'
    ? `${part} ${EN_MONTHS[monthNumber - 1]} ${year}`
    : `${year} 年 ${monthNumber} 月${ZH_PARTS[part]}`;
}

/** A retention period as the privacy policy states it: "24 个月" / "24 months" (the site's own spacing). */
export function formatRetention(months: number, language?: string): string {
  return formatLanguage(language) === 'en' ? `${months} months` : `${months} 个月`;
}

/** A fee in yuan with thousands separators: 19,800. */
export function formatFee(yuan: number): string {
  return groupThousands(yuan);
}

/**
 * The save's rules as the back office checks them before the call (the API's DTO applies the same patterns and
 * codes): the first failing rule of each field, by its error code.
 */
export function siteSettingsFailures(settings: SiteSettings): Partial<Record<SiteSettingsField, SiteSettingsFailureCode>> {
  const failures: Partial<Record<SiteSettingsField, SiteSettingsFailureCode>> = {};
  if (!COHORT_MONTH_PATTERN.test(settings.cohortMonth)) failures.cohortMonth = 'INVALID_COHORT_MONTH';
  if (!(COHORT_PARTS as readonly string[]).includes(settings.cohortPart)) failures.cohortPart = 'INVALID_COHORT_PART';
  const fee = (value: number) => Number.isInteger(value) && value >= SITE_SETTINGS_LIMITS.feeMin && value <= SITE_SETTINGS_LIMITS.feeMax;
  if (!fee(settings.feeMin)) failures.feeMin = 'INVALID_FEE';
  if (!fee(settings.feeMax)) failures.feeMax = 'INVALID_FEE';
  else if (fee(settings.feeMin) && settings.feeMax < settings.feeMin) failures.feeMax = 'FEE_RANGE_INVERTED';
  if (!SALES_PHONE_PATTERN.test(settings.salesPhone)) failures.salesPhone = 'INVALID_SALES_PHONE';
  if (!WECHAT_ID_PATTERN.test(settings.wechatId)) failures.wechatId = 'INVALID_WECHAT_ID';
  const detail = (field: 'address' | 'addressEn' | 'officeHours' | 'officeHoursEn', max: number) => {
    if (settings[field].trim() === '') failures[field] = 'CONTACT_DETAIL_REQUIRED';
    else if (settings[field].length > max) failures[field] = 'CONTACT_DETAIL_TOO_LONG';
  };
  detail('address', SITE_SETTINGS_LIMITS.address);
  detail('addressEn', SITE_SETTINGS_LIMITS.address);
  detail('officeHours', SITE_SETTINGS_LIMITS.officeHours);
  detail('officeHoursEn', SITE_SETTINGS_LIMITS.officeHours);
  const months = settings.leadRetentionMonths;
  if (!Number.isInteger(months) || months < SITE_SETTINGS_LIMITS.leadRetentionMonthsMin || months > SITE_SETTINGS_LIMITS.leadRetentionMonthsMax) {
    failures.leadRetentionMonths = 'INVALID_RETENTION_MONTHS';
  }
  for (const field of ['heroStudentsSource', 'heroCompletionSource'] as const) {
    if (!(HERO_FIGURE_SOURCES as readonly string[]).includes(settings[field])) failures[field] = 'INVALID_HERO_FIGURE_SOURCE';
  }
  return failures;
}

/** Kept in step with site-settings.errors.ts (the compiler checks the catalog holds each). */
export type SiteSettingsFailureCode =
  | 'INVALID_COHORT_MONTH'
  | 'INVALID_COHORT_PART'
  | 'INVALID_FEE'
  | 'FEE_RANGE_INVERTED'
  | 'INVALID_SALES_PHONE'
  | 'INVALID_WECHAT_ID'
  | 'CONTACT_DETAIL_REQUIRED'
  | 'CONTACT_DETAIL_TOO_LONG'
  | 'INVALID_RETENTION_MONTHS'
  | 'INVALID_HERO_FIGURE_SOURCE';
