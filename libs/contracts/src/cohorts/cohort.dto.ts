import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsIn, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { Trimmed } from '../leads/lead-validators';
import { AreCalendarDates, IsCalendarDate, Optional, Rules } from '../students/student-validators';
import { rule } from '../validation/rule';
import { ATTENDANCE_MARKS, type AttendanceMark } from './attendance';
import { COHORT_LIMITS, COHORT_STATUSES, type CohortStatus } from './cohort';

/* The rules of a cohort (docs/product/validation.md#cohort), shared by the create and update bodies. */

const L = COHORT_LIMITS;

const cohortName = () => Rules(Trimmed(), IsString(rule('COHORT_NAME_REQUIRED')), IsNotEmpty(rule('COHORT_NAME_REQUIRED')), MaxLength(L.name, rule('COHORT_NAME_TOO_LONG')));
const startDate = () => Rules(IsNotEmpty(rule('INVALID_COHORT_START_DATE')), IsCalendarDate('INVALID_COHORT_START_DATE'));
const capacity = () => Rules(IsNotEmpty(rule('INVALID_CAPACITY')), IsInt(rule('INVALID_CAPACITY')), Min(L.capacityMin, rule('INVALID_CAPACITY')), Max(L.capacityMax, rule('INVALID_CAPACITY')));
const moduleDays = () =>
  Rules(
    Optional(),
    IsArray(rule('INVALID_MODULE_DAYS')),
    ArrayMinSize(L.modules, rule('INVALID_MODULE_DAYS')),
    ArrayMaxSize(L.modules, rule('INVALID_MODULE_DAYS')),
    IsInt({ each: true, ...rule('INVALID_MODULE_DAYS') }),
    Min(L.moduleDaysMin, { each: true, ...rule('INVALID_MODULE_DAYS') }),
    Max(L.moduleDaysMax, { each: true, ...rule('INVALID_MODULE_DAYS') }),
  );
const daysOff = () => Rules(Optional(), IsArray(rule('INVALID_DAYS_OFF')), ArrayMaxSize(L.daysOff, rule('INVALID_DAYS_OFF')), AreCalendarDates('INVALID_DAYS_OFF'));
const status = () => Rules(Optional(), IsIn(COHORT_STATUSES, rule('INVALID_COHORT_STATUS')));

/** POST /api/admin/cohorts: name, start date and capacity required; the calendar defaults to the programme's. */
export class CreateCohortDto {
  @cohortName()
  name: string;

  @startDate()
  startDate: string;

  @capacity()
  capacity: number;

  /** Default: DEFAULT_MODULE_DAYS. */
  @moduleDays()
  moduleDays?: number[];

  @daysOff()
  daysOff?: string[];

  /** Default: enrolling. */
  @status()
  status?: CohortStatus;
}

/** PATCH /api/admin/cohorts/:id: any subset of the fields. */
export class UpdateCohortDto {
  @Rules(Optional(), cohortName())
  name?: string;

  @Rules(Optional(), startDate())
  startDate?: string;

  @Rules(Optional(), capacity())
  capacity?: number;

  @moduleDays()
  moduleDays?: number[];

  @daysOff()
  daysOff?: string[];

  @status()
  status?: CohortStatus;
}

/** PUT /api/admin/cohorts/:id/attendance/:date/:studentId: the day's mark, or null to clear it. */
export class SetAttendanceDto {
  @IsDefined(rule('INVALID_ATTENDANCE_MARK'))
  @ValidateIf((_dto: object, value: unknown) => value !== null)
  @IsIn(ATTENDANCE_MARKS, rule('INVALID_ATTENDANCE_MARK'))
  mark: AttendanceMark | null;
}
