import type { CrawlSite } from '../enums/crawl.enums';

/**
 * The dashboard's charts (docs/product/back-office.md#charts): a window of calendar days and one of calendar
 * months, in Asia/Shanghai.
 */
export const DASHBOARD_CHART_DAYS = 30;
export const DASHBOARD_CHART_MONTHS = 12;
/** The biggest first-touch sources shown by name; the rest are summed as one `other` bar. */
export const DASHBOARD_TOP_SOURCES = 8;

export const DASHBOARD_CHARTS_PATH = '/api/admin/stats/charts';

/**
 * How a lead's first-touch source is bucketed: its utm_source when it has one, else the host of its referrer,
 * else `direct` (a visit with neither); `unknown` for leads stored before sources were captured; `other` sums
 * the sources beyond the biggest ones.
 */
export const LeadSourceKind = {
  Utm: 'utm',
  Referrer: 'referrer',
  Direct: 'direct',
  Unknown: 'unknown',
  Other: 'other',
} as const;
export type LeadSourceKind = (typeof LeadSourceKind)[keyof typeof LeadSourceKind];
export const LEAD_SOURCE_KINDS: readonly LeadSourceKind[] = Object.values(LeadSourceKind);

/**
 * The follow-up funnel's stages. Statuses have no history, so a stage counts the leads whose status is at least
 * that far along now: `new` every lead received, `contacted` those contacted or enrolled, `enrolled` those
 * enrolled. Leads marked invalid count in `new` only, and are reported beside the funnel.
 */
export const FUNNEL_STAGES = ['new', 'contacted', 'enrolled'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** Registrations and consultation messages, side by side. */
export interface LeadCounts {
  registrations: number;
  messages: number;
}

export interface LeadSourceCount extends LeadCounts {
  kind: LeadSourceKind;
  /** The utm_source (lower-cased) or referrer host (without www.); null for direct, unknown and other. */
  name: string | null;
}

export interface FunnelStageCount extends LeadCounts {
  stage: FunnelStage;
}

/** One site's crawl runs, one entry per day of `days`. */
export interface CrawlYieldSeries {
  site: CrawlSite;
  /** Jobs read by the runs that finished that day. */
  found: number[];
  /** Runs that finished that day (completed or failed). */
  runs: number[];
}

/** One currency's completed payments, one entry per month of `months`. */
export interface PaymentSeries {
  currency: string;
  /** Integer cents. */
  amounts: number[];
  counts: number[];
}

export interface DashboardCharts {
  timeZone: 'Asia/Shanghai';
  /** The last DASHBOARD_CHART_DAYS calendar days, oldest first, ending today (yyyy-MM-dd). */
  days: string[];
  /** Leads received per day of `days`, zero-filled. */
  leadsPerDay: { registrations: number[]; messages: number[] };
  /** Leads received in `days` by first-touch source, biggest first, then `other`. */
  leadSources: LeadSourceCount[];
  /** Leads received in `days` by how far their follow-up went. */
  funnel: FunnelStageCount[];
  invalid: LeadCounts;
  /** Sites with at least one run in `days`, in the site list's order. */
  crawlYield: CrawlYieldSeries[];
  /** The last DASHBOARD_CHART_MONTHS calendar months, oldest first, ending this month (yyyy-MM). */
  months: string[];
  /** Completed payments by their payment date's month; currencies with any, CNY first. */
  paymentsPerMonth: PaymentSeries[];
}

/** GET /api/admin/stats/charts */
export interface DashboardChartsResponse {
  success: true;
  data: DashboardCharts;
}
