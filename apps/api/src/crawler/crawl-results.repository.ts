import { type CrawlResultStatus as ResultStatus, CrawlResultStatus, type CrawlSite, type ReviewDecision } from '@aipm/contracts';
import { CrawlResult, type NewCrawlResult, PublishedJob, type PublishedJobCopy } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, Not, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import { withBoundedTotal } from '../common/list/list-page';
import { violatedUniqueConstraint } from '../common/errors/unique-violation';

export interface CrawlResultsFilter {
  taskId?: string;
  site?: CrawlSite;
  status?: ResultStatus;
}

/** A page of the review list and how many match (estimated beyond the exact count; ADR 028). */
export interface CountedPage<T> {
  rows: T[];
  total: number;
  totalIsEstimate: boolean;
}

/** A result being published, locked with every result of its posting until the work ends (ADR 020). */
export interface PostingUnderLock {
  /** The result; null when it is gone. */
  result: CrawlResult | null;
  /** The other results of its posting (same dedupeKey), in id order. */
  others: CrawlResult[];
  /** The id of the published job made from `resultId`, if there is one. */
  publishedJobOf(resultId: string): Promise<string | null>;
  /** Makes the published job and marks the result published; the job's id. */
  publish(resultId: string, job: PublishedJobCopy & Pick<PublishedJob, 'crawlResultId' | 'publishedAt'>): Promise<string>;
}

/**
 * One review item per posting (ADR 020): of the results sharing a dedupeKey, the one that stands for them is
 * the published one, else one already reviewed, else the first found (the id breaks ties); a result without a
 * key stands alone. The table's triggers keep that in "isRepresentative" after every write (ADR 028 point 5),
 * so a page walks a partial index of the representatives in the list's order and stops when it is full.
 */
const REPRESENTATIVE = `result."isRepresentative"`;

/** The crawl results' SQL for review and publishing (ADR 044); the rules are CrawlResultsService's. */
@Injectable()
export class CrawlResultsRepository {
  constructor(
    @InjectRepository(CrawlResult) private readonly results: Repository<CrawlResult>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The representatives matching `filter`, newest first: one page of rows, counted exactly up to `exactCount`. */
  page(filter: CrawlResultsFilter, offset: number, limit: number, exactCount: number): Promise<CountedPage<CrawlResult>> {
    return withBoundedTotal(this.matching(filter).offset(offset).limit(limit).getMany(), this.matching(filter), { offset, limit }, exactCount);
  }

  /** As `page`, but only the ids, by an index-only walk of the list's order: a page far down (ADR 028). */
  async pageIds(filter: CrawlResultsFilter, offset: number, limit: number, exactCount: number): Promise<CountedPage<string>> {
    const ids = this.matching(filter).select('result.id', 'id').offset(offset).limit(limit).getRawMany<{ id: string }>().then((found) => found.map((row) => row.id));
    return withBoundedTotal(ids, this.matching(filter), { offset, limit }, exactCount);
  }

  private matching(filter: CrawlResultsFilter): SelectQueryBuilder<CrawlResult> {
    const builder = this.results.createQueryBuilder('result').where(REPRESENTATIVE);
    if (filter.status) builder.andWhere('result.status = :status', { status: filter.status });
    if (filter.site) onSite(builder, filter.site);
    return builder.orderBy('result.createdAt', 'DESC').addOrderBy('result.id', 'ASC');
  }

  /**
   * A task's page ("found by", docs/product/crawler.md#review-queue): the items of the postings it sighted, read from
   * its sightings in the list's order with their status (each sighting carries its item, kept by the database's
   * triggers; ADR 028 point 8), so a page and its exact count come from the task's index entries without reading a
   * result (a site filter reads the items' rows). Two sightings of one posting name the same item, once. Only the
   * page's ids come back. A page past the end counts on its own.
   */
  async taskPageIds(filter: CrawlResultsFilter & { taskId: string }, offset: number, limit: number): Promise<{ ids: string[]; total: number }> {
    const found = await this.dataSource
      .createQueryBuilder()
      .select('item.id', 'id')
      .addSelect('count(*) OVER ()', 'total')
      .from((items) => taskItems(items, filter), 'item')
      .orderBy('item."createdAt"', 'DESC')
      .addOrderBy('item.id', 'ASC')
      .offset(offset)
      .limit(limit)
      .getRawMany<{ id: string; total: string }>();
    if (found.length > 0) return { ids: found.map((row) => row.id), total: Number(found[0]!.total) };
    if (offset === 0) return { ids: [], total: 0 };
    const counted = await this.dataSource
      .createQueryBuilder()
      .select('count(*)', 'total')
      .from((items) => taskItems(items, filter), 'item')
      .getRawOne<{ total: string }>();
    return { ids: [], total: Number(counted?.total ?? 0) };
  }

  /**
   * The results `ids` and every other result of their postings, oldest first, in one statement, where reading the
   * rows and then their postings' members took two round trips one after the other (ADR 028 point 5).
   */
  withPostings(ids: readonly string[]): Promise<CrawlResult[]> {
    // ARRAY(...) is computed once before the scan, so both arms of the OR probe an index (id, dedupeKey).
    return this.results
      .createQueryBuilder('member')
      .where('member.id = ANY(:ids)', { ids })
      .orWhere(`member."dedupeKey" = ANY (ARRAY(SELECT page."dedupeKey" FROM crawl_results page WHERE page.id = ANY(:ids) AND page."dedupeKey" IS NOT NULL))`)
      .orderBy('member.createdAt', 'ASC')
      .addOrderBy('member.id', 'ASC')
      .getMany();
  }

  /** Every result of the postings `keys`, oldest first. */
  postingsOf(keys: readonly string[]): Promise<CrawlResult[]> {
    return keys.length === 0 ? Promise.resolve([]) : this.results.find({ where: { dedupeKey: In([...keys]) }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findById(id: string): Promise<CrawlResult | null> {
    return this.results.findOneBy({ id });
  }

  /** Inserts a whole new result; null when a result already has its address (UQ_crawl_results_sourceUrl). */
  async insert(row: NewCrawlResult): Promise<CrawlResult | null> {
    try {
      return await this.results.save(this.results.create(row));
    } catch (error) {
      if (violatedUniqueConstraint(error) !== undefined) return null;
      throw error;
    }
  }

  /** Records the decision on a result still pending, in one conditional update; whether it was pending. */
  async decidePending(id: string, decision: ReviewDecision, feedback?: string): Promise<boolean> {
    const outcome = await this.results
      .createQueryBuilder()
      .update(CrawlResult)
      .set({ status: decision, reviewedAt: () => 'now()', ...(feedback === undefined ? {} : { reviewFeedback: feedback }) })
      .where('id = :id AND status = :pending', { id, pending: CrawlResultStatus.Pending })
      .execute();
    return (outcome.affected ?? 0) > 0;
  }

  /**
   * Runs `work` in one transaction with the result and every result of its posting locked in id order: two
   * results of one posting published at once wait for each other instead of deadlocking or publishing twice.
   */
  withPostingLocked<T>(id: string, work: (posting: PostingUnderLock) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => work(await lockPosting(manager, id)));
  }

  /** "Clear history": deletes every result that is not published; how many. */
  async deleteUnpublished(): Promise<number> {
    const outcome = await this.results.delete({ status: Not(CrawlResultStatus.Published) });
    return outcome.affected ?? 0;
  }
}

async function lockPosting(manager: EntityManager, id: string): Promise<PostingUnderLock> {
  const found = await manager.findOne(CrawlResult, { where: { id }, select: { id: true, dedupeKey: true } });
  if (found?.dedupeKey) await manager.find(CrawlResult, { where: { dedupeKey: found.dedupeKey }, order: { id: 'ASC' }, select: { id: true }, lock: { mode: 'pessimistic_write' } });
  const result = found ? await manager.findOne(CrawlResult, { where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
  const group = result?.dedupeKey ? await manager.find(CrawlResult, { where: { dedupeKey: result.dedupeKey }, order: { id: 'ASC' } }) : [];
  return {
    result,
    others: group.filter((member) => member.id !== id),
    publishedJobOf: async (resultId) => (await manager.findOneBy(PublishedJob, { crawlResultId: resultId }))?.id ?? null,
    publish: async (resultId, job) => {
      const saved = await manager.save(PublishedJob, manager.create(PublishedJob, job));
      await manager.update(CrawlResult, { id: resultId }, { status: CrawlResultStatus.Published, publishedAt: job.publishedAt });
      return saved.id;
    },
  };
}

/** The items a task found (its sightings' items), each once, with their place in the list, by `filter`. */
function taskItems<Row extends ObjectLiteral>(items: SelectQueryBuilder<Row>, filter: CrawlResultsFilter & { taskId: string }): SelectQueryBuilder<Row> {
  items
    .select('DISTINCT sighting."itemCreatedAt"', 'createdAt')
    .addSelect('sighting."itemId"', 'id')
    .from('crawl_result_sightings', 'sighting')
    .where('sighting."taskId" = :taskId', { taskId: filter.taskId });
  if (filter.status) items.andWhere('sighting."itemStatus" = :status', { status: filter.status });
  if (filter.site) onSite(items.innerJoin(CrawlResult, 'result', 'result.id = sighting."itemId"'), filter.site);
  return items;
}

/** Results (alias `result`) found on `site`; "other" also takes rows that name none. */
function onSite<Row extends ObjectLiteral>(builder: SelectQueryBuilder<Row>, site: CrawlSite): SelectQueryBuilder<Row> {
  if (site === 'other') return builder.andWhere(`(result.site IS NULL OR result.site = 'other')`);
  // Every row names its site (the writers store it; the 1795514181517 migration filled in older rows).
  return builder.andWhere('result.site = :site', { site });
}
