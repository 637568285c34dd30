import { crawlDedupeKey, type CrawlResultResponse, CrawlResultStatus, parseSalary, type ReviewDecision, siteOfUrl } from '@aipm/contracts';
import { type CreateManualJobDto } from '@aipm/contracts/dto';
import type { CrawlResult, NewCrawlResult } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { DEFERRED_READ_OFFSET } from '../common/list/list-page';
import { toCrawlResultView } from './crawler.mapper';
import { type CrawlResultsFilter, CrawlResultsRepository } from './crawl-results.repository';
import { publishedJobFrom } from './published-job.factory';
import { CrawlError } from './crawl.error';

/** The repository's calls, as the service needs them (a fake in crawl-results.service.spec.ts; ADR 044). */
export type CrawlResultsStore = Pick<CrawlResultsRepository, keyof CrawlResultsRepository>;

/**
 * Results are counted exactly up to this many, then estimated (ADR 028): "latest 20" needs no more than "共约",
 * and the count runs beside every full page.
 */
export const CRAWL_RESULTS_EXACT_COUNT = 1_000;

/** The review queue's rules (docs/product/crawler.md#review-queue); the SQL is CrawlResultsRepository's. */
@Injectable()
export class CrawlResultsService {
  constructor(private readonly store: CrawlResultsRepository) {}

  /**
   * Newest first, one item per posting with every site it was found on (ADR 020), filtered by the tasks that
   * found it, its site and its status; one page and how many match, counted up to CRAWL_RESULTS_EXACT_COUNT
   * and estimated beyond (ADR 028), or for a task's items counted exactly as they are found.
   */
  async list(query: CrawlResultsFilter & { limit: number; offset?: number }): Promise<{ data: CrawlResultResponse[]; total: number; totalIsEstimate: boolean }> {
    const offset = query.offset ?? 0;
    if (query.taskId) {
      const page = await this.store.taskPageIds({ ...query, taskId: query.taskId }, offset, query.limit);
      return { data: await this.findByIds(page.ids), total: page.total, totalIsEstimate: false };
    }
    // A page far down: its ids by an index-only walk of the list's order, then only its rows (ADR 028).
    if (offset >= DEFERRED_READ_OFFSET) {
      const { rows: ids, total, totalIsEstimate } = await this.store.pageIds(query, offset, query.limit, CRAWL_RESULTS_EXACT_COUNT);
      return { data: await this.findByIds(ids), total, totalIsEstimate };
    }
    const { rows, total, totalIsEstimate } = await this.store.page(query, offset, query.limit, CRAWL_RESULTS_EXACT_COUNT);
    return { data: await this.withSources(rows), total, totalIsEstimate };
  }

  /**
   * The views of the results `ids`, in that order (a page's or a crawl run's; unknown ids are skipped), the rows
   * and the other results of their postings (their sources) read together.
   */
  async findByIds(ids: readonly string[]): Promise<CrawlResultResponse[]> {
    if (ids.length === 0) return [];
    const members = await this.store.withPostings(ids);
    const byId = new Map(members.map((member) => [member.id, member]));
    return viewsWithSources(
      ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
      members,
    );
  }

  /** The views of `rows`, each listing the other results of its posting as sources. */
  private async withSources(rows: readonly CrawlResult[]): Promise<CrawlResultResponse[]> {
    const keys = [...new Set(rows.map((row) => row.dedupeKey).filter((key): key is string => key !== null))];
    return viewsWithSources(rows, await this.store.postingsOf(keys));
  }

  /** A job added by hand is created approved (docs/product/data-model.md#crawl-result-status), ready to publish. */
  async createManual(dto: CreateManualJobDto): Promise<CrawlResultResponse> {
    const salary = parseSalary(dto.salary);
    const now = new Date();
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
      // The form asks for no posting time; the public card then shows when it was published.
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
    const saved = await this.store.insert(row);
    if (!saved) throw new CrawlError('DUPLICATE_SOURCE_URL');
    return (await this.withSources([saved]))[0]!;
  }

  /**
   * pending → approved | rejected (docs/product/data-model.md#crawl-result-status); a conditional update, so two
   * reviewers cannot both decide.
   */
  async review(id: string, decision: ReviewDecision, feedback?: string): Promise<CrawlResultResponse> {
    const decided = await this.store.decidePending(id, decision, feedback);
    const result = await this.store.findById(id);
    if (!result) throw new CrawlError('RESULT_NOT_FOUND');
    if (!decided) throw new CrawlError('REVIEW_ONLY_PENDING');
    return (await this.withSources([result]))[0]!;
  }

  /**
   * approved → published, with its published_jobs row, in one transaction under the posting's row locks.
   * Publishing a result that is already published answers the job made the first time (idempotent); so does
   * publishing any result of a posting already published from another site (one posting, one public job; ADR 020).
   */
  async publish(id: string): Promise<{ result: CrawlResultResponse; publishedJobId: string }> {
    const published = await this.store.withPostingLocked(id, async (posting) => {
      const { result } = posting;
      if (!result) throw new CrawlError('RESULT_NOT_FOUND');
      for (const member of posting.others) {
        if (member.status !== CrawlResultStatus.Published) continue;
        const twinJobId = await posting.publishedJobOf(member.id);
        if (twinJobId) return { result: member, publishedJobId: twinJobId };
      }
      if (result.status === CrawlResultStatus.Published) {
        const existing = await posting.publishedJobOf(id);
        if (existing) return { result, publishedJobId: existing };
      } else if (result.status !== CrawlResultStatus.Approved) {
        throw new CrawlError('PUBLISH_ONLY_APPROVED');
      }
      const publishedAt = new Date();
      const publishedJobId = await posting.publish(id, publishedJobFrom(result, publishedAt));
      result.status = CrawlResultStatus.Published;
      result.publishedAt = publishedAt;
      return { result, publishedJobId };
    });
    return { result: (await this.withSources([published.result]))[0]!, publishedJobId: published.publishedJobId };
  }

  /** "Clear history": every result that is not published; published ones (and their jobs) stay. */
  clearUnpublished(): Promise<number> {
    return this.store.deleteUnpublished();
  }
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
