import { type CrawlResultStatus } from '@aipm/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { CrawlResult } from './crawl-result.entity';
import { CrawlTask } from './crawl-task.entity';

/**
 * A task found a result ("found by", ADR 020): one row per result and task, written by the worker on the
 * first find and on every find again. crawl_results.taskId keeps only the first finder, so without these a
 * task re-run over postings another task found first would list nothing of what it found.
 */
@Entity('crawl_result_sightings')
// The items one task found in the review list's order, with their status INCLUDEd (its task filter; migration
// CrawlSightingItems: itemCreatedAt DESC there, and TypeORM lists INCLUDE columns among an index's columns).
@Index('IDX_crawl_result_sightings_taskId_item', ['taskId', 'itemCreatedAt', 'itemId', 'itemStatus'])
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

  /**
   * The review item that stands for the result (its posting's representative, or the result itself without a key;
   * ADR 020), with the item's createdAt and status: the review list's order and status filter for a task. Kept by
   * the database's triggers (ADR 028 point 8); the app never writes them. No foreign key: a deleted item is
   * replaced by the posting's next representative in the same statement.
   */
  @Column({ type: 'uuid', insert: false, update: false })
  itemId?: string;

  @Column({ type: 'timestamptz', insert: false, update: false })
  itemCreatedAt?: Date;

  @Column({ type: 'varchar', length: 32, insert: false, update: false })
  itemStatus?: CrawlResultStatus;
}
