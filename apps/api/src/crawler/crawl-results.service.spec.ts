import { CrawlResultStatus, type ReviewDecision } from '@aipm/contracts';
import type { CreateManualJobDto } from '@aipm/contracts/dto';
import type { CrawlResult, NewCrawlResult, PublishedJob, PublishedJobCopy } from '@aipm/database';
import type { CountedPage, CrawlResultsFilter, CrawlResultsRepository, PostingUnderLock } from './crawl-results.repository';
import { CrawlResultsService, type CrawlResultsStore } from './crawl-results.service';

const FOUND_AT = new Date('2026-11-24T08:30:00.000Z');

/** A stored crawl result; each test names only what it is about. */
function result(fields: Partial<CrawlResult> & { id: string }): CrawlResult {
  return {
    taskId: 'task-1', title: 'AI 产品经理', company: '长沙某科技有限公司', location: '长沙', salary: '15-25K', salaryMin: 15000,
    salaryMax: 25000, salaryCurrency: 'CNY', salaryPeriod: 'month', salaryMonths: 12, postedAt: null, description: null,
    requirements: null, skillTags: ['AI'], sourceUrl: `https://www.zhipin.com/job_detail/${fields.id}.html`, site: 'zhipin',
    dedupeKey: null, rawData: null, status: CrawlResultStatus.Pending, reviewFeedback: null, extractedAt: FOUND_AT,
    reviewedAt: null, publishedAt: null, createdAt: FOUND_AT,
    ...fields,
  } as CrawlResult;
}

type PublishedRow = PublishedJobCopy & Pick<PublishedJob, 'id' | 'crawlResultId' | 'publishedAt'>;

/** The repository's calls over results and published jobs kept in memory, with the same conditions. */
class InMemoryResults implements CrawlResultsStore {
  rows = new Map<string, CrawlResult>();
  jobs: PublishedRow[] = [];

  constructor(...rows: CrawlResult[]) {
    for (const row of rows) this.rows.set(row.id, row);
  }

  private newestFirst(filter: CrawlResultsFilter): CrawlResult[] {
    return [...this.rows.values()]
      .filter((row) => (!filter.status || row.status === filter.status) && (!filter.site || row.site === filter.site))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async page(filter: CrawlResultsFilter, offset: number, limit: number): Promise<CountedPage<CrawlResult>> {
    const all = this.newestFirst(filter);
    return { rows: all.slice(offset, offset + limit), total: all.length, totalIsEstimate: false };
  }

  async pageIds(filter: CrawlResultsFilter, offset: number, limit: number): Promise<CountedPage<string>> {
    const page = await this.page(filter, offset, limit);
    return { ...page, rows: page.rows.map((row) => row.id) };
  }

  async taskPageIds(filter: CrawlResultsFilter & { taskId: string }, offset: number, limit: number) {
    const all = this.newestFirst(filter).filter((row) => row.taskId === filter.taskId);
    return { ids: all.slice(offset, offset + limit).map((row) => row.id), total: all.length };
  }

  async withPostings(ids: readonly string[]): Promise<CrawlResult[]> {
    const keys = new Set(ids.flatMap((id) => this.rows.get(id)?.dedupeKey ?? []));
    return [...this.rows.values()].filter((row) => ids.includes(row.id) || (row.dedupeKey !== null && keys.has(row.dedupeKey)));
  }

  async postingsOf(keys: readonly string[]): Promise<CrawlResult[]> {
    return [...this.rows.values()].filter((row) => row.dedupeKey !== null && keys.includes(row.dedupeKey));
  }

  async findById(id: string): Promise<CrawlResult | null> {
    return this.rows.get(id) ?? null;
  }

  async insert(row: NewCrawlResult): Promise<CrawlResult | null> {
    if ([...this.rows.values()].some((other) => other.sourceUrl === row.sourceUrl)) return null;
    const saved = result({ ...row, id: `manual-${this.rows.size + 1}` });
    this.rows.set(saved.id, saved);
    return saved;
  }

  async decidePending(id: string, decision: ReviewDecision, feedback?: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.status !== CrawlResultStatus.Pending) return false;
    Object.assign(row, { status: decision, reviewedAt: new Date(), ...(feedback === undefined ? {} : { reviewFeedback: feedback }) });
    return true;
  }

  async withPostingLocked<T>(id: string, work: (posting: PostingUnderLock) => Promise<T>): Promise<T> {
    const found = this.rows.get(id);
    const row = found ? { ...found } : null;
    const others = row?.dedupeKey ? [...this.rows.values()].filter((other) => other.dedupeKey === row.dedupeKey && other.id !== id).sort((a, b) => a.id.localeCompare(b.id)) : [];
    return work({
      result: row,
      others,
      publishedJobOf: async (resultId) => this.jobs.find((job) => job.crawlResultId === resultId)?.id ?? null,
      publish: async (resultId, job) => {
        const saved = { ...job, id: `job-${this.jobs.length + 1}` };
        this.jobs.push(saved);
        Object.assign(this.rows.get(resultId)!, { status: CrawlResultStatus.Published, publishedAt: job.publishedAt });
        return saved.id;
      },
    });
  }

  async deleteUnpublished(): Promise<number> {
    const doomed = [...this.rows.values()].filter((row) => row.status !== CrawlResultStatus.Published);
    for (const row of doomed) this.rows.delete(row.id);
    return doomed.length;
  }
}

const serviceOver = (store: InMemoryResults) => new CrawlResultsService(store as unknown as CrawlResultsRepository);

const MANUAL_JOB: CreateManualJobDto = {
  title: ' AI 产品经理 ',
  company: '长沙某科技有限公司',
  location: '长沙',
  salary: '15-25K·14薪',
  description: '负责 AI 产品的规划与落地，推动跨团队协作。',
  requirements: '三年以上产品经验，熟悉大模型应用。',
  skillTags: [' AI ', '产品'],
  sourceUrl: 'https://www.liepin.com/job/1970001.shtml',
  status: 'approved',
};

describe(CrawlResultsService.name, () => {
  describe('review', () => {
    it('approves a pending result with the reviewer\'s comment', async () => {
      const store = new InMemoryResults(result({ id: 'r1' }));
      const view = await serviceOver(store).review('r1', 'approved', '可以发布');
      expect(view).toMatchObject({ id: 'r1', status: 'approved', reviewFeedback: '可以发布' });
    });

    it('refuses to decide a result twice', async () => {
      const store = new InMemoryResults(result({ id: 'r1', status: CrawlResultStatus.Rejected }));
      await expect(serviceOver(store).review('r1', 'approved')).rejects.toMatchObject({ code: 'REVIEW_ONLY_PENDING' });
      expect(store.rows.get('r1')!.status).toBe(CrawlResultStatus.Rejected);
    });

    it('answers not found for an unknown result', async () => {
      await expect(serviceOver(new InMemoryResults()).review('nope', 'approved')).rejects.toMatchObject({ code: 'RESULT_NOT_FOUND' });
    });
  });

  describe('publish', () => {
    it('publishes an approved result as a public job with a monthly salary', async () => {
      const store = new InMemoryResults(result({ id: 'r1', status: CrawlResultStatus.Approved, salaryMin: 240000, salaryMax: 360000, salaryPeriod: 'year' }));
      const { result: view, publishedJobId } = await serviceOver(store).publish('r1');
      expect(view.status).toBe('published');
      expect(view.publishedAt).not.toBeNull();
      expect(store.jobs).toEqual([expect.objectContaining({ id: publishedJobId, crawlResultId: 'r1', title: 'AI 产品经理', salaryMin: 20000, salaryMax: 30000, salaryCurrency: 'CNY' })]);
    });

    it('answers the job made the first time when the result is published again', async () => {
      const store = new InMemoryResults(result({ id: 'r1', status: CrawlResultStatus.Approved }));
      const first = await serviceOver(store).publish('r1');
      const again = await serviceOver(store).publish('r1');
      expect(again.publishedJobId).toBe(first.publishedJobId);
      expect(store.jobs).toHaveLength(1);
    });

    it('answers the job of a posting already published from another site', async () => {
      const key = 'ai产品经理|长沙某科技|长沙';
      const store = new InMemoryResults(result({ id: 'r1', dedupeKey: key, status: CrawlResultStatus.Approved }), result({ id: 'r2', dedupeKey: key, site: 'liepin', status: CrawlResultStatus.Approved }));
      const first = await serviceOver(store).publish('r2');
      const twin = await serviceOver(store).publish('r1');
      expect(twin).toMatchObject({ publishedJobId: first.publishedJobId, result: { id: 'r2', status: 'published' } });
      expect(store.jobs).toHaveLength(1);
      expect(store.rows.get('r1')!.status).toBe(CrawlResultStatus.Approved);
    });

    it('refuses to publish a result that is not approved', async () => {
      const store = new InMemoryResults(result({ id: 'r1' }));
      await expect(serviceOver(store).publish('r1')).rejects.toMatchObject({ code: 'PUBLISH_ONLY_APPROVED' });
      expect(store.jobs).toEqual([]);
    });

    it('answers not found for an unknown result', async () => {
      await expect(serviceOver(new InMemoryResults()).publish('nope')).rejects.toMatchObject({ code: 'RESULT_NOT_FOUND' });
    });
  });

  describe('createManual', () => {
    it('adds the job approved, trimmed, on the site of its address and with its posting key', async () => {
      const store = new InMemoryResults();
      const view = await serviceOver(store).createManual(MANUAL_JOB);
      expect(view).toMatchObject({ status: 'approved', title: 'AI 产品经理', skillTags: ['AI', '产品'], site: 'liepin', salaryMonths: 14, taskId: null, postedAt: null });
      expect(view.reviewedAt).not.toBeNull();
      expect(store.rows.get(view.id)!.dedupeKey).toBe('ai产品经理|长沙某科技|长沙');
    });

    it('refuses a second job at the same address', async () => {
      const store = new InMemoryResults(result({ id: 'r1', sourceUrl: MANUAL_JOB.sourceUrl }));
      await expect(serviceOver(store).createManual(MANUAL_JOB)).rejects.toMatchObject({ code: 'DUPLICATE_SOURCE_URL' });
    });
  });

  it('views results in the order asked, unknown ones skipped, each listing its posting\'s sources itself first', async () => {
    const key = 'ai产品经理|长沙某科技|长沙';
    const store = new InMemoryResults(result({ id: 'r1', dedupeKey: key }), result({ id: 'r2', dedupeKey: key, site: 'liepin' }), result({ id: 'r3' }));
    const views = await serviceOver(store).findByIds(['r3', 'gone', 'r2']);
    expect(views.map((view) => view.id)).toEqual(['r3', 'r2']);
    expect(views[1]!.sources.map((source) => source.resultId)).toEqual(['r2', 'r1']);
  });

  it('clears every result that is not published', async () => {
    const store = new InMemoryResults(result({ id: 'r1' }), result({ id: 'r2', status: CrawlResultStatus.Published }));
    expect(await serviceOver(store).clearUnpublished()).toBe(1);
    expect([...store.rows.keys()]).toEqual(['r2']);
  });
});
