import { formatCohortStart, formatFee, formatIsoDate, type SiteSettings } from '@aipm/contracts';

import type { Language } from '~/i18n/config';

import type { PublicSiteConfig, QrCodeName } from './site-config';

/**
 * Public channels of the footer, from the environment so the operator can change them without a build
 * (README: SITE_* variables). The WeChat ID, the sales phone, the cohort, the fees and the contact details are
 * site settings the administrator edits in the back office instead (site-settings/site-settings.server.ts).
 */
export interface SiteConfig {
  /** Absolute origin for canonical and Open Graph URLs; the request's own origin when unset. */
  siteUrl: string | null;
  /** What each footer QR code encodes; the WeChat one, when SITE_WECHAT_QR is unset, follows the WeChat ID setting. */
  qr: Record<Exclude<QrCodeName, 'wechat'>, string> & { wechat: string | null };
  socialUrl: string;
  icpNumber: string;
  policeFiling: string;
  policeFilingCode: string;
}


export function readSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const policeFilingCode = env['SITE_POLICE_FILING_CODE'] || '43010402000001';
  return {
    siteUrl: env['SITE_URL']?.replace(/\/+$/, '') || null,
    qr: {
      wechat: env['SITE_WECHAT_QR'] || null,
      'official-account': env['SITE_OFFICIAL_ACCOUNT_QR'] || 'https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=aipm-bootcamp',
      'mini-program': env['SITE_MINI_PROGRAM_QR'] || 'https://wxaurl.cn/aipm-bootcamp',
      'short-video': env['SITE_SHORT_VIDEO_QR'] || 'https://v.douyin.com/aipm-bootcamp/',
    },
    socialUrl: env['SITE_SOCIAL_URL'] || 'https://weibo.com/aipmbootcamp',
    icpNumber: env['SITE_ICP_NUMBER'] || '湘ICP备2025000001号-1',
    policeFiling: env['SITE_POLICE_FILING'] || `湘公网安备${policeFilingCode}号`,
    policeFilingCode,
  };
}


/** What a QR code encodes: the configured value, or WeChat's add-friend link of the WeChat ID setting. */
export function qrTarget(config: SiteConfig, name: QrCodeName, settings: SiteSettings): string {
  return name === 'wechat' ? (config.qr.wechat ?? `https://u.wechat.com/${settings.wechatId}`) : config.qr[name];
}

/**
 * @param cohortToBeAnnounced what the page says instead of a start month already past (no next cohort is planned and
 *   the settings still name an old one): the page never announces a date that has gone.
 */
export function publicSiteConfig(config: SiteConfig, settings: SiteSettings, language: Language, now = new Date(), cohortToBeAnnounced?: string): PublicSiteConfig {
  const en = language === 'en';
  const past = settings.cohortMonth < formatIsoDate(now).slice(0, 7);
  return {
    wechatId: settings.wechatId,
    salesPhone: settings.salesPhone,
    salesTel: `tel:${settings.salesPhone.replace(/[^\d+]/g, '')}`,
    address: en ? settings.addressEn : settings.address,
    officeHours: en ? settings.officeHoursEn : settings.officeHours,
    cohort: past && cohortToBeAnnounced ? cohortToBeAnnounced : formatCohortStart(settings.cohortMonth, settings.cohortPart, language),
    feeMin: formatFee(settings.feeMin),
    feeMax: formatFee(settings.feeMax),
    // China time: the new year starts at midnight in Beijing, whatever the server's zone.
    year: new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear(),
    socialUrl: config.socialUrl,
    icpNumber: config.icpNumber,
    icpUrl: 'https://beian.miit.gov.cn/',
    policeFiling: config.policeFiling,
    policeFilingUrl: `https://beian.mps.gov.cn/#/query/webSearch?code=${encodeURIComponent(config.policeFilingCode)}`,
  };
}
