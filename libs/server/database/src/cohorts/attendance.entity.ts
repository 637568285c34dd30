import { ATTENDANCE_MARKS, type AttendanceMark } from '@aipm/contracts';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { inValues } from '../common/sql-check';
import { Student } from '../students/student.entity';
import { Cohort } from './cohort.entity';

/** One student's mark on one class day of a cohort (docs/product/cohorts.md#attendance); no row: not marked. */
@Entity('attendance')
// A student's summary on their card.
@Index('IDX_attendance_studentId', ['studentId'])
@Check('CHK_attendance_mark', inValues('mark', ATTENDANCE_MARKS))
export class Attendance {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_attendance' })
  cohortId: string;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_attendance' })
  date: string;

  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_attendance' })
  studentId: string;

  @Column({ type: 'varchar', length: 16 })
  mark: AttendanceMark;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  // CASCADE both ways: a mark is part of the cohort's and of the student's record (PIPL erasure takes it along).
  @ManyToOne(() => Cohort, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'cohortId', foreignKeyConstraintName: 'FK_attendance_cohort' })
  cohort?: Relation<Cohort>;

  @ManyToOne(() => Student, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId', foreignKeyConstraintName: 'FK_attendance_student' })
  student?: Relation<Student>;
}
