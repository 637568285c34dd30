import { CRAWL_SITES, type CrawlFailureReason, type CrawlSite } from '@aipm/contracts';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { inValues } from '../common/sql-check';
import { CrawlTask } from './crawl-task.entity';

/**
 * One finished run of a crawl task on one site (a task may span sites): what the site-health view counts.
 * Written once, when the run ends (completed, or failed for good), by the worker; retries of one run are one row.
 */
@Entity('crawl_runs')
// A job that ends twice (a retry racing a reconciler) still counts once per site.
@Unique('UQ_crawl_runs_jobId_site', ['jobId', 'site'])
// The last 20 runs of a site (finishedAt DESC in the migration).
@Index('IDX_crawl_runs_site_finishedAt', ['site', 'finishedAt'])
@Index('IDX_crawl_runs_taskId', ['taskId'])
@Check('CHK_crawl_runs_site', inValues('site', CRAWL_SITES))
@Check('CHK_crawl_runs_status', inValues('status', ['completed', 'failed']))
export class CrawlRun {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_crawl_runs' })
  id: string;

  @Column({ type: 'uuid', nullable: true })
  taskId: string | null;

  // SET NULL: a site's history outlives the task that made it.
  @ManyToOne(() => CrawlTask, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'taskId', foreignKeyConstraintName: 'FK_crawl_runs_task' })
  task?: Relation<CrawlTask> | null;

  /** The BullMQ job of the run. */
  @Column({ type: 'varchar', length: 255 })
  jobId: string;

  @Column({ type: 'varchar', length: 32 })
  site: CrawlSite;

  @Column({ type: 'varchar', length: 16 })
  status: 'completed' | 'failed';

  /** Fired by the task's schedule rather than by an operator. */
  @Column({ type: 'boolean', default: false })
  scheduled: boolean;

  @Column({ type: 'timestamptz' })
  startedAt: Date;

  @Column({ type: 'timestamptz' })
  finishedAt: Date;

  @Column({ type: 'integer', default: 0 })
  pagesDone: number;

  /** Jobs read on this site in this run. */
  @Column({ type: 'integer', default: 0 })
  found: number;

  /** Failures of every attempt on this site, by reason. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  failures: Partial<Record<CrawlFailureReason, number>>;

  /** Why the run failed on this site; null when it completed. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  failureReason: CrawlFailureReason | null;
}
