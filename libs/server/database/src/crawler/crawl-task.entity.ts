import { CRAWL_SITES, CRAWL_TASK_MAX_RESULTS, CRAWL_TASK_STATUSES, type CrawlRunStatistics, type CrawlSite, CrawlTaskStatus } from '@aipm/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { User } from '../auth/user.entity';
import { inValues } from '../common/sql-check';

/** Options the admin sets per task (crawlConfig of docs/product/data-model.md#crawl-task); open for more keys. */
export interface CrawlTaskConfig {
  enableJavaScriptRendering?: boolean;
  antiDetectionMode?: boolean;
  /** Milliseconds to wait for a page, 3000 to 30000 (docs/product/constants.md#crawler). */
  waitTime?: number;
  [option: string]: unknown;
}

@Entity('crawl_tasks')
@Index('IDX_crawl_tasks_createdAt', ['createdAt'])
@Index('IDX_crawl_tasks_status', ['status'])
@Index('IDX_crawl_tasks_createdBy', ['createdBy'])
@Check('CHK_crawl_tasks_status', inValues('status', CRAWL_TASK_STATUSES))
@Check('CHK_crawl_tasks_site', inValues('site', CRAWL_SITES))
@Check('CHK_crawl_tasks_maxResults', `"maxResults" BETWEEN ${CRAWL_TASK_MAX_RESULTS.min} AND ${CRAWL_TASK_MAX_RESULTS.max}`)
export class CrawlTask {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_crawl_tasks' })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Optional: a task may target URLs of several sites. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  site: CrawlSite | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  keywords: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  targetUrls: string[];

  @Column({ type: 'varchar', length: 32, default: CrawlTaskStatus.Pending })
  status: CrawlTaskStatus;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  crawlConfig: CrawlTaskConfig;

  /** 最大结果数: every run of the task stops once this many results are stored (ADR 062). */
  @Column({ type: 'integer', default: CRAWL_TASK_MAX_RESULTS.default })
  maxResults: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lastRunAt: Date | null;

  /** Pages, jobs found, new, duplicates and failures by reason of the last run (written by the worker). */
  @Column({ type: 'jsonb', nullable: true })
  lastRunStats: CrawlRunStatistics | null;

  /** Cron (five fields, Asia/Shanghai) of a scheduled task; its firings are a BullMQ job scheduler (ADR 020). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  schedule: string | null;

  @Column({ type: 'uuid', nullable: true })
  createdBy: string | null;

  // SET NULL: deleting a user account must not erase the crawl history it started.
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'createdBy', foreignKeyConstraintName: 'FK_crawl_tasks_createdBy' })
  creator?: Relation<User> | null;
}
