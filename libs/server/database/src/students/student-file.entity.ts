import { EVIDENCE_KINDS, type EvidenceKind } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { inValues } from '../common/sql-check';
import { StudentContract } from './student-contract.entity';
import { StudentOutcome } from './student-outcome.entity';
import { Student } from './student.entity';

/**
 * One of a student's files (ADR 045, docs/product/students.md#contract-files): a contract's when `contractId` is
 * set, an outcome's evidence when `outcomeId` is (docs/product/outcomes.md#evidence), else one of the 其他文件 (other
 * documents). The object in storage is the confirm step's (ADR 036).
 */
@Entity('student_files')
// One record per stored object: a file leaves storage with the one row that holds it.
@Unique('UQ_student_files_accessUrl', ['accessUrl'])
// The card's read: one student's files in upload order.
@Index('IDX_student_files_studentId_createdAt', ['studentId', 'createdAt'])
@Index('IDX_student_files_contractId', ['contractId'])
@Index('IDX_student_files_outcomeId', ['outcomeId'])
@Check('CHK_student_files_evidenceKind', `"evidenceKind" IS NULL OR ${inValues('evidenceKind', EVIDENCE_KINDS)}`)
export class StudentFile {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_student_files' })
  id: string;

  @Column({ type: 'uuid' })
  studentId: string;

  // CASCADE: a student's files are part of their record (the API removes the objects first).
  @ManyToOne(() => Student, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId', foreignKeyConstraintName: 'FK_student_files_student' })
  student?: Relation<Student>;

  @Column({ type: 'uuid', nullable: true })
  contractId: string | null;

  // SET NULL: a removed contract's signed files stay with the student, under 其他文件 (ADR 045).
  @ManyToOne(() => StudentContract, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'contractId', foreignKeyConstraintName: 'FK_student_files_contract' })
  contract?: Relation<StudentContract> | null;

  @Column({ type: 'uuid', nullable: true })
  outcomeId: string | null;

  // SET NULL, as for contracts: a removed outcome's evidence stays with the student, under 其他文件.
  @ManyToOne(() => StudentOutcome, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'outcomeId', foreignKeyConstraintName: 'FK_student_files_outcome' })
  outcome?: Relation<StudentOutcome> | null;

  /** What the file proves, for an outcome's evidence (offer letter, labour contract, 社保 record, other). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  evidenceKind: EvidenceKind | null;

  /** /api/admin/files/contracts/<name>, as the upload confirm step answered it. */
  @Column({ type: 'text' })
  accessUrl: string;

  /** The uploader's file name as step 1 recorded it; the stored name for files kept before names were. */
  @Column({ type: 'varchar', length: 255 })
  originalName: string;

  @Column({ type: 'integer', nullable: true })
  size: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  contentType: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
