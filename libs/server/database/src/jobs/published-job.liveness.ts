import type { JobCheckOutcome, JobClosedReason } from '@aipm/contracts';
import type { DataSource } from 'typeorm';
import { PublishedJob } from './published-job.entity';

/** A published job the liveness check is to load. */
export interface LivenessCheckTarget {
  id: string;
  sourceUrl: string;
}

/** closedEvidence's column width. */
const EVIDENCE_MAX = 255;

/**
 * The liveness check's reads and writes of published jobs (ADR 063), in one place for the worker that runs the
 * check and the tests that stand in for it. A job found closed is deactivated with the reason; any other finding
 * only records the check. A job an operator activates again after a check closed it keeps its closedReason and is
 * not checked again: the operator's decision wins, as it does over the expiry (docs/product/crawler.md#job-expiry).
 */
export class PublishedJobLiveness {
  constructor(private readonly dataSource: DataSource) {}

  /** Active jobs no check has closed, never checked or last checked before `checkedBefore`; never-checked first. */
  async due(checkedBefore: Date, limit: number): Promise<LivenessCheckTarget[]> {
    return this.dataSource
      .getRepository(PublishedJob)
      .createQueryBuilder('job')
      .select(['job.id', 'job.sourceUrl'])
      .where(`job."isActive" AND job."closedReason" IS NULL AND (job."sourceCheckedAt" IS NULL OR job."sourceCheckedAt" < :checkedBefore)`, { checkedBefore })
      .orderBy('job."sourceCheckedAt"', 'ASC', 'NULLS FIRST')
      .addOrderBy('job.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** The source still shows the posting (open), refused to show it or could not be reached: only the check is kept. */
  async recordCheck(id: string, outcome: Exclude<JobCheckOutcome, 'closed'>, at: Date): Promise<void> {
    await this.dataSource.getRepository(PublishedJob).update({ id }, { sourceCheckedAt: at, sourceCheckOutcome: outcome });
  }

  /**
   * The source says the posting is closed: the job leaves the public list at once, with the reason for the
   * administrator. Answers whether it applied (not when a check already closed it).
   */
  async close(id: string, reason: JobClosedReason, evidence: string, at: Date): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(PublishedJob)
      .set({ isActive: false, closedReason: reason, closedEvidence: evidence.slice(0, EVIDENCE_MAX), sourceCheckedAt: at, sourceCheckOutcome: 'closed' })
      .where(`id = :id AND "closedReason" IS NULL`, { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
