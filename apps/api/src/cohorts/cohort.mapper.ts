import { cohortLastDay, type CohortResponse } from '@aipm/contracts';
import type { Cohort } from '@aipm/database';

export function toCohortResponse(cohort: Cohort, seatsTaken: number): CohortResponse {
  return {
    id: cohort.id,
    name: cohort.name,
    startDate: cohort.startDate,
    endDate: cohortLastDay(cohort.startDate, cohort.moduleDays, cohort.daysOff),
    moduleDays: cohort.moduleDays,
    daysOff: [...cohort.daysOff].sort(),
    capacity: cohort.capacity,
    status: cohort.status,
    seatsTaken,
    createdAt: cohort.createdAt.toISOString(),
    updatedAt: cohort.updatedAt.toISOString(),
  };
}
