import { CONTACT_SUBJECTS, type ContactSubject, LEAD_STATUSES, type LeadSource, LeadStatus } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Student } from '../students/student.entity';
import { LeadMerge } from './lead-merge.entity';
import { inValues } from '../common/sql-check';
import { LEAD_STATUS_REASON_LIMITS } from '@aipm/contracts';

/** A consultation message from the public contact form, followed up in the back office. */
@Entity('contact_messages')
// (createdAt DESC NULLS LAST, id DESC) in the migration: the list's order; TypeORM compares names and columns only.
@Index('IDX_contact_messages_createdAt_id', ['createdAt', 'id'])
// PIPL erasure looks people up by phone and email; the admin filters by subject and status.
@Index('IDX_contact_messages_phoneNormalized', ['phoneNormalized'])
@Index('IDX_contact_messages_email', ['email'])
@Index('IDX_contact_messages_subject_createdAt_id', ['subject', 'createdAt', 'id'])
@Index('IDX_contact_messages_status_createdAt_id', ['status', 'createdAt', 'id'])
// GIN indexes of the search grams (ADR 028): TypeORM cannot declare them, so it leaves them alone.
@Index('IDX_contact_messages_searchGrams', { synchronize: false })
// A student's lead (the card's link, and enrolling twice refused).
@Index('IDX_contact_messages_studentId', ['studentId'])
@Index('IDX_contact_messages_phoneGrams', { synchronize: false })
// Hidden from the lists and counts while merged into another lead (ADR 072).
@Index('IDX_contact_messages_mergeId', ['mergeId'])
@Check('CHK_contact_messages_subject', inValues('subject', CONTACT_SUBJECTS))
@Check('CHK_contact_messages_status', inValues('status', LEAD_STATUSES))
// A reason (and its note) only while the lead is given up (docs/product/lead-capture.md#status-reasons).
@Check('CHK_contact_messages_statusReason', `"statusReason" IS NULL OR "status" IN ('invalid', 'lost')`)
@Check('CHK_contact_messages_statusNote', `"statusNote" IS NULL OR "statusReason" IS NOT NULL`)
@Check('CHK_contact_messages_firstContactedAt', `"firstContactedAt" IS NULL OR "firstContactedAt" >= "createdAt"`)
export class ContactMessage {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_contact_messages' })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** As typed (trimmed), for people to read. */
  @Column({ type: 'varchar', length: 255 })
  phone: string;

  /** E.164: the key for erasure. */
  // Null only on rows written outside the API (imports, fixtures); the API always sets it.
  @Column({ type: 'varchar', length: 32, nullable: true })
  phoneNormalized: string | null;

  /** Trimmed and lower-cased. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 32 })
  subject: ContactSubject;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ type: 'varchar', length: 16, default: LeadStatus.New })
  status: LeadStatus;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  followUpAt: Date | null;

  /** Why it was given up: a code of 线索设置's reasons (ADR 068), set with status invalid or lost, cleared when it leaves them. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  statusReason: string | null;

  @Column({ type: 'varchar', length: LEAD_STATUS_REASON_LIMITS.statusNote, nullable: true })
  statusNote: string | null;

  /** The first move to contacted or enrolled (ADR 068): set once, never changed; null before this was kept. */
  @Column({ type: 'timestamptz', nullable: true })
  firstContactedAt: Date | null;

  /** The student this lead became (docs/product/students.md#enrol-a-lead); SET NULL: deleting the student keeps the lead. */
  @Column({ type: 'uuid', nullable: true })
  studentId: string | null;

  @ManyToOne(() => Student, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'studentId', foreignKeyConstraintName: 'FK_contact_messages_student' })
  student?: Relation<Student> | null;

  /** First-touch source: utm_* parameters, referrer, landing path. */
  @Column({ type: 'jsonb', nullable: true })
  source: LeadSource | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** The merge that folded this lead into another (ADR 072); null while it stands on its own. SET NULL: a merge removed with the other lead shows it again. */
  @Column({ type: 'uuid', nullable: true })
  mergeId: string | null;

  @ManyToOne(() => LeadMerge, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'mergeId', foreignKeyConstraintName: 'FK_contact_messages_merge' })
  merge?: Relation<LeadMerge> | null;

  /** Grams of the searchable columns for the list's `q` (ADR 028): a trigger keeps them, the app never reads them. */
  @Column({ type: 'text', array: true, nullable: true, select: false, insert: false, update: false })
  searchGrams?: string[] | null;

  /** Grams of the normalised phone, for the digits of `q` (ADR 028); kept by the same trigger. */
  @Column({ type: 'text', array: true, nullable: true, select: false, insert: false, update: false })
  phoneGrams?: string[] | null;
}
