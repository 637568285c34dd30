import { STUDENT_STATUSES, StudentStatus } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { Cohort } from '../cohorts/cohort.entity';
import { inValues } from '../common/sql-check';

@Entity('students')
// The list's default order, (createdAt DESC NULLS LAST, id DESC) in the migration.
@Index('IDX_students_createdAt_id', ['createdAt', 'id'])
@Index('IDX_students_status_createdAt_id', ['status', 'createdAt', 'id'])
// GIN indexes of the search grams (ADR 028): TypeORM cannot declare them, so it leaves them alone.
@Index('IDX_students_searchGrams', { synchronize: false })
@Index('IDX_students_phoneGrams', { synchronize: false })
@Index('IDX_students_phoneNormalized', ['phoneNormalized'])
@Index('IDX_students_email', ['email'])
// lower("email") in the migration: a person's students by email in any case (ADR 071); TypeORM cannot declare it.
@Index('IDX_students_email_lower', { synchronize: false })
@Index('IDX_students_cohortId', ['cohortId'])
@Check('CHK_students_status', inValues('status', STUDENT_STATUSES))
export class Student {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_students' })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  phone: string;

  /** E.164 form of the phone (+8613812345678): PIPL erasure and the list's digit search match on it. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  phoneNormalized: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  school: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  major: string | null;

  @Column({ type: 'varchar', length: 32, default: StudentStatus.Active })
  status: StudentStatus;

  /**
   * A calendar date ('YYYY-MM-DD'). The default CURRENT_DATE follows the connection's time zone,
   * so the API sets the date itself when the day matters near midnight in China.
   */
  @Column({ type: 'date', default: () => 'CURRENT_DATE' })
  enrollmentDate: string;

  @Column({ type: 'date', nullable: true })
  graduationDate: string | null;

  /** The day a withdrawn (退学) student left (docs/product/outcomes.md#graduation). */
  @Column({ type: 'date', nullable: true })
  withdrawalDate: string | null;

  /** The cohort (docs/product/cohorts.md); RESTRICT: a cohort with students is not deleted. */
  @Column({ type: 'uuid', nullable: true })
  cohortId: string | null;

  @ManyToOne(() => Cohort, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'cohortId', foreignKeyConstraintName: 'FK_students_cohort' })
  cohort?: Relation<Cohort> | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** URL of the profile photo. */
  @Column({ type: 'text', nullable: true })
  profilePhoto: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Grams of the searchable columns for the list's `q` (ADR 028): a trigger keeps them, the app never reads them. */
  @Column({ type: 'text', array: true, nullable: true, select: false, insert: false, update: false })
  searchGrams?: string[] | null;

  /** Grams of the normalised phone, for the digits of `q` (ADR 028); kept by the same trigger. */
  @Column({ type: 'text', array: true, nullable: true, select: false, insert: false, update: false })
  phoneGrams?: string[] | null;
}
