/*
 * Graduation and job outcomes (docs/product/outcomes.md), in the categories of the bootcamp outcome standard CIRR:
 * what the back office records about a student after the last class day, and the salary figures computed from an
 * offer's parts. Computed here, once, for the API, the back office and (later) the guarantee ledger and the report.
 */

export const OutcomeCategory = {
  /** In field, full-time employee. */
  InFieldFullTime: 'in_field_full_time',
  /** In field, a contract, apprenticeship or internship. */
  InFieldContract: 'in_field_contract',
  /** In field, part-time or freelance. */
  InFieldPartTime: 'in_field_part_time',
  OutOfField: 'out_of_field',
  Seeking: 'seeking',
  NotSeeking: 'not_seeking',
  NotReporting: 'not_reporting',
} as const;
export type OutcomeCategory = (typeof OutcomeCategory)[keyof typeof OutcomeCategory];
export const OUTCOME_CATEGORIES: readonly OutcomeCategory[] = Object.values(OutcomeCategory);

/** The categories that are a job: they carry an offer (employer, title, city, start, salary in parts). */
export const OFFER_CATEGORIES: readonly OutcomeCategory[] = [OutcomeCategory.InFieldFullTime, OutcomeCategory.InFieldContract, OutcomeCategory.InFieldPartTime, OutcomeCategory.OutOfField];

/** The categories CIRR counts as placed in field. */
export const IN_FIELD_CATEGORIES: readonly OutcomeCategory[] = [OutcomeCategory.InFieldFullTime, OutcomeCategory.InFieldContract, OutcomeCategory.InFieldPartTime];

/** The fields of a job's offer, in the form's order: a status (still seeking, not seeking, not reporting) has none. */
export const OFFER_FIELDS = ['employer', 'title', 'city', 'startDate', 'monthlyBase', 'monthsPerYear', 'fixedExtras'] as const;
export type OfferField = (typeof OFFER_FIELDS)[number];

export const isOfferCategory = (category: OutcomeCategory): boolean => OFFER_CATEGORIES.includes(category);

/** Every outcome but "still seeking" is saved with evidence: it is a claim the report stands on. */
export const needsEvidence = (category: OutcomeCategory): boolean => category !== OutcomeCategory.Seeking;

/** The categories as the back office and the report name them (zh; the admin's en is its own catalog). */
export const OUTCOME_CATEGORY_LABELS: Record<OutcomeCategory, string> = {
  in_field_full_time: '对口全职',
  in_field_contract: '对口合同工或实习',
  in_field_part_time: '对口兼职或自由职业',
  out_of_field: '非对口就业',
  seeking: '仍在求职',
  not_seeking: '暂不求职',
  not_reporting: '未反馈',
};

/** What an evidence file is. */
export const EvidenceKind = {
  OfferLetter: 'offer_letter',
  LabourContract: 'labour_contract',
  SocialInsurance: 'social_insurance',
  Other: 'other',
} as const;
export type EvidenceKind = (typeof EvidenceKind)[keyof typeof EvidenceKind];
export const EVIDENCE_KINDS: readonly EvidenceKind[] = Object.values(EvidenceKind);

export const EVIDENCE_KIND_LABELS: Record<EvidenceKind, string> = {
  offer_letter: '录用通知书',
  labour_contract: '劳动合同',
  social_insurance: '社保记录',
  other: '其他证明',
};

/**
 * Whether an outcome counts (docs/product/outcomes.md#offers-reported-by-students): one the administrator records is
 * accepted at once; one a student reports waits (待审核) until the administrator accepts it or returns it with a
 * reason. Only accepted outcomes feed the salary guarantee and the outcomes report.
 */
export const OutcomeReviewState = {
  Accepted: 'accepted',
  Pending: 'pending',
  Returned: 'returned',
} as const;
export type OutcomeReviewState = (typeof OutcomeReviewState)[keyof typeof OutcomeReviewState];
export const OUTCOME_REVIEW_STATES: readonly OutcomeReviewState[] = Object.values(OutcomeReviewState);

export const OUTCOME_REVIEW_STATE_LABELS: Record<OutcomeReviewState, string> = {
  accepted: '已接受',
  pending: '待审核',
  returned: '已退回',
};

export const OUTCOME_LIMITS = {
  employer: 100,
  title: 100,
  city: 50,
  notes: 1000,
  /** ¥1,000,000 a month, in cents: anything above is a typing slip. */
  monthlyBaseMax: 100_000_000,
  monthsPerYearMin: 1,
  monthsPerYearMax: 24,
  /** Fixed yearly extras (allowances paid whatever happens), in cents: ¥10,000,000. */
  fixedExtrasMax: 1_000_000_000,
  evidence: 10,
  /** Why a student's report went back to them. */
  returnReason: 200,
  /** Offer reports one student may send in a day (each may carry 10 files of 20 MB). */
  reportsPerDay: 10,
} as const;

/** An offer's salary as the offer letter states it: monthly base × months a year, plus fixed yearly extras. */
export interface SalaryParts {
  /** Cents. */
  monthlyBase: number;
  /** 12 for 12 薪, 14 for 14 薪. */
  monthsPerYear: number;
  /** Cents a year; performance bonuses and equity are not fixed and stay out. */
  fixedExtras: number;
}

/** 年基本工资: monthly base × months, without extras — the base salary whose median CIRR reports. */
export const annualBaseCents = (parts: Pick<SalaryParts, 'monthlyBase' | 'monthsPerYear'>): number => parts.monthlyBase * parts.monthsPerYear;

/** 合同年薪: the annual base plus the fixed extras — the figure the salary guarantee compares with its target. */
export const contractSalaryCents = (parts: SalaryParts): number => annualBaseCents(parts) + parts.fixedExtras;

/** How a student's time in the programme ended (docs/product/outcomes.md#graduation). */
export type Graduation =
  /** `onTime`: by the cohort's last class day; null when the student has no cohort to measure against. */
  | { status: 'graduated'; date: string; onTime: boolean | null }
  | { status: 'withdrawn'; date: string };

/**
 * The graduation the student's record states: graduated with its date (on time when on or before the cohort's last
 * class day, late after it), withdrawn with its date, or null while neither is recorded with a date.
 */
export function graduationOf(
  student: { status: string; graduationDate: string | null; withdrawalDate: string | null },
  cohortLastDay: string | null,
): Graduation | null {
  if (student.status === 'graduated' && student.graduationDate) {
    return { status: 'graduated', date: student.graduationDate, onTime: cohortLastDay ? student.graduationDate <= cohortLastDay : null };
  }
  if (student.status === 'withdrawn' && student.withdrawalDate) return { status: 'withdrawn', date: student.withdrawalDate };
  return null;
}

/** One evidence file of an outcome, as the back office reads it. */
export interface OutcomeEvidenceResponse {
  id: string;
  kind: EvidenceKind;
  accessURL: string;
  originalName: string;
  size: number | null;
  contentType: string | null;
  createdAt: string;
}

/** An outcome as the back office reads it; the offer fields are null for the categories without a job. */
export interface OutcomeResponse {
  id: string;
  studentId: string;
  category: OutcomeCategory;
  /** The day the outcome became true: the offer accepted, or the status learnt. */
  date: string;
  employer: string | null;
  title: string | null;
  city: string | null;
  startDate: string | null;
  monthlyBase: number | null;
  monthsPerYear: number | null;
  fixedExtras: number | null;
  /** Computed: monthlyBase × monthsPerYear (cents). */
  annualBase: number | null;
  /** Computed: annualBase + fixedExtras (cents). */
  contractSalary: number | null;
  notes: string | null;
  evidence: OutcomeEvidenceResponse[];
  /** 待审核 until the administrator accepts a student's report, or 已退回 with the reason; accepted otherwise. */
  reviewState: OutcomeReviewState;
  returnReason: string | null;
  /** The student reported it (at /student/offers), rather than the administrator recording it. */
  reportedByStudent: boolean;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const OUTCOME_RESOURCE = 'outcomes';

/** The administrator's review of a student's offer report (docs/product/outcomes.md#offers-reported-by-students). */
export const outcomeReviewPath = (outcomeId: string, decision: 'accept' | 'return') => `/api/admin/outcomes/${encodeURIComponent(outcomeId)}/${decision}`;
