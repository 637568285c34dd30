import { STUDENT_ACCOUNT_STATUSES, StudentAccountStatus } from '@aipm/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { inValues } from '../common/sql-check';
import { Student } from './student.entity';

/** A student's own login, apart from the administrator's `users` row (docs/product/students.md#student-accounts). */
@Entity('student_accounts')
@Unique('UQ_student_accounts_username', ['username'])
@Unique('UQ_student_accounts_email', ['email'])
@Index('IDX_student_accounts_studentId', ['studentId'])
@Check('CHK_student_accounts_status', inValues('status', STUDENT_ACCOUNT_STATUSES))
export class StudentAccount {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_student_accounts' })
  id: string;

  @Column({ type: 'uuid' })
  studentId: string;

  // CASCADE: a login for a student who no longer exists must not keep working.
  @ManyToOne(() => Student, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId', foreignKeyConstraintName: 'FK_student_accounts_student' })
  student?: Relation<Student>;

  @Column({ type: 'varchar', length: 255 })
  username: string;

  /** Unique as stored: normalise (lower-case) before saving and before looking up. */
  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'varchar', length: 255, comment: 'password hash, never the plain password' })
  password: string;

  @Column({ type: 'varchar', length: 32, default: StudentAccountStatus.Active })
  status: StudentAccountStatus;

  @Column({ type: 'timestamptz', nullable: true })
  lastLogin: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
