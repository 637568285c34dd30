import type { PublicSiteConfig, QrCodeName } from './site-config';

/**
 * Public contact channels of the footer, from the environment so the operator can change them without
 * a build (README: SITE_* variables). QR codes are generated from these values (routes/qr.$file.ts).
 */
export interface SiteConfig {
  /** Absolute origin for canonical and Open Graph URLs; the request's own origin when unset. */
  siteUrl: string | null;
  wechatId: string;
  qr: Record<QrCodeName, string>;
  socialUrl: string;
  icpNumber: string;
  policeFiling: string;
  policeFilingCode: string;
}


export function readSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const wechatId = env['SITE_WECHAT_ID'] || 'aipm-bootcamp';
  const policeFilingCode = env['SITE_POLICE_FILING_CODE'] || '43010402000001';
  return {
    siteUrl: env['SITE_URL']?.replace(/\/+$/, '') || null,
    wechatId,
    qr: {
      wechat: env['SITE_WECHAT_QR'] || `https://u.wechat.com/${wechatId}`,
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


export function publicSiteConfig(config: SiteConfig): PublicSiteConfig {
  return {
    wechatId: config.wechatId,
    socialUrl: config.socialUrl,
    icpNumber: config.icpNumber,
    icpUrl: 'https://beian.miit.gov.cn/',
    policeFiling: config.policeFiling,
    policeFilingUrl: `https://beian.mps.gov.cn/#/query/webSearch?code=${encodeURIComponent(config.policeFilingCode)}`,
  };
}
