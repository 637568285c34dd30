import { CONTRACT_STATUSES, ContractStatus, DEFAULT_CURRENCY } from '@aipm/contracts';
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
import { inValues, isCurrencyCode } from '../common/sql-check';
import { Student } from './student.entity';

@Entity('student_contracts')
@Unique('UQ_student_contracts_contractNumber', ['contractNumber'])
@Index('IDX_student_contracts_studentId_createdAt', ['studentId', 'createdAt'])
@Index('IDX_student_contracts_status', ['status'])
@Check('CHK_student_contracts_status', inValues('status', CONTRACT_STATUSES))
@Check('CHK_student_contracts_currency', isCurrencyCode('currency'))
@Check('CHK_student_contracts_contractAmount', '"contractAmount" >= 0')
@Check('CHK_student_contracts_dates', '"endDate" >= "startDate"')
// The guarantee's own terms, each null for the settings' default (docs/product/guarantee.md#terms).
@Check(
  'CHK_student_contracts_guarantee',
  `("guaranteeTarget" IS NULL OR "guaranteeTarget" > 0) AND ("refundRate" IS NULL OR "refundRate" BETWEEN 0 AND 100) AND ("bonusThreshold" IS NULL OR "bonusThreshold" BETWEEN 100 AND 1000) AND ("bonusRate" IS NULL OR "bonusRate" BETWEEN 0 AND 100) AND ("guaranteeWindowDays" IS NULL OR "guaranteeWindowDays" BETWEEN 1 AND 3650) AND ("minAttendance" IS NULL OR "minAttendance" BETWEEN 0 AND 100)`,
)
export class StudentContract {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_student_contracts' })
  id: string;

  @Column({ type: 'uuid' })
  studentId: string;

  // CASCADE: a contract belongs to its student and means nothing without one.
  @ManyToOne(() => Student, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId', foreignKeyConstraintName: 'FK_student_contracts_student' })
  student?: Relation<Student>;

  @Column({ type: 'varchar', length: 255 })
  contractNumber: string;

  @Column({ type: 'varchar', length: 255 })
  courseName: string;

  /** Integer cents, like payments, so sums are exact. */
  @Column({ type: 'integer', comment: 'amount in cents (1/100 of the currency unit)' })
  contractAmount: number;

  @Column({ type: 'varchar', length: 3, default: DEFAULT_CURRENCY })
  currency: string;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date' })
  endDate: string;

  @Column({ type: 'varchar', length: 32, default: ContractStatus.Active })
  status: ContractStatus;

  @Column({ type: 'date', nullable: true })
  signedDate: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** 含薪资保障: the contract carries the salary guarantee and is in the ledger (docs/product/guarantee.md). */
  @Column({ type: 'boolean', default: false })
  guaranteed: boolean;

  /** The guarantee's own terms; null takes the settings' default. Cents. */
  @Column({ type: 'integer', nullable: true, comment: 'amount in cents (1/100 of the currency unit)' })
  guaranteeTarget: number | null;

  /** Percent of the tuition paid. */
  @Column({ type: 'smallint', nullable: true })
  refundRate: number | null;

  /** Percent of the target an offer must reach for the bonus. */
  @Column({ type: 'smallint', nullable: true })
  bonusThreshold: number | null;

  /** Percent of the contract amount. */
  @Column({ type: 'smallint', nullable: true })
  bonusRate: number | null;

  @Column({ type: 'smallint', nullable: true })
  guaranteeWindowDays: number | null;

  /** Percent of the days marked. */
  @Column({ type: 'smallint', nullable: true })
  minAttendance: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
