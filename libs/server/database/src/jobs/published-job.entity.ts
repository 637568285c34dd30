import { DEFAULT_CURRENCY, EMPLOYMENT_TYPES, type EmploymentType, JOB_CHECK_OUTCOMES, JOB_CLOSED_REASONS, type JobCheckOutcome, type JobClosedReason } from '@aipm/contracts';
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
  type Relation,
} from 'typeorm';
import { CrawlResult } from '../crawler/crawl-result.entity';
import type { PublishedJobCopy } from '../crawler/crawl-result.row';
import { inValues, isCurrencyCode } from '../common/sql-check';

/**
 * A job shown on the public site (docs/product/data-model.md#published-job). The posting's columns it copies
 * from a crawl result are PublishedJobCopy, derived from the contracts' CrawledJob (ADR 047).
 */
@Entity('published_jobs')
// A crawl result is published at most once; also serves as the index of the foreign key.
@Unique('UQ_published_jobs_crawlResultId', ['crawlResultId'])
@Index('IDX_published_jobs_createdAt', ['createdAt'])
// The public list: active jobs, newest first (publishedAt DESC in the migration).
@Index('IDX_published_jobs_isActive_publishedAt', ['isActive', 'publishedAt'])
@Check('CHK_published_jobs_employmentType', inValues('employmentType', EMPLOYMENT_TYPES))
@Check('CHK_published_jobs_salaryCurrency', isCurrencyCode('salaryCurrency'))
// A missing bound passes: a CHECK rejects a row only when its expression is false, not null.
@Check('CHK_published_jobs_closedReason', inValues('closedReason', JOB_CLOSED_REASONS))
@Check('CHK_published_jobs_sourceCheckOutcome', inValues('sourceCheckOutcome', JOB_CHECK_OUTCOMES))
@Check('CHK_published_jobs_salaryRange', '"salaryMin" >= 0 AND "salaryMax" >= 0 AND "salaryMin" <= "salaryMax"')
export class PublishedJob implements PublishedJobCopy {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_published_jobs' })
  id: string;

  /** Null for jobs whose review item was cleared, or that never came from a crawl. */
  @Column({ type: 'uuid', nullable: true })
  crawlResultId: string | null;

  // SET NULL: "clear history" deletes unpublished results only, but a published job must survive any result deletion.
  @ManyToOne(() => CrawlResult, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'crawlResultId', foreignKeyConstraintName: 'FK_published_jobs_crawlResult' })
  crawlResult?: Relation<CrawlResult> | null;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  company: string;

  @Column({ type: 'text', nullable: true })
  companyLogo: string | null;

  @Column({ type: 'text', nullable: true })
  location: string | null;

  @Column({ type: 'boolean', default: false })
  remote: boolean;

  @Column({ type: 'varchar', length: 32, nullable: true })
  employmentType: EmploymentType | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  seniority: string | null;

  /** Whole currency units per month (yuan for CNY), not cents; null when the posting gives no lower bound. */
  @Column({ type: 'integer', nullable: true, comment: 'monthly salary lower bound in whole currency units (yuan for CNY)' })
  salaryMin: number | null;

  @Column({ type: 'integer', nullable: true, comment: 'monthly salary upper bound in whole currency units (yuan for CNY)' })
  salaryMax: number | null;

  @Column({ type: 'varchar', length: 3, default: DEFAULT_CURRENCY })
  salaryCurrency: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /**
   * The public job card shows requirements (docs/product/public-site.md#job-card), so they are copied from the
   * crawl result.
   */
  @Column({ type: 'text', nullable: true })
  requirements: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  skillTags: string[];

  /** Opened in a new tab when a visitor applies. */
  @Column({ type: 'text' })
  sourceUrl: string;

  /** When the employer posted the job, if the site says; drives "x hours ago". */
  @Column({ type: 'timestamptz', nullable: true })
  postedAt: Date | null;

  /** When the administrator published it here. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  publishedAt: Date;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  /** When the expiry sweep deactivated it (job_expiry_days after publishedAt); an operator may activate it again. */
  @Column({ type: 'timestamptz', nullable: true })
  expiredAt: Date | null;

  /** Set when the liveness check found the posting closed at its source and deactivated it (ADR 063). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  closedReason: JobClosedReason | null;

  /** The source's own status, words or flag behind closedReason, as the administrator reads it. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  closedEvidence: string | null;

  /** The last liveness check at the source, whatever it found (a refusal or failure changes nothing else). */
  @Column({ type: 'timestamptz', nullable: true })
  sourceCheckedAt: Date | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  sourceCheckOutcome: JobCheckOutcome | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
