import { CRAWL_RESULT_STATUSES, CRAWL_SITES, CrawlResultStatus, type CrawlSite } from '@aipm/contracts';
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
import { inValues } from '../common/sql-check';
import type { CrawlResultRow } from './crawl-result.row';
import { CrawlTask } from './crawl-task.entity';

/**
 * A job found by a crawl (or added by hand), waiting for review before it is published. Its columns are
 * CrawlResultRow, derived from the contracts' CrawledJob (ADR 047; crawl-result.row.spec.ts holds them equal).
 */
@Entity('crawl_results')
// One result per posting: re-crawling the same page must not create a second review item.
@Unique('UQ_crawl_results_sourceUrl', ['sourceUrl'])
// The review list's order over the postings' representatives, alone and behind its status and site filters, and a
// sighted result's representative by key (ADR 028 point 5, migration CrawlResultRepresentatives; createdAt DESC
// there: TypeORM compares names and columns only).
@Index('IDX_crawl_results_representatives_createdAt_id', ['createdAt', 'id'], { where: '"isRepresentative"' })
@Index('IDX_crawl_results_representatives_status_createdAt_id', ['status', 'createdAt', 'id'], { where: '"isRepresentative"' })
@Index('IDX_crawl_results_representatives_site_createdAt_id', ['site', 'createdAt', 'id'], { where: '"isRepresentative"' })
// A result's review item by key: the item a sighting names (migration CrawlSightingItems).
@Index('IDX_crawl_results_representatives_dedupeKey', ['dedupeKey'], { where: '"isRepresentative"' })
@Index('IDX_crawl_results_taskId', ['taskId'])
@Check('CHK_crawl_results_status', inValues('status', CRAWL_RESULT_STATUSES))
@Check('CHK_crawl_results_site', inValues('site', CRAWL_SITES))
// One posting found on several sites is one review item: the rows sharing a key (ADR 020), in their ranking's columns.
@Index('IDX_crawl_results_dedupeKey_status_createdAt_id', ['dedupeKey', 'status', 'createdAt', 'id'])
export class CrawlResult implements CrawlResultRow {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_crawl_results' })
  id: string;

  /** Null for jobs added by hand. */
  @Column({ type: 'uuid', nullable: true })
  taskId: string | null;

  // SET NULL: results outlive their task; deleting a task must not delete jobs under review.
  @ManyToOne(() => CrawlTask, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'taskId', foreignKeyConstraintName: 'FK_crawl_results_task' })
  task?: Relation<CrawlTask> | null;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  company: string;

  @Column({ type: 'text', nullable: true })
  location: string | null;

  /** Salary as the site shows it (e.g. "15-25K·13薪"); the columns below hold it parsed. */
  @Column({ type: 'text', nullable: true })
  salary: string | null;

  /** Whole yuan per salaryPeriod; null when the site shows no number (面议). */
  @Column({ type: 'integer', nullable: true })
  salaryMin: number | null;

  @Column({ type: 'integer', nullable: true })
  salaryMax: number | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  salaryCurrency: string | null;

  /** hour, day, month or year (SalaryPeriod of @aipm/contracts). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  salaryPeriod: string | null;

  /** Months paid per year ("·14薪" → 14). */
  @Column({ type: 'smallint', nullable: true })
  salaryMonths: number | null;

  /** When the site says the job was posted or refreshed, read relative to the crawl time. */
  @Column({ type: 'timestamptz', nullable: true })
  postedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  requirements: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  skillTags: string[];

  @Column({ type: 'text' })
  sourceUrl: string;

  /** The site the posting was read from (for a job added by hand: the site its address is on); null when on none. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  site: CrawlSite | null;

  /** Normalised title, company and city (crawlDedupeKey); rows sharing it are one posting. */
  @Column({ type: 'text', nullable: true })
  dedupeKey: string | null;

  /**
   * This row is its posting's review item (ADR 020: published, else reviewed, else first found; a row without a
   * key stands alone). Kept by the table's triggers after every write (ADR 028 point 5); the app never writes it.
   */
  @Column({ type: 'boolean', default: true, select: false, insert: false, update: false })
  isRepresentative?: boolean;

  @Column({ type: 'jsonb', nullable: true })
  rawData: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 32, default: CrawlResultStatus.Pending })
  status: CrawlResultStatus;

  @Column({ type: 'text', nullable: true })
  reviewFeedback: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  extractedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
