import { addDays } from '../cohorts/cohort';
import type { MoneyTotal } from '../students/student.responses';
import type { Graduation } from './outcome';

/*
 * The salary guarantee's ledger (docs/product/guarantee.md): from a guaranteed contract's terms, its payments, the
 * student's graduation and attendance and their job outcomes, what the school owes and why. One pure function,
 * `guaranteeStatusOf`, for the API's ledger, the dashboard's exposure and the report; nothing of it is stored.
 */

/** The terms of a guaranteed contract: the settings' defaults, each replaced by the contract's own value when set. */
export interface GuaranteeTerms {
  /** 目标年薪, cents: the contract salary (合同年薪) of an offer must reach it. */
  target: number;
  /** 未达标退款比例, percent of the tuition paid. */
  refundRate: number;
  /** 超额奖励: an offer at or above this percent of the target earns the bonus. */
  bonusThreshold: number;
  /** The bonus, percent of the contract amount. */
  bonusRate: number;
  /** Days after graduation within which an offer counts. */
  windowDays: number;
  /** 出勤率 the student must reach, percent of the days marked. */
  minAttendance: number;
}

/** The programme's promise: ¥200,000 a year, a full refund, a bonus at +50%, 180 days, 90% attendance. */
export const DEFAULT_GUARANTEE_TERMS: GuaranteeTerms = {
  target: 20_000_000,
  refundRate: 100,
  bonusThreshold: 150,
  bonusRate: 10,
  windowDays: 180,
  minAttendance: 90,
};

export const GuaranteeStatus = {
  /** 期内: the window is open (or not yet started): an offer may still come. */
  Open: 'open',
  /** 已达标: an offer reached the target. */
  Met: 'met',
  /** 奖励待付: an offer reached the bonus threshold; the bonus is not paid yet. */
  BonusDue: 'bonus_due',
  /** 未达标·退款待付: the window closed without an offer at the target; the refund is not paid yet. */
  RefundDue: 'refund_due',
  /** 不符合条件: an eligibility rule failed (`failedRule`). */
  Ineligible: 'ineligible',
  /** 已退款: the refund owed is paid. */
  Refunded: 'refunded',
  /** 已付奖励: the bonus owed is paid. */
  BonusPaid: 'bonus_paid',
} as const;
export type GuaranteeStatus = (typeof GuaranteeStatus)[keyof typeof GuaranteeStatus];
export const GUARANTEE_STATUSES: readonly GuaranteeStatus[] = Object.values(GuaranteeStatus);

export const GUARANTEE_STATUS_LABELS: Record<GuaranteeStatus, string> = {
  open: '期内',
  met: '已达标',
  bonus_due: '奖励待付',
  refund_due: '未达标·退款待付',
  ineligible: '不符合条件',
  refunded: '已退款',
  bonus_paid: '已付奖励',
};

/** The eligibility rules, in the order they are checked. */
export const GuaranteeRule = {
  /** The student graduated (a withdrawal fails it). */
  Graduated: 'graduated',
  /** The student's attendance rate reached the minimum. */
  Attendance: 'attendance',
} as const;
export type GuaranteeRule = (typeof GuaranteeRule)[keyof typeof GuaranteeRule];

/** What the ledger reads of one guaranteed contract and its student. */
export interface GuaranteeFacts {
  terms: GuaranteeTerms;
  /** Cents. */
  contractAmount: number;
  /** Completed tuition payments against the contract, cents. */
  tuitionPaid: number;
  /** Completed refunds against the contract, cents, as a positive sum. */
  refundsPaid: number;
  /** Completed bonus payments against the contract, cents. */
  bonusesPaid: number;
  graduation: Graduation | null;
  /** Days attended (出勤, 迟到) of the days marked; no day marked is no evidence against the student. */
  attendance: { attended: number; marked: number };
  /** The student's job offers: their date and contract salary (cents). */
  offers: ReadonlyArray<{ date: string; contractSalary: number }>;
  /** Today in China, YYYY-MM-DD. */
  today: string;
}

export interface GuaranteeLedgerEntry {
  status: GuaranteeStatus;
  /** The rule that failed, for 不符合条件. */
  failedRule: GuaranteeRule | null;
  /** The last day an offer counts (graduation + window); null before graduation. */
  windowEnd: string | null;
  /** The best contract salary among the offers within the window, cents; null without one. */
  bestSalary: number | null;
  /** Owed now (refund or bonus), cents, what is paid already taken off; 0 when nothing is due. */
  owed: number;
  /** What could still be owed as a refund while the window is open (the exposure), cents; 0 otherwise. */
  exposure: number;
}

/** Percent of cents, rounded half up to the cent: ¥19,800.00 × 100% is exact, ¥0.03 × 50% is ¥0.02. */
export const percentOf = (cents: number, percent: number): number => Math.round((cents * percent) / 100);

/**
 * A guaranteed contract's place in the ledger. Checked in order: a withdrawal (ineligible); still studying (open:
 * the window starts at graduation); attendance below the minimum (ineligible; no day marked is no evidence against
 * the student); then the best offer dated on or before the window's
 * last day (graduation + window days; the window is open on its last day) against the bonus threshold and the target,
 * then what is paid: a refund or bonus paid in full closes the entry, a part paid leaves the rest owed.
 */
export function guaranteeStatusOf(facts: GuaranteeFacts): GuaranteeLedgerEntry {
  const { terms, graduation, attendance, today } = facts;
  const refund = Math.max(0, percentOf(facts.tuitionPaid, terms.refundRate) - facts.refundsPaid);
  const bonus = Math.max(0, percentOf(facts.contractAmount, terms.bonusRate) - facts.bonusesPaid);
  const entry = (status: GuaranteeStatus, rest: Partial<GuaranteeLedgerEntry> = {}): GuaranteeLedgerEntry => ({
    status,
    failedRule: null,
    windowEnd: null,
    bestSalary: null,
    owed: 0,
    exposure: 0,
    ...rest,
  });

  if (graduation?.status === 'withdrawn') return entry(GuaranteeStatus.Ineligible, { failedRule: GuaranteeRule.Graduated });
  // Studying: the rules are read at graduation and the window opens then; the refund is a possibility already.
  if (!graduation) return entry(GuaranteeStatus.Open, { exposure: refund });
  if (attendance.marked > 0 && attendance.attended * 100 < terms.minAttendance * attendance.marked) {
    return entry(GuaranteeStatus.Ineligible, { failedRule: GuaranteeRule.Attendance });
  }

  const windowEnd = addDays(graduation.date, terms.windowDays);
  const salaries = facts.offers.filter((offer) => offer.date <= windowEnd).map((offer) => offer.contractSalary);
  const bestSalary = salaries.length > 0 ? Math.max(...salaries) : null;
  const known = { windowEnd, bestSalary };

  if (bestSalary !== null && bestSalary * 100 >= terms.target * terms.bonusThreshold) {
    if (facts.bonusesPaid > 0 && bonus === 0) return entry(GuaranteeStatus.BonusPaid, known);
    return bonus > 0 ? entry(GuaranteeStatus.BonusDue, { ...known, owed: bonus }) : entry(GuaranteeStatus.Met, known);
  }
  if (bestSalary !== null && bestSalary >= terms.target) return entry(GuaranteeStatus.Met, known);
  if (today <= windowEnd) return entry(GuaranteeStatus.Open, { ...known, exposure: refund });
  if (facts.refundsPaid > 0 && refund === 0) return entry(GuaranteeStatus.Refunded, known);
  // Nothing paid is nothing to refund: the entry says so (¥0.00 owed) rather than claiming a refund was made.
  return entry(GuaranteeStatus.RefundDue, { ...known, owed: refund });
}

/** GET /api/admin/guarantee: one guaranteed contract in the ledger (react-admin resource `guarantee`, id = the contract's). */
export interface GuaranteeEntryResponse extends GuaranteeLedgerEntry {
  id: string;
  contractNumber: string;
  studentId: string;
  studentName: string;
  currency: string;
  contractAmount: number;
  tuitionPaid: number;
  refundsPaid: number;
  bonusesPaid: number;
  /** The terms in force: the contract's own where set, the settings' otherwise. */
  terms: GuaranteeTerms;
  graduation: Graduation | null;
  attendance: { attended: number; marked: number };
}

/** GET /api/admin/guarantee/summary: the dashboard's figures, per currency (cents). */
export interface GuaranteeSummaryResponse {
  /** What could still be owed as refunds on contracts whose window is open (or not yet started). */
  openExposure: MoneyTotal[];
  refundsDue: MoneyTotal[];
  bonusesDue: MoneyTotal[];
  /** How many contracts are in each status. */
  counts: Record<GuaranteeStatus, number>;
}

export const GUARANTEE_PATHS = {
  ledger: '/api/admin/guarantee',
  summary: '/api/admin/guarantee/summary',
  settings: '/api/admin/guarantee/settings',
} as const;
export const GUARANTEE_RESOURCE = 'guarantee';

/** The settings' keys in admin_config (docs/product/data-model.md#settings), one per term. */
export const GUARANTEE_SETTING_KEYS: Record<keyof GuaranteeTerms, string> = {
  target: 'guarantee_target',
  refundRate: 'guarantee_refund_rate',
  bonusThreshold: 'guarantee_bonus_threshold',
  bonusRate: 'guarantee_bonus_rate',
  windowDays: 'guarantee_window_days',
  minAttendance: 'guarantee_min_attendance',
};

/** Each term's bounds (the contract's own and the settings' alike). */
export const GUARANTEE_LIMITS: Record<keyof GuaranteeTerms, { min: number; max: number }> = {
  target: { min: 1, max: 2_147_483_647 },
  refundRate: { min: 0, max: 100 },
  bonusThreshold: { min: 100, max: 1000 },
  bonusRate: { min: 0, max: 100 },
  windowDays: { min: 1, max: 3650 },
  minAttendance: { min: 0, max: 100 },
};
