import { ATTENDANCE_MARKS, type AttendanceDayResponse, COHORT_STATUSES, type CohortResponse } from '@aipm/contracts';
import type { CreateCohortDto, SetAttendanceDto, UpdateCohortDto } from '@aipm/contracts/dto';
import { calendarDate, dateTime, integer, listOf, nullable, object, oneOf, recordSchema, text, uuid } from '../../common/openapi/schemas';

/* The cohorts' shapes and examples (docs/product/cohorts.md); ADR 022. */

export const COHORT = recordSchema<CohortResponse>('CohortResponse', {
  id: uuid('8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d'),
  name: text('2026年3月期'),
  startDate: calendarDate('2026-03-02'),
  endDate: calendarDate('2026-04-05', 'The last class day, from the calendar'),
  moduleDays: listOf(integer(2), 'Class days of modules 01 to 07'),
  daysOff: listOf(calendarDate('2026-04-04'), "The cohort's own days off, in order"),
  capacity: integer(30),
  status: oneOf(COHORT_STATUSES, 'enrolling'),
  seatsTaken: integer(12, 'Students in the cohort'),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const CREATE_COHORT_BODY: CreateCohortDto = { name: '2026年3月期', startDate: '2026-03-02', capacity: 30, moduleDays: [2, 6, 7, 4, 3, 9, 4], daysOff: ['2026-04-04'] };
export const UPDATE_COHORT_BODY: UpdateCohortDto = { status: 'running' };

export const ATTENDANCE_DAY = recordSchema<AttendanceDayResponse>('AttendanceDayResponse', {
  cohortId: uuid('8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d'),
  date: calendarDate('2026-03-04'),
  module: integer(2, 'Module 1 to 7'),
  dayOfModule: integer(1, 'Which day of the module, from 1'),
  students: listOf(
    object({ studentId: uuid('5c4b3a29-1807-4f6e-9d5c-4b3a29180716'), name: text('王五'), mark: nullable(oneOf(ATTENDANCE_MARKS, 'present')) }),
    "The cohort's students by name, each with the day's mark (null: not marked)",
  ),
});

export const ATTENDANCE_MARKED = object({ mark: nullable(oneOf(ATTENDANCE_MARKS, 'late')) });

export const SET_ATTENDANCE_BODY: SetAttendanceDto = { mark: 'late' };
