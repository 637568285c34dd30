import { SITE_SETTINGS_LIMITS, type SiteSettingsFailureCode } from './site-settings';

/**
 * Error codes of the site settings form, beside their Chinese messages
 * (docs/product/validation.md#site-settings).
 */
export const SITE_SETTINGS_ERRORS = {
  INVALID_COHORT_MONTH: '请输入有效的开班月份（YYYY-MM）',
  INVALID_COHORT_PART: '开班时段必须是上旬、中旬或下旬',
  INVALID_FEE: `费用必须是${SITE_SETTINGS_LIMITS.feeMin}到${SITE_SETTINGS_LIMITS.feeMax}之间的整数（元）`,
  FEE_RANGE_INVERTED: '最高费用不能低于最低费用',
  INVALID_SALES_PHONE: '请输入有效的销售电话（5到20位数字，可含空格、-、括号和开头的+）',
  INVALID_WECHAT_ID: '微信号为6到20位字母、数字、下划线或减号，以字母开头',
  CONTACT_DETAIL_REQUIRED: '联系信息不能为空',
  CONTACT_DETAIL_TOO_LONG: '联系信息过长',
  INVALID_RETENTION_MONTHS: `保存期限必须是${SITE_SETTINGS_LIMITS.leadRetentionMonthsMin}到${SITE_SETTINGS_LIMITS.leadRetentionMonthsMax}之间的整数（月）`,
  INVALID_HERO_FIGURE_SOURCE: '首页数据来源必须是固定文案或就业报告',
} as const satisfies Record<SiteSettingsFailureCode, string>;

export type SiteSettingsErrorCode = keyof typeof SITE_SETTINGS_ERRORS;
