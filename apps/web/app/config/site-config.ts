/** Footer QR codes, each generated from a configured value (routes/qr.$file.ts). */
export const QR_CODE_NAMES = ['wechat', 'official-account', 'mini-program', 'short-video'] as const;
export type QrCodeName = (typeof QR_CODE_NAMES)[number];

export function isQrCodeName(value: string): value is QrCodeName {
  return (QR_CODE_NAMES as readonly string[]).includes(value);
}

/** What the page needs in the browser (no secrets: every value is shown publicly anyway). */
export interface PublicSiteConfig {
  wechatId: string;
  socialUrl: string;
  icpNumber: string;
  icpUrl: string;
  policeFiling: string;
  policeFilingUrl: string;
}
