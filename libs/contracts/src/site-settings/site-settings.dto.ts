import { IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { HERO_FIGURE_SOURCES, type HeroFigureSource } from '../outcomes/hero-figures';
import { rule } from '../validation/rule';
import {
  COHORT_MONTH_PATTERN,
  COHORT_PARTS,
  type CohortPart,
  SALES_PHONE_PATTERN,
  SITE_SETTINGS_LIMITS,
  type SiteSettings,
  WECHAT_ID_PATTERN,
} from './site-settings';

/** PUT /api/admin/site-settings: every field (the form saves them together); min ≤ max is the service's check. */
export class SaveSiteSettingsDto implements SiteSettings {
  @IsString(rule('INVALID_COHORT_MONTH'))
  @Matches(COHORT_MONTH_PATTERN, rule('INVALID_COHORT_MONTH'))
  cohortMonth!: string;

  @IsIn(COHORT_PARTS, rule('INVALID_COHORT_PART'))
  cohortPart!: CohortPart;

  @IsInt(rule('INVALID_FEE'))
  @Min(SITE_SETTINGS_LIMITS.feeMin, rule('INVALID_FEE'))
  @Max(SITE_SETTINGS_LIMITS.feeMax, rule('INVALID_FEE'))
  feeMin!: number;

  @IsInt(rule('INVALID_FEE'))
  @Min(SITE_SETTINGS_LIMITS.feeMin, rule('INVALID_FEE'))
  @Max(SITE_SETTINGS_LIMITS.feeMax, rule('INVALID_FEE'))
  feeMax!: number;

  @IsString(rule('INVALID_SALES_PHONE'))
  @Matches(SALES_PHONE_PATTERN, rule('INVALID_SALES_PHONE'))
  salesPhone!: string;

  @IsString(rule('INVALID_WECHAT_ID'))
  @Matches(WECHAT_ID_PATTERN, rule('INVALID_WECHAT_ID'))
  wechatId!: string;

  @IsString(rule('CONTACT_DETAIL_REQUIRED'))
  @IsNotEmpty(rule('CONTACT_DETAIL_REQUIRED'))
  @MaxLength(SITE_SETTINGS_LIMITS.address, rule('CONTACT_DETAIL_TOO_LONG'))
  address!: string;

  @IsString(rule('CONTACT_DETAIL_REQUIRED'))
  @IsNotEmpty(rule('CONTACT_DETAIL_REQUIRED'))
  @MaxLength(SITE_SETTINGS_LIMITS.address, rule('CONTACT_DETAIL_TOO_LONG'))
  addressEn!: string;

  @IsString(rule('CONTACT_DETAIL_REQUIRED'))
  @IsNotEmpty(rule('CONTACT_DETAIL_REQUIRED'))
  @MaxLength(SITE_SETTINGS_LIMITS.officeHours, rule('CONTACT_DETAIL_TOO_LONG'))
  officeHours!: string;

  @IsString(rule('CONTACT_DETAIL_REQUIRED'))
  @IsNotEmpty(rule('CONTACT_DETAIL_REQUIRED'))
  @MaxLength(SITE_SETTINGS_LIMITS.officeHours, rule('CONTACT_DETAIL_TOO_LONG'))
  officeHoursEn!: string;

  @IsInt(rule('INVALID_RETENTION_MONTHS'))
  @Min(SITE_SETTINGS_LIMITS.leadRetentionMonthsMin, rule('INVALID_RETENTION_MONTHS'))
  @Max(SITE_SETTINGS_LIMITS.leadRetentionMonthsMax, rule('INVALID_RETENTION_MONTHS'))
  leadRetentionMonths!: number;

  @IsIn(HERO_FIGURE_SOURCES, rule('INVALID_HERO_FIGURE_SOURCE'))
  heroStudentsSource!: HeroFigureSource;

  @IsIn(HERO_FIGURE_SOURCES, rule('INVALID_HERO_FIGURE_SOURCE'))
  heroCompletionSource!: HeroFigureSource;
}
