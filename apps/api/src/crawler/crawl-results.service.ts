import { crawlDedupeKey, type CrawlResultResponse, type CrawlResultStatus as ResultStatus, CrawlResultStatus, type CrawlSite, parseSalary, type ReviewDecision, siteOfUrl } from '@aipm/contracts';
import { type CreateManualJobDto } from '@aipm/contracts/dto';
import { CrawlResult, PublishedJob } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, Not, QueryFailedError, type Repository } from 'typeorm';
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
 * the published one, else one already reviewed, else the first found. A result without a key stands alone.
 */
const REPRESENTATIVES = `SELECT ranked.id FROM (
    SELECT id, row_number() OVER (
      PARTITION BY COALESCE("dedupeKey", id::text)
      ORDER BY (status = 'published') DESC, (status <> 'pending') DESC, "createdAt" ASC, id ASC
    ) AS rank FROM crawl_results
  ) ranked WHERE ranked.rank = 1`;

@Injectable()
export class CrawlResultsService {
  constructor(
    @InjectRepository(CrawlResult) private readonly results: Repository<CrawlResult>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Newest first, one item per posting with every site it was found on (ADR 020), filtered by task, site and status; one page and the count of all that match. */
  async list(query: CrawlResultsFilter & { limit: number; offset?: number }): Promise<{ data: CrawlResultResponse[]; total: number }> {
    const builder = this.results.createQueryBuilder('result').where(`result.id IN (${REPRESENTATIVES})`);
    if (query.taskId) builder.andWhere('result."taskId" = :taskId', { taskId: query.taskId });
    if (query.status) builder.andWhere('result.status = :status', { status: query.status });
    if (query.site === 'other') builder.andWhere(`(result.site IS NULL OR result.site = 'other')`);
    // Every row names its site (the writers store it; the 1795514181517 migration filled in older rows).
    else if (query.site) builder.andWhere('result.site = :site', { site: query.site });
    const [rows, total] = await builder
      .orderBy('result.createdAt', 'DESC')
      .addOrderBy('result.id', 'ASC')
      .take(query.limit)
      .skip(query.offset ?? 0)
      .getManyAndCount();
    return { data: await this.withSources(rows), total };
  }

  /** In the given order (a crawl run's page order); unknown ids are skipped. */
  async findByIds(ids: readonly string[]): Promise<CrawlResultResponse[]> {
    if (ids.length === 0) return [];
    const rows = await this.results.findBy({ id: In([...ids]) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return this.withSources(ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
  }

  /** The views of `rows`, each listing the other results of its posting as sources. */
  private async withSources(rows: readonly CrawlResult[]): Promise<CrawlResultResponse[]> {
    const keys = [...new Set(rows.map((row) => row.dedupeKey).filter((key): key is string => key !== null))];
    const members = keys.length === 0 ? [] : await this.results.find({ where: { dedupeKey: In(keys) }, order: { createdAt: 'ASC', id: 'ASC' } });
    const groups = new Map<string, CrawlResult[]>();
    for (const member of members) groups.set(member.dedupeKey!, [...(groups.get(member.dedupeKey!) ?? []), member]);
    return rows.map((row) => toCrawlResultView(row, row.dedupeKey ? (groups.get(row.dedupeKey) ?? []) : []));
  }

  /** A job added by hand is created approved (spec §4), ready to publish. */
  async createManual(dto: CreateManualJobDto): Promise<CrawlResultResponse> {
    const salary = parseSalary(dto.salary);
    const now = new Date();
    try {
      const saved = await this.results.save(
        this.results.create({
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
        }),
      );
      return (await this.withSources([saved]))[0]!;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new CrawlError('DUPLICATE_SOURCE_URL');
      }
      throw error;
    }
  }

  /** pending → approved | rejected (spec §4); a conditional update, so two reviewers cannot both decide. */
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
