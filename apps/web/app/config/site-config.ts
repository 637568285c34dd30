/** Footer QR codes, each generated from a configured value (routes/qr.$file.ts). */
export const QR_CODE_NAMES = ['wechat', 'official-account', 'mini-program', 'short-video'] as const;
export type QrCodeName = (typeof QR_CODE_NAMES)[number];

export function isQrCodeName(value: string): value is QrCodeName {
  return (QR_CODE_NAMES as readonly string[]).includes(value);
}

/**
 * What the page needs in the browser (no secrets: every value is shown publicly anyway). The site settings'
 * part arrives ready to show, in the page's language: the browser gets no code to format it (ADR 025).
 */
// A type, not an interface: it is also the values of the texts' {{placeholders}} (t(key, site)).
export type PublicSiteConfig = {
  wechatId: string;
  salesPhone: string;
  /** The sales phone's link, `tel:` and its digits (made on the server: no formatting code in the browser). */
  salesTel: string;
  address: string;
  officeHours: string;
  /** The next cohort's start: "2025 年 9 月下旬" / "late September 2025". */
  cohort: string;
  /** The fee range in yuan, grouped: "19,800". */
  feeMin: string;
  feeMax: string;
  /** For the copyright line: the year the page was rendered. */
  year: number;
  socialUrl: string;
  icpNumber: string;
  icpUrl: string;
  policeFiling: string;
  policeFilingUrl: string;
};

/**
 * The hero figures the site settings take from the outcomes report, ready to show in the page's language (made on the
 * server, like the settings): the value and what it is measured on. A figure absent here shows the texts' own value.
 */
export type MeasuredHeroStats = Partial<Record<'students' | 'completion', { value: string; note: string }>>;
