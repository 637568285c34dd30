import { COHORT_PARTS, HERO_FIGURE_SOURCES, type SiteSettings, SITE_SETTINGS_DEFAULTS, SITE_SETTINGS_LIMITS } from '@aipm/contracts';
import type { SaveSiteSettingsDto } from '@aipm/contracts/dto';
import { integer, oneOf, recordSchema, text } from '../../common/openapi/schemas';

/* The site settings' shapes and examples (docs/product/back-office.md#site-settings, ADR 025). */

export const SITE_SETTINGS = recordSchema<SiteSettings>(
  'SiteSettings',
  {
    cohortMonth: text('2026-03', 'The next cohort starts in this month (YYYY-MM)'),
    cohortPart: oneOf(COHORT_PARTS, 'mid', 'Early, mid or late in the month (上旬, 中旬, 下旬)'),
    feeMin: integer(SITE_SETTINGS_DEFAULTS.feeMin, `Lowest fee per cohort in yuan (${SITE_SETTINGS_LIMITS.feeMin} … ${SITE_SETTINGS_LIMITS.feeMax})`),
    feeMax: integer(SITE_SETTINGS_DEFAULTS.feeMax, 'Highest fee per cohort in yuan, not below feeMin'),
    salesPhone: text(SITE_SETTINGS_DEFAULTS.salesPhone, 'The sales line as people dial it'),
    wechatId: text(SITE_SETTINGS_DEFAULTS.wechatId, "WeChat's ID rule: 6 to 20 letters, digits, _ or -, starting with a letter"),
    address: text(SITE_SETTINGS_DEFAULTS.address, 'Address shown on the Chinese page'),
    addressEn: text(SITE_SETTINGS_DEFAULTS.addressEn, 'Address shown on the English page'),
    officeHours: text(SITE_SETTINGS_DEFAULTS.officeHours, 'Office hours on the Chinese page'),
    officeHoursEn: text(SITE_SETTINGS_DEFAULTS.officeHoursEn, 'Office hours on the English page'),
    leadRetentionMonths: integer(
      SITE_SETTINGS_DEFAULTS.leadRetentionMonths,
      `Months a lead who never enrolled is kept after the last contact (${SITE_SETTINGS_LIMITS.leadRetentionMonthsMin} … ${SITE_SETTINGS_LIMITS.leadRetentionMonthsMax}); the privacy policy states it`
    ),
    heroStudentsSource: oneOf(HERO_FIGURE_SOURCES, 'fixed', "The hero's 累计学员: as written (fixed) or the outcomes report's count (report)"),
    heroCompletionSource: oneOf(HERO_FIGURE_SOURCES, 'report', "The hero's 结业率: as written (fixed) or the latest finished cohort's, from the outcomes report (report)"),
  },
  { description: 'What the public site shows of the next cohort, the fees and the contact details' },
);


export const SAVE_SITE_SETTINGS_BODY: SaveSiteSettingsDto = { ...SITE_SETTINGS_DEFAULTS, cohortMonth: '2026-03', cohortPart: 'mid' };
