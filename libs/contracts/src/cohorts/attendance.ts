/*
 * Attendance (考勤, docs/product/cohorts.md#attendance): one mark per student of a cohort and class day.
 */

export const AttendanceMark = {
  Present: 'present',
  Late: 'late',
  Absent: 'absent',
  Leave: 'leave',
} as const;
export type AttendanceMark = (typeof AttendanceMark)[keyof typeof AttendanceMark];
export const ATTENDANCE_MARKS: readonly AttendanceMark[] = Object.values(AttendanceMark);

export const ATTENDANCE_MARK_LABELS: Record<AttendanceMark, string> = {
  present: '出勤',
  late: '迟到',
  absent: '缺勤',
  leave: '请假',
};

/** The marks that count as attended (出勤, 迟到); 请假 and 缺勤 do not. */
export const ATTENDED_MARKS: readonly AttendanceMark[] = [AttendanceMark.Present, AttendanceMark.Late];

/** A student's attendance: class days attended (ATTENDED_MARKS) of the days marked. */
export interface AttendanceSummary {
  attended: number;
  marked: number;
}

/**
 * The attendance rate in whole percent, or null before any day is marked. 请假 counts as not attended: the
 * salary guarantee's eligibility reads this rate (docs/product/cohorts.md#attendance).
 */
export function attendanceRate({ attended, marked }: AttendanceSummary): number | null {
  return marked === 0 ? null : Math.floor((attended * 100) / marked);
}

/** One class day's grid: the day's place in the calendar, and each student of the cohort with their mark. */
export interface AttendanceDayResponse {
  cohortId: string;
  date: string;
  module: number;
  dayOfModule: number;
  students: Array<{ studentId: string; name: string; mark: AttendanceMark | null }>;
}

export const attendancePath = (cohortId: string) => `/api/admin/cohorts/${encodeURIComponent(cohortId)}/attendance`;
