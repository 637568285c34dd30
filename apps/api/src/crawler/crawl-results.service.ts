import { crawlDedupeKey, type CrawlResultResponse, type CrawlResultStatus as ResultStatus, CrawlResultStatus, type CrawlSite, parseSalary, type ReviewDecision, siteOfUrl } from '@aipm/contracts';
import { type CreateManualJobDto } from '@aipm/contracts/dto';
import { CrawlResult, type NewCrawlResult, PublishedJob } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, Not, type ObjectLiteral, QueryFailedError, type Repository, type SelectQueryBuilder } from 'typeorm';
import { DEFERRED_READ_OFFSET, withBoundedTotal } from '../common/list/list-page';
import { toCrawlResultView } from './crawler.mapper';
import { publishedJobFrom } from './published-job.factory';
import { CrawlError } from './crawl.error';

const UNIQUE_VIOLATION = '23505';

export interface CrawlResultsFilter {
  taskId?: string;
  site?: CrawlSite;
  status?: ResultStatus;
}

/**
 * One review item per posting (ADR 020): of the results sharing a dedupeKey, the one that stands for them is
 * the published one, else one already reviewed, else the first found (the id breaks ties); a result without a
 * key stands alone. The table's triggers keep that in "isRepresentative" after every write (ADR 028 point 5),
 * so a page walks a partial index of the representatives in the list's order and stops when it is full.
 */
const REPRESENTATIVE = `result."isRepresentative"`;

/**
 * Results are counted exactly up to this many, then estimated (ADR 028): "latest 20" needs no more than "共约",
 * and the count runs beside every full page.
 */
export const CRAWL_RESULTS_EXACT_COUNT = 1_000;

@Injectable()
export class CrawlResultsService {
  constructor(
    @InjectRepository(CrawlResult) private readonly results: Repository<CrawlResult>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Newest first, one item per posting with every site it was found on (ADR 020), filtered by the tasks that
   * found it, its site and its status; one page and how many match, counted up to CRAWL_RESULTS_EXACT_COUNT
   * and estimated beyond (ADR 028), or for a task's items counted exactly as they are found.
   */
  async list(query: CrawlResultsFilter & { limit: number; offset?: number }): Promise<{ data: CrawlResultResponse[]; total: number; totalIsEstimate: boolean }> {
    const offset = query.offset ?? 0;
    if (query.taskId) {
      const page = await this.taskPage({ ...query, taskId: query.taskId }, offset, query.limit);
      return { data: await this.findByIds(page.ids), total: page.total, totalIsEstimate: false };
    }
    const matching = () => {
      const builder = this.results.createQueryBuilder('result').where(REPRESENTATIVE);
      if (query.status) builder.andWhere('result.status = :status', { status: query.status });
      if (query.site) onSite(builder, query.site);
      return builder.orderBy('result.createdAt', 'DESC').addOrderBy('result.id', 'ASC');
    };
    // A page far down: its ids by an index-only walk of the list's order, then only its rows (ADR 028).
    if (offset >= DEFERRED_READ_OFFSET) {
      const { rows: ids, total, totalIsEstimate } = await withBoundedTotal(
        matching().select('result.id', 'id').offset(offset).limit(query.limit).getRawMany<{ id: string }>().then((found) => found.map((row) => row.id)),
        matching(),
        { offset, limit: query.limit },
        CRAWL_RESULTS_EXACT_COUNT,
      );
      return { data: await this.findByIds(ids), total, totalIsEstimate };
    }
    const { rows, total, totalIsEstimate } = await withBoundedTotal(
      matching().offset(offset).limit(query.limit).getMany(),
      matching(),
      { offset, limit: query.limit },
      CRAWL_RESULTS_EXACT_COUNT,
    );
    return { data: await this.withSources(rows), total, totalIsEstimate };
  }

  /**
   * A task's page ("found by", docs/product/crawler.md#review-queue): the items of the postings it sighted, read from
   * its sightings in the list's order with their status (each sighting carries its item, kept by the database's
   * triggers; ADR 028 point 8), so a page and its exact count come from the task's index entries without reading a
   * result (a site filter reads the items' rows). Two sightings of one posting name the same item, once. Only the
   * page's ids come back: its rows and their sources are then read together (findByIds). A page past the end counts on
   * its own.
   */
  private async taskPage(filter: CrawlResultsFilter & { taskId: string }, offset: number, limit: number): Promise<{ ids: string[]; total: number }> {
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
   * The views of the results `ids`, in that order (a page's or a crawl run's; unknown ids are skipped): the rows
   * and the other results of their postings (their sources) in one statement, where reading the rows and then
   * their postings' members took two round trips one after the other (ADR 028 point 5).
   */
  async findByIds(ids: readonly string[]): Promise<CrawlResultResponse[]> {
    if (ids.length === 0) return [];
    // ARRAY(...) is computed once before the scan, so both arms of the OR probe an index (id, dedupeKey).
    const members = await this.results
      .createQueryBuilder('member')
      .where('member.id = ANY(:ids)', { ids })
      .orWhere(`member."dedupeKey" = ANY (ARRAY(SELECT page."dedupeKey" FROM crawl_results page WHERE page.id = ANY(:ids) AND page."dedupeKey" IS NOT NULL))`)
      .orderBy('member.createdAt', 'ASC')
      .addOrderBy('member.id', 'ASC')
      .getMany();
    const byId = new Map(members.map((member) => [member.id, member]));
    return viewsWithSources(
      ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
      members,
    );
  }

  /** The views of `rows`, each listing the other results of its posting as sources. */
  private async withSources(rows: readonly CrawlResult[]): Promise<CrawlResultResponse[]> {
    const keys = [...new Set(rows.map((row) => row.dedupeKey).filter((key): key is string => key !== null))];
    const members = keys.length === 0 ? [] : await this.results.find({ where: { dedupeKey: In(keys) }, order: { createdAt: 'ASC', id: 'ASC' } });
    return viewsWithSources(rows, members);
  }

  /** A job added by hand is created approved (docs/product/data-model.md#crawl-result-status), ready to publish. */
  async createManual(dto: CreateManualJobDto): Promise<CrawlResultResponse> {
    const salary = parseSalary(dto.salary);
    const now = new Date();
    try {
      // Every column of a new result, so a field the contracts' CrawledJob gains is asked for here (ADR 047).
      const row: NewCrawlResult = {
        taskId: null,
        title: dto.title.trim(),
        company: dto.company.trim(),
        location: dto.location.trim(),
        salary: dto.salary.trim(),
        salaryMin: salary.min,
        salaryMax: salary.max,
        salaryCurrency: salary.min === null && salary.max === null ? null : salary.currency,
        salaryPeriod: salary.period,
        salaryMonths: salary.monthsPerYear,
        // The form asks for no posting time; the card then shows when it was published.
        postedAt: null,
        description: dto.description.trim(),
        requirements: dto.requirements.trim(),
        skillTags: dto.skillTags.map((tag) => tag.trim()),
        sourceUrl: dto.sourceUrl.trim(),
        // The site its address is on, as a crawled row of the same posting would name it (the site filter).
        site: siteOfUrl(dto.sourceUrl.trim()),
        dedupeKey: crawlDedupeKey(dto),
        rawData: null,
        status: CrawlResultStatus.Approved,
        extractedAt: now,
        reviewedAt: now,
      };
      const saved = await this.results.save(this.results.create(row));
      return (await this.withSources([saved]))[0]!;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new CrawlError('DUPLICATE_SOURCE_URL');
      }
      throw error;
    }
  }

  /**
   * pending → approved | rejected (docs/product/data-model.md#crawl-result-status); a conditional update, so two
   * reviewers cannot both decide.
   */
  async review(id: string, decision: ReviewDecision, feedback?: string): Promise<CrawlResultResponse> {
    const outcome = await this.results
      .createQueryBuilder()
      .update(CrawlResult)
      .set({ status: decision, reviewedAt: () => 'now()', ...(feedback === undefined ? {} : { reviewFeedback: feedback }) })
      .where('id = :id AND status = :pending', { id, pending: CrawlResultStatus.Pending })
      .execute();
    const result = await this.results.findOneBy({ id });
    if (!result) throw new CrawlError('RESULT_NOT_FOUND');
    if (outcome.affected === 0) throw new CrawlError('REVIEW_ONLY_PENDING');
    return (await this.withSources([result]))[0]!;
  }

  /**
   * approved → published, with its published_jobs row, in one transaction under a row lock. Publishing a
   * result that is already published answers the job made the first time (idempotent); so does publishing
   * any result of a posting already published from another site (one posting, one public job; ADR 020).
   */
  async publish(id: string): Promise<{ result: CrawlResultResponse; publishedJobId: string }> {
    const published = await this.dataSource.transaction(async (manager) => {
      const result = await this.lockForPublishing(manager, id);
      if (!result) throw new CrawlError('RESULT_NOT_FOUND');
      const twin = await this.publishedTwin(manager, result);
      if (twin) return twin;
      if (result.status === CrawlResultStatus.Published) {
        const existing = await manager.findOneBy(PublishedJob, { crawlResultId: id });
        if (existing) return { result, publishedJobId: existing.id };
      } else if (result.status !== CrawlResultStatus.Approved) {
        throw new CrawlError('PUBLISH_ONLY_APPROVED');
      }
      const publishedAt = new Date();
      const job = await manager.save(PublishedJob, manager.create(PublishedJob, publishedJobFrom(result, publishedAt)));
      result.status = CrawlResultStatus.Published;
      result.publishedAt = publishedAt;
      await manager.update(CrawlResult, { id }, { status: result.status, publishedAt });
      return { result, publishedJobId: job.id };
    });
    return { result: (await this.withSources([published.result]))[0]!, publishedJobId: published.publishedJobId };
  }

  /**
   * The result under a row lock, and with it every result of its posting, all locked in id order: two results
   * of one posting published at once wait for each other instead of deadlocking or publishing twice.
   */
  private async lockForPublishing(manager: EntityManager, id: string): Promise<CrawlResult | null> {
    const found = await manager.findOne(CrawlResult, { where: { id }, select: { id: true, dedupeKey: true } });
    if (!found) return null;
    if (found.dedupeKey) await manager.find(CrawlResult, { where: { dedupeKey: found.dedupeKey }, order: { id: 'ASC' }, select: { id: true }, lock: { mode: 'pessimistic_write' } });
    return manager.findOne(CrawlResult, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Another result of the same posting that is already published, with its job (the group is locked). */
  private async publishedTwin(manager: EntityManager, result: CrawlResult): Promise<{ result: CrawlResult; publishedJobId: string } | null> {
    if (!result.dedupeKey) return null;
    const group = await manager.find(CrawlResult, { where: { dedupeKey: result.dedupeKey }, order: { id: 'ASC' } });
    for (const member of group) {
      if (member.id === result.id || member.status !== CrawlResultStatus.Published) continue;
      const job = await manager.findOneBy(PublishedJob, { crawlResultId: member.id });
      if (job) return { result: member, publishedJobId: job.id };
    }
    return null;
  }

  /** "Clear history": every result that is not published; published ones (and their jobs) stay. */
  async clearUnpublished(): Promise<number> {
    const outcome = await this.results.delete({ status: Not(CrawlResultStatus.Published) });
    return outcome.affected ?? 0;
  }
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

/** The views of `rows`, each with its posting's members among `members` (in their order) as its sources. */
function viewsWithSources(rows: readonly CrawlResult[], members: readonly CrawlResult[]): CrawlResultResponse[] {
  const groups = new Map<string, CrawlResult[]>();
  for (const member of members) {
    if (member.dedupeKey === null) continue;
    const group = groups.get(member.dedupeKey);
    if (group) group.push(member);
    else groups.set(member.dedupeKey, [member]);
  }
  return rows.map((row) => toCrawlResultView(row, row.dedupeKey ? (groups.get(row.dedupeKey) ?? []) : []));
}
