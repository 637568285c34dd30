import { OUTCOME_CATEGORIES, OFFER_CATEGORIES, OUTCOME_REVIEW_STATES, type OutcomeCategory, type OutcomeReviewState } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { inValues } from '../common/sql-check';
import { Student } from './student.entity';

/**
 * A student's job outcome in CIRR's categories (docs/product/outcomes.md): a job with its offer and salary in parts,
 * or a status without one (still seeking, not seeking, not reporting). Its evidence files are student_files rows
 * pointing here (outcomeId).
 */
@Entity('student_outcomes')
// The card's read and the report's: a student's outcomes by date.
@Index('IDX_student_outcomes_studentId_date', ['studentId', 'date'])
@Check('CHK_student_outcomes_category', inValues('category', OUTCOME_CATEGORIES))
// A job has every offer field, a status has none (the API checks it first, with a message per field).
@Check(
  'CHK_student_outcomes_offer',
  `("category" IN (${OFFER_CATEGORIES.map((category) => `'${category}'`).join(', ')})) = ("employer" IS NOT NULL AND "title" IS NOT NULL AND "city" IS NOT NULL AND "startDate" IS NOT NULL AND "monthlyBase" IS NOT NULL AND "monthsPerYear" IS NOT NULL AND "fixedExtras" IS NOT NULL)`,
)
@Check('CHK_student_outcomes_reviewState', inValues('reviewState', OUTCOME_REVIEW_STATES))
// A returned report says why; no other state has a reason.
@Check('CHK_student_outcomes_returnReason', `("reviewState" = 'returned') = ("returnReason" IS NOT NULL)`)
// The review queue: the reports waiting, oldest first.
@Index('IDX_student_outcomes_pending', ['createdAt'], { where: `"reviewState" = 'pending'` })
@Check('CHK_student_outcomes_salary', `"monthlyBase" > 0 AND "monthsPerYear" BETWEEN 1 AND 24 AND "fixedExtras" >= 0`)
export class StudentOutcome {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_student_outcomes' })
  id: string;

  @Column({ type: 'uuid' })
  studentId: string;

  // CASCADE: an outcome is part of the student's record (PIPL erasure takes it along, its files first).
  @ManyToOne(() => Student, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId', foreignKeyConstraintName: 'FK_student_outcomes_student' })
  student?: Relation<Student>;

  @Column({ type: 'varchar', length: 32 })
  category: OutcomeCategory;

  /** The day the outcome became true: the offer accepted, or the status learnt. */
  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  employer: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  title: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  city: string | null;

  @Column({ type: 'date', nullable: true })
  startDate: string | null;

  /** Cents a month. */
  @Column({ type: 'integer', nullable: true, comment: 'amount in cents (1/100 of the currency unit)' })
  monthlyBase: number | null;

  @Column({ type: 'smallint', nullable: true })
  monthsPerYear: number | null;

  /** Cents a year of fixed allowances; bonuses and equity are not fixed and stay out. */
  @Column({ type: 'integer', nullable: true, comment: 'amount in cents (1/100 of the currency unit)' })
  fixedExtras: number | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** Accepted when the administrator records it; a student's report is pending until reviewed (ADR 066). */
  @Column({ type: 'varchar', length: 16, default: 'accepted' })
  reviewState: OutcomeReviewState;

  @Column({ type: 'varchar', length: 200, nullable: true })
  returnReason: string | null;

  @Column({ type: 'boolean', default: false })
  reportedByStudent: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
