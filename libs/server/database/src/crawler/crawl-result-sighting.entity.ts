import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { CrawlResult } from './crawl-result.entity';
import { CrawlTask } from './crawl-task.entity';

/**
 * A task found a result ("found by", issue 13): one row per result and task, written by the worker on the
 * first find and on every find again. crawl_results.taskId keeps only the first finder, so without these a
 * task re-run over postings another task found first would list nothing of what it found.
 */
@Entity('crawl_result_sightings')
// The results of one task (the task filter of the review list).
@Index('IDX_crawl_result_sightings_taskId_resultId', ['taskId', 'resultId'])
export class CrawlResultSighting {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_crawl_result_sightings' })
  resultId: string;

  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_crawl_result_sightings' })
  taskId: string;

  @ManyToOne(() => CrawlResult, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'resultId', foreignKeyConstraintName: 'FK_crawl_result_sightings_result' })
  result?: Relation<CrawlResult>;

  // A deleted task found nothing any more; the results themselves stay (their taskId is set null).
  @ManyToOne(() => CrawlTask, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'taskId', foreignKeyConstraintName: 'FK_crawl_result_sightings_task' })
  task?: Relation<CrawlTask>;

  /** When the task first found it. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  foundAt: Date;

  /** When the task last found it. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastFoundAt: Date;

  /**
   * The run (BullMQ job id, as crawl_runs.jobId and as long) that last found it; null for rows copied from
   * before. A scheduled firing's id is `repeat:crawl-task:<uuid>:<millis>`, 68 characters.
   */
  @Column({ type: 'varchar', length: 255, nullable: true })
  lastJobId: string | null;
}
