/**
 * The dashboard's follow-up figures (docs/product/back-office.md#first-contact-and-funnel, ADR 068): how fast a
 * lead is first contacted, per ISO week of its arrival, and the funnel new → contacted → enrolled per first-touch
 * source, over the same weeks (Asia/Shanghai).
 */
export const FOLLOW_UP_WEEKS = 12;

export const FIRST_CONTACT_PATH = '/api/admin/stats/first-contact';
export const SOURCE_FUNNEL_PATH = '/api/admin/stats/source-funnel';

/** The leads (registrations and messages) that arrived in one ISO week. */
export interface FirstContactWeek {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  /** ISO week, e.g. 2026-W48. */
  isoWeek: string;
  arrived: number;
  /** Those with a first-contact time (the median's sample). */
  contacted: number;
  /** Median of first contact − arrival over `contacted`, in whole seconds; null when none. */
  medianSeconds: number | null;
  /** Still new: not contacted yet, shown apart from the median. */
  waiting: number;
}

export interface FirstContactStats {
  timeZone: string;
  /** Oldest first; every week of the window, zero-filled. */
  weeks: FirstContactWeek[];
}

export interface FirstContactResponse {
  success: true;
  data: FirstContactStats;
}

/** utm_source (lower-cased), else the referrer's host (without www.), else direct. */
export const FUNNEL_SOURCE_KINDS = ['utm', 'referrer', 'direct'] as const;
export type FunnelSourceKind = (typeof FUNNEL_SOURCE_KINDS)[number];

export interface SourceFunnelRow {
  kind: FunnelSourceKind;
  /** The utm_source or host; null for direct. */
  name: string | null;
  /** Every lead that arrived from it (the funnel's `new`). */
  arrived: number;
  /** Reached: first contacted, or contacted or enrolled now. */
  contacted: number;
  enrolled: number;
  /** Marked invalid or lost. */
  givenUp: number;
  /** contacted ÷ arrived and enrolled ÷ arrived, 0–1 (arrived is never 0 on a row). */
  contactedRate: number;
  enrolledRate: number;
}

export interface SourceFunnelStats {
  timeZone: string;
  /** The window's first Monday, YYYY-MM-DD. */
  from: string;
  weeks: number;
  /** Most leads first. */
  sources: SourceFunnelRow[];
}

export interface SourceFunnelResponse {
  success: true;
  data: SourceFunnelStats;
}
