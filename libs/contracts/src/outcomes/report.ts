import { addDays } from '../cohorts/cohort';
import { sumMoneyTotals } from '../format/money.format';
import type { MoneyTotal } from '../students/student.responses';
import { annualBaseCents, contractSalaryCents, type Graduation, IN_FIELD_CATEGORIES, OutcomeCategory, type SalaryParts } from './outcome';

/*
 * The outcomes report (docs/product/outcomes-report.md), in the spirit of CIRR: per cohort or per half-year, who
 * enrolled, graduated on time or late, was placed in field within 180 days of graduating, at what median annual base
 * salary, how many reached the guarantee's target, and the refunds and bonuses paid — each figure with the students
 * behind it. Computed here, once, from per-student facts.
 */

/** CIRR's window for an outcome to count: 180 days from graduation. */
export const REPORT_PLACEMENT_DAYS = 180;

export type ReportGrouping = 'cohort' | 'half-year';
export const REPORT_GROUPINGS: readonly ReportGrouping[] = ['cohort', 'half-year'];

/** What the report reads of one student. */
export interface ReportStudentFacts {
  id: string;
  name: string;
  enrollmentDate: string;
  cohort: { id: string; name: string; startDate: string; lastDay: string } | null;
  graduation: Graduation | null;
  outcomes: ReadonlyArray<{ category: OutcomeCategory; date: string } & Partial<SalaryParts>>;
  /** Completed refunds (positive) and bonuses, per currency. */
  refundsPaid: MoneyTotal[];
  bonusesPaid: MoneyTotal[];
}

/** A figure and the students behind it. */
export interface ReportFigure {
  count: number;
  studentIds: string[];
}

export interface ReportRow {
  /** The cohort's id, `none` (no cohort), or the half-year, `2026-H1`. */
  key: string;
  /** The cohort's name, or the half-year. */
  label: string;
  /** In order of the group: a cohort's start, a half-year's first day. */
  sortDate: string;
  /** Students less those who withdrew by the last full-refund date (the cohort's first class day). */
  enrolled: ReportFigure;
  graduatedOnTime: ReportFigure;
  graduatedLate: ReportFigure;
  /** Graduated without a cohort to time it against. */
  graduatedUntimed: ReportFigure;
  withdrawn: ReportFigure;
  /** Graduates with an in-field outcome dated within 180 days of graduation. */
  placedInField: ReportFigure;
  /** Median annual base of the in-field full-time offers behind it (cents); null without any. */
  medianAnnualBase: number | null;
  medianBasis: ReportFigure;
  /** Placed graduates whose best in-field contract salary reached the target; the share is of the graduates. */
  atOrAboveTarget: ReportFigure;
  /** Percent (0 to 100, one decimal) of graduates, null without graduates. */
  atOrAboveTargetShare: number | null;
  refundsPaid: MoneyTotal[];
  refundedStudents: ReportFigure;
  bonusesPaid: MoneyTotal[];
  bonusedStudents: ReportFigure;
}

/** The half-year of a day: `2026-H1` (January to June) or `2026-H2`. */
export function halfYearOf(date: string): string {
  return `${date.slice(0, 4)}-H${Number(date.slice(5, 7)) <= 6 ? 1 : 2}`;
}

/** The median of whole numbers, rounded half up to a whole (cents). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

const figure = (students: readonly ReportStudentFacts[]): ReportFigure => ({ count: students.length, studentIds: students.map((student) => student.id) });


/** The period a student is reported in: the expected graduation (the cohort's last class day), else their own dates. */
function periodDateOf(student: ReportStudentFacts): string {
  return student.cohort?.lastDay ?? student.graduation?.date ?? student.enrollmentDate;
}

/** The in-field outcomes that count for a graduate: dated within 180 days of graduation. */
function countingOutcomes(student: ReportStudentFacts) {
  const graduation = student.graduation;
  if (graduation?.status !== 'graduated') return [];
  const last = addDays(graduation.date, REPORT_PLACEMENT_DAYS);
  return student.outcomes.filter((outcome) => IN_FIELD_CATEGORIES.includes(outcome.category) && outcome.date <= last && outcome.monthlyBase !== undefined && outcome.monthlyBase !== null);
}

function rowOf(key: string, label: string, sortDate: string, students: readonly ReportStudentFacts[], target: number): ReportRow {
  // CIRR counts enrolment at the last full-refund date: a student who left by the first class day never enrolled.
  const enrolled = students.filter((student) => !(student.graduation?.status === 'withdrawn' && student.graduation.date <= (student.cohort?.startDate ?? student.enrollmentDate)));
  const graduates = enrolled.filter((student) => student.graduation?.status === 'graduated');
  const timing = (onTime: boolean | null) => graduates.filter((student) => student.graduation?.status === 'graduated' && student.graduation.onTime === onTime);
  const placed = graduates.filter((student) => countingOutcomes(student).length > 0);
  const fullTime = placed.filter((student) => countingOutcomes(student).some((outcome) => outcome.category === OutcomeCategory.InFieldFullTime));
  const bases = fullTime.map((student) =>
    Math.max(...countingOutcomes(student).filter((outcome) => outcome.category === OutcomeCategory.InFieldFullTime).map((outcome) => annualBaseCents(outcome as SalaryParts))),
  );
  const reached = placed.filter((student) => Math.max(...countingOutcomes(student).map((outcome) => contractSalaryCents(outcome as SalaryParts))) >= target);
  return {
    key,
    label,
    sortDate,
    enrolled: figure(enrolled),
    graduatedOnTime: figure(timing(true)),
    graduatedLate: figure(timing(false)),
    graduatedUntimed: figure(timing(null)),
    withdrawn: figure(enrolled.filter((student) => student.graduation?.status === 'withdrawn')),
    placedInField: figure(placed),
    medianAnnualBase: median(bases),
    medianBasis: figure(fullTime),
    atOrAboveTarget: figure(reached),
    atOrAboveTargetShare: graduates.length === 0 ? null : Math.round((reached.length * 1000) / graduates.length) / 10,
    refundsPaid: sumMoneyTotals(enrolled.map((student) => student.refundsPaid)),
    refundedStudents: figure(enrolled.filter((student) => student.refundsPaid.some((total) => total.amount !== 0))),
    bonusesPaid: sumMoneyTotals(enrolled.map((student) => student.bonusesPaid)),
    bonusedStudents: figure(enrolled.filter((student) => student.bonusesPaid.some((total) => total.amount !== 0))),
  };
}

/**
 * The report's rows, newest group first: one per cohort (students without a cohort in a row of their own, `none`),
 * or one per half-year of the expected graduation. `target` is the guarantee's default target (cents).
 */
export function outcomesReport(students: readonly ReportStudentFacts[], grouping: ReportGrouping, target: number, noCohortLabel = '未分期'): ReportRow[] {
  const groups = new Map<string, { label: string; sortDate: string; students: ReportStudentFacts[] }>();
  for (const student of students) {
    const period = periodDateOf(student);
    const [key, label, sortDate] =
      grouping === 'cohort'
        ? student.cohort
          ? [student.cohort.id, student.cohort.name, student.cohort.startDate]
          : ['none', noCohortLabel, '0000-00-00']
        : [halfYearOf(period), halfYearOf(period), `${period.slice(0, 4)}-${Number(period.slice(5, 7)) <= 6 ? '01' : '07'}-01`];
    const group = groups.get(key) ?? { label, sortDate, students: [] };
    group.students.push(student);
    groups.set(key, group);
  }
  return [...groups]
    .map(([key, group]) => rowOf(key, group.label, group.sortDate, group.students, target))
    .sort((a, b) => (a.sortDate === b.sortDate ? (a.key < b.key ? -1 : 1) : a.sortDate < b.sortDate ? 1 : -1));
}

export const OUTCOMES_REPORT_PATHS = {
  report: '/api/admin/outcomes-report',
  csv: '/api/admin/outcomes-report/export',
} as const;

/** GET /api/admin/outcomes-report?groupBy=: the rows, and the students named in them. */
export interface OutcomesReportResponse {
  grouping: ReportGrouping;
  /** The guarantee target the share is measured against (cents). */
  target: number;
  generatedAt: string;
  rows: ReportRow[];
  students: Record<string, { name: string }>;
}
