import type { CohortPart } from '../site-settings/site-settings';

/*
 * Cohorts (期次, docs/product/cohorts.md): a start date, the programme's calendar of seven modules, the cohort's own
 * days off, a capacity and a status. The calendar is computed here, once, for the API, the back office's preview
 * and (later) the student's own view.
 */

export const CohortStatus = {
  Enrolling: 'enrolling',
  Running: 'running',
  Finished: 'finished',
} as const;
export type CohortStatus = (typeof CohortStatus)[keyof typeof CohortStatus];
export const COHORT_STATUSES: readonly CohortStatus[] = Object.values(CohortStatus);

export const COHORT_STATUS_LABELS: Record<CohortStatus, string> = {
  enrolling: '招生中',
  running: '进行中',
  finished: '已结业',
};

/** The programme: seven modules of 2, 6, 7, 4, 3, 9 and 4 class days, 35 in all (the course modules 01 to 07). */
export const DEFAULT_MODULE_DAYS: readonly number[] = [2, 6, 7, 4, 3, 9, 4];

export const COHORT_LIMITS = {
  name: 50,
  modules: DEFAULT_MODULE_DAYS.length,
  moduleDaysMin: 1,
  moduleDaysMax: 30,
  daysOff: 100,
  capacityMin: 1,
  capacityMax: 500,
} as const;

/** One class day of a cohort: its date, its module (1 to 7) and which day of that module it is (from 1). */
export interface ClassDay {
  date: string;
  module: number;
  dayOfModule: number;
}

/** 'YYYY-MM-DD' plus `days` calendar days (UTC arithmetic: a calendar date has no time zone). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

/**
 * The cohort's class days in order: from the start date, every day that is not one of the cohort's days off,
 * shared out to the modules in order (the first module's days first). A day off before the start or after the
 * last class day changes nothing.
 */
export function cohortCalendar(startDate: string, moduleDays: readonly number[], daysOff: readonly string[]): ClassDay[] {
  const off = new Set(daysOff);
  const days: ClassDay[] = [];
  let date = startDate;
  for (const [index, count] of moduleDays.entries()) {
    for (let dayOfModule = 1; dayOfModule <= count; dayOfModule += 1) {
      while (off.has(date)) date = addDays(date, 1);
      days.push({ date, module: index + 1, dayOfModule });
      date = addDays(date, 1);
    }
  }
  return days;
}

/** The cohort's last class day (its end date); the start date when the calendar has no day. */
export function cohortLastDay(startDate: string, moduleDays: readonly number[], daysOff: readonly string[]): string {
  return cohortCalendar(startDate, moduleDays, daysOff).at(-1)?.date ?? startDate;
}

/**
 * How the public site words a cohort's start (docs/product/cohorts.md#the-next-cohort-on-the-site): its month and
 * which third of it, days 1 to 10 early (上旬), 11 to 20 mid (中旬), the rest late (下旬).
 */
export function cohortStartOf(startDate: string): { cohortMonth: string; cohortPart: CohortPart } {
  const day = Number(startDate.slice(8, 10));
  return { cohortMonth: startDate.slice(0, 7), cohortPart: day <= 10 ? 'early' : day <= 20 ? 'mid' : 'late' };
}

/** A cohort as the back office reads it. */
export interface CohortResponse {
  id: string;
  name: string;
  /** Calendar dates, YYYY-MM-DD. */
  startDate: string;
  /** The last class day (computed from the calendar). */
  endDate: string;
  /** Class days per module, seven entries. */
  moduleDays: number[];
  /** The cohort's own days off, in order. */
  daysOff: string[];
  capacity: number;
  status: CohortStatus;
  /** Students in the cohort. */
  seatsTaken: number;
  createdAt: string;
  updatedAt: string;
}

export const COHORT_PATHS = { cohorts: '/api/admin/cohorts' } as const;
/** The react-admin resource (and Content-Range name). */
export const COHORT_RESOURCE = 'cohorts';
