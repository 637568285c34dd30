import { cohortCalendar, type CohortResponse } from '@aipm/contracts';
import type { Cohort } from '@aipm/database';

export function toCohortResponse(cohort: Cohort, seatsTaken: number): CohortResponse {
  const calendar = cohortCalendar(cohort.startDate, cohort.moduleDays, cohort.daysOff);
  return {
    id: cohort.id,
    name: cohort.name,
    startDate: cohort.startDate,
    endDate: calendar.at(-1)?.date ?? cohort.startDate,
    moduleDays: cohort.moduleDays,
    daysOff: [...cohort.daysOff].sort(),
    capacity: cohort.capacity,
    status: cohort.status,
    seatsTaken,
    createdAt: cohort.createdAt.toISOString(),
    updatedAt: cohort.updatedAt.toISOString(),
  };
}
