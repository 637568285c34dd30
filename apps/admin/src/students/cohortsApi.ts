import { type AttendanceDayResponse, type AttendanceMark, attendancePath } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** The attendance calls of docs/product/cohorts.md#attendance beside react-admin's cohorts resource. */
export const cohortsClient = defineSectionClient('cohorts', (http) => ({
  /** A class day's grid; without a date, the day the API opens on (today, or the last class day before it). */
  attendanceDay: async (cohortId: string, date?: string) =>
    (await http(`${attendancePath(cohortId)}${date ? `?date=${encodeURIComponent(date)}` : ''}`)).json as AttendanceDayResponse,
  mark: async (cohortId: string, date: string, studentId: string, mark: AttendanceMark | null) =>
    ((await http(`${attendancePath(cohortId)}/${encodeURIComponent(date)}/${encodeURIComponent(studentId)}`, { method: 'PUT', body: JSON.stringify({ mark }) })).json as {
      mark: AttendanceMark | null;
    }).mark,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useCohortsApi = () => useSectionClient(cohortsClient);

export const attendanceQueryKey = (cohortId: string, date: string | undefined) => ['aipm', 'attendance', cohortId, date ?? 'opening'] as const;
