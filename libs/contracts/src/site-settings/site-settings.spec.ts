import { formatCohortStart, formatRetention, parseSiteSettings, SITE_SETTINGS_DEFAULTS, SITE_SETTINGS_KEYS, siteSettingsFailures } from './site-settings';

describe(parseSiteSettings.name, () => {
  it('gives the defaults for missing and unreadable rows', () => {
    expect(parseSiteSettings([])).toEqual(SITE_SETTINGS_DEFAULTS);
    const rows = [
      { key: SITE_SETTINGS_KEYS.cohortMonth, value: '2026-03' },
      { key: SITE_SETTINGS_KEYS.cohortPart, value: 'sometime' },
      { key: SITE_SETTINGS_KEYS.feeMin, value: 'lots' },
      { key: SITE_SETTINGS_KEYS.feeMax, value: '31800' },
      { key: SITE_SETTINGS_KEYS.heroStudentsSource, value: 'report' },
      { key: SITE_SETTINGS_KEYS.heroCompletionSource, value: 'survey' },
      { key: 'request_delay', value: '5000' },
    ];
    expect(parseSiteSettings(rows)).toEqual({ ...SITE_SETTINGS_DEFAULTS, cohortMonth: '2026-03', feeMax: 31800, heroStudentsSource: 'report' });
  });
});

describe(formatCohortStart.name, () => {
  it('says the month and its third in each language', () => {
    expect(formatCohortStart('2025-09', 'late', 'zh')).toBe('2025 年 9 月下旬');
    expect(formatCohortStart('2026-03', 'early', 'zh')).toBe('2026 年 3 月上旬');
    expect(formatCohortStart('2026-03', 'mid', 'en')).toBe('mid March 2026');
  });
});

describe(siteSettingsFailures.name, () => {
  it('accepts the defaults', () => {
    expect(siteSettingsFailures(SITE_SETTINGS_DEFAULTS)).toEqual({});
  });

  it('names the first failing rule of each field by its code', () => {
    expect(
      siteSettingsFailures({
        ...SITE_SETTINGS_DEFAULTS,
        cohortMonth: '2026-3',
        feeMin: 30000,
        feeMax: 20000,
        salesPhone: 'call',
        wechatId: '_x',
        address: ' ',
        officeHoursEn: 'x'.repeat(101),
      }),
    ).toEqual({
      cohortMonth: 'INVALID_COHORT_MONTH',
      feeMax: 'FEE_RANGE_INVERTED',
      salesPhone: 'INVALID_SALES_PHONE',
      wechatId: 'INVALID_WECHAT_ID',
      address: 'CONTACT_DETAIL_REQUIRED',
      officeHoursEn: 'CONTACT_DETAIL_TOO_LONG',
    });
    expect(siteSettingsFailures({ ...SITE_SETTINGS_DEFAULTS, feeMin: 0.5 })).toEqual({ feeMin: 'INVALID_FEE' });
    expect(siteSettingsFailures({ ...SITE_SETTINGS_DEFAULTS, heroCompletionSource: 'survey' as 'report' })).toEqual({ heroCompletionSource: 'INVALID_HERO_FIGURE_SOURCE' });
    for (const months of [5, 121, 12.5, Number.NaN]) {
      expect(siteSettingsFailures({ ...SITE_SETTINGS_DEFAULTS, leadRetentionMonths: months })).toEqual({ leadRetentionMonths: 'INVALID_RETENTION_MONTHS' });
    }
  });
});

describe(formatRetention.name, () => {
  it('says the period as the privacy policy words it in each language', () => {
    expect(formatRetention(24, 'zh')).toBe('24 个月');
    expect(formatRetention(18, 'en')).toBe('18 months');
  });
});
