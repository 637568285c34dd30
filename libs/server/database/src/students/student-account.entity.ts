import { STUDENT_ACCOUNT_KINDS, STUDENT_ACCOUNT_STATUSES, StudentAccountKind, StudentAccountStatus } from '@aipm/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { inValues } from '../common/sql-check';
import { Student } from './student.entity';

/**
 * One of a student's accounts (docs/product/students.md#student-accounts, ADR 045): a tool account the bootcamp
 * hands out (its text in `username`, no password) or the student's own login, apart from the administrator's
 * `users` row.
 */
@Entity('student_accounts')
// Unique among logins only: two students may share a tool account's text.
@Index('UQ_student_accounts_username', ['username'], { unique: true, where: `"kind" = 'student_login'` })
@Index('UQ_student_accounts_email', ['email'], { unique: true, where: `"kind" = 'student_login'` })
@Index('IDX_student_accounts_studentId', ['studentId'])
@Check('CHK_student_accounts_status', inValues('status', STUDENT_ACCOUNT_STATUSES))
@Check('CHK_student_accounts_kind', inValues('kind', STUDENT_ACCOUNT_KINDS))
@Check('CHK_student_accounts_login', `"kind" <> 'student_login' OR ("email" IS NOT NULL AND "password" IS NOT NULL)`)
@Check('CHK_student_accounts_tool_password', `"kind" = 'student_login' OR "password" IS NULL`)
export class StudentAccount {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_student_accounts' })
  id: string;

  @Column({ type: 'uuid' })
  studentId: string;

  // CASCADE: a login for a student who no longer exists must not keep working.
  @ManyToOne(() => Student, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId', foreignKeyConstraintName: 'FK_student_accounts_student' })
  student?: Relation<Student>;

  @Column({ type: 'varchar', length: 32, default: StudentAccountKind.StudentLogin })
  kind: StudentAccountKind;

  /** A login's username, or a tool account's text. */
  @Column({ type: 'varchar', length: 255 })
  username: string;

  /** A login's is unique as stored: normalise (lower-case) before saving and before looking up. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  email: string | null;

  /** A login's only; a tool account has none. */
  @Column({ type: 'varchar', length: 255, nullable: true, comment: 'password hash, never the plain password' })
  password: string | null;

  @Column({ type: 'varchar', length: 32, default: StudentAccountStatus.Active })
  status: StudentAccountStatus;

  @Column({ type: 'timestamptz', nullable: true })
  lastLogin: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
