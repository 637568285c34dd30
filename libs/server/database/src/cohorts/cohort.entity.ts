import { COHORT_STATUSES, CohortStatus } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ValueTransformer } from 'typeorm';
import { inValues } from '../common/sql-check';

/**
 * A date[] column as 'YYYY-MM-DD' strings. TypeORM turns a single date column into that text itself but leaves an
 * array to node-postgres, which reads each day as a Date at local midnight: its local parts are the day.
 */
const CALENDAR_DAYS: ValueTransformer = {
  to: (days: string[] | undefined) => days,
  from: (days: Array<string | Date> | null) =>
    days?.map((day) =>
      typeof day === 'string' ? day : `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`,
    ) ?? [],
};

/** A cohort (期次, docs/product/cohorts.md): its calendar is computed from these (cohortCalendar in the contracts). */
@Entity('cohorts')
// The list's default order (newest start first) and the next open cohort's lookup.
@Index('IDX_cohorts_startDate', ['startDate'])
@Index('UQ_cohorts_name', ['name'], { unique: true })
@Check('CHK_cohorts_status', inValues('status', COHORT_STATUSES))
@Check('CHK_cohorts_capacity', '"capacity" BETWEEN 1 AND 500')
@Check('CHK_cohorts_moduleDays', 'cardinality("moduleDays") = 7')
export class Cohort {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_cohorts' })
  id: string;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  /** A calendar date ('YYYY-MM-DD'): the first class day unless it is a day off. */
  @Column({ type: 'date' })
  startDate: string;

  /** Class days per module, seven entries (the programme's 2, 6, 7, 4, 3, 9, 4 by default). */
  @Column({ type: 'smallint', array: true })
  moduleDays: number[];

  /** The cohort's own days off, in order. */
  @Column({ type: 'date', array: true, default: () => "'{}'", transformer: CALENDAR_DAYS })
  daysOff: string[];

  @Column({ type: 'integer' })
  capacity: number;

  @Column({ type: 'varchar', length: 16, default: CohortStatus.Enrolling })
  status: CohortStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
