import '../../test/support/jsdom-setup';
import type { CrawlLiveEvent, CrawlResultResponse, CrawlTaskResponse } from '@aipm/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { CrawlerSection } from './CrawlerSection';

const SLOW = { timeout: 5000 };
const STATUS = 'GET /api/admin/firecrawl-config';
const TASKS = 'GET /api/admin/crawl-tasks';
const LATEST = 'GET /api/admin/crawl-results?limit=20';

/** The browser's EventSource, which jsdom lacks: the test plays the server's pushed events. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  push(event: CrawlLiveEvent) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) } as MessageEvent<string>));
  }
}

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const usable = { status: 200, body: { isValid: true, reason: 'usable', worker: 'worker-1:42', message: '爬虫服务可用（抓取进程 worker-1:42）' } };

function task(overrides: Partial<CrawlTaskResponse> = {}): CrawlTaskResponse {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: '长沙 AI产品经理',
    site: 'zhaopin',
    keywords: ['AI产品经理'],
    targetUrls: ['https://sou.zhaopin.com/?jl=749&kw=AI&p=1'],
    status: 'pending',
    enableJavaScriptRendering: true,
    antiDetectionMode: true,
    waitTime: 8000,
    maxResults: 100,
    createdAt: '2026-11-24T02:00:00.000Z',
    lastRunAt: null,
    lastRunStats: null,
    createdBy: null,
    schedule: null,
    nextRunAt: null,
    ...overrides,
  };
}

function result(overrides: Partial<CrawlResultResponse> = {}): CrawlResultResponse {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    taskId: null,
    title: 'AI 产品经理',
    company: '长沙智算',
    location: '长沙',
    salary: '15-25K',
    salaryMin: 15000,
    salaryMax: 25000,
    salaryCurrency: 'CNY',
    salaryPeriod: 'month',
    salaryMonths: null,
    postedAt: null,
    description: '负责大模型产品的规划',
    requirements: '三年以上产品经验',
    skillTags: ['AI'],
    sourceUrl: 'https://jobs.zhaopin.com/1.htm',
    site: 'zhaopin',
    status: 'pending',
    reviewFeedback: null,
    extractedAt: '2026-11-24T02:00:00.000Z',
    reviewedAt: null,
    publishedAt: null,
    createdAt: '2026-11-24T02:00:00.000Z',
    sources: [],
    ...overrides,
  };
}

const page = (data: CrawlResultResponse[], total = data.length) => ({ status: 200, body: { success: true, data, total } });

beforeEach(() => {
  FakeEventSource.instances = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
});

describe(CrawlerSection.name, () => {
  it('disables task creation while the crawling service is not usable, and says why', async () => {
    answerFetch({ [STATUS]: { status: 200, body: { isValid: false, reason: 'worker_missing', message: '…' } }, [TASKS]: ok([]), [LATEST]: page([]) });
    renderInAdmin(<CrawlerSection />);
    expect(await screen.findByText('抓取服务不可用：抓取进程未运行', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '创建任务' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '创建任务' })).toHaveAccessibleDescription('抓取服务可用后才能创建任务');
  });

  it('creates a task with the documented checks and a live preview of keywords × sites × cities', async () => {
    const calls = answerFetch({ [STATUS]: usable, [TASKS]: ok([]), [LATEST]: page([]), 'POST /api/admin/crawl-tasks': { status: 201, body: { success: true, data: task() } } });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerSection />);
    expect(await screen.findByText('抓取服务可用（抓取进程 worker-1:42）', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '创建任务' }));
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('checkbox', { name: '智联招聘' }));
    const wait = within(dialog).getByRole('spinbutton', { name: '页面等待时间（毫秒）' });
    await user.clear(wait);
    await user.type(wait, '2000');
    await user.click(within(dialog).getByRole('button', { name: '创建任务' }));
    expect(within(dialog).getByText('任务名称不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('关键词不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('请至少选择一个招聘网站')).toBeInTheDocument();
    expect(within(dialog).getByText('等待时间不能少于3秒')).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);

    await user.click(within(dialog).getByRole('textbox', { name: '任务名称' }));
    await user.paste('长沙 AI');
    await user.click(within(dialog).getByRole('textbox', { name: '关键词' }));
    await user.paste('AI产品经理, 数据产品');
    await user.click(within(dialog).getByRole('checkbox', { name: '前程无忧' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'BOSS直聘' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '北京' }));
    expect(within(dialog).getByTestId('task-preview-count')).toHaveTextContent('8 个搜索页（2 个关键词 × 2 个网站 × 2 个城市）');
    expect(within(within(dialog).getByTestId('task-preview')).getAllByRole('listitem')[0]).toHaveTextContent('https://we.51job.com/pc/search?keyword=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&jobArea=190200');
    await user.clear(wait);
    await user.type(wait, '5000');
    await user.click(within(dialog).getByRole('button', { name: '创建任务' }));

    expect(await screen.findByText('创建成功', {}, SLOW)).toBeInTheDocument();
    const body = calls.find((call) => call.key === 'POST /api/admin/crawl-tasks')?.body as { targetUrls: string[] };
    expect(body).toMatchObject({ name: '长沙 AI', keywords: ['AI产品经理', '数据产品'], enableJavaScriptRendering: true, antiDetectionMode: true, waitTime: 5000, maxResults: 100 });
    expect(body.targetUrls).toHaveLength(8);
    expect(body).not.toHaveProperty('site');
  }, 60_000);

  it('previews the addresses the worker really loads when its CRAWLER_SITE_ORIGINS reroutes a site, and still sends the real ones', async () => {
    const rerouting = { status: 200, body: { ...usable.body, siteOrigins: { job51: 'http://127.0.0.1:4012' } } };
    const calls = answerFetch({ [STATUS]: rerouting, [TASKS]: ok([]), [LATEST]: page([]), 'POST /api/admin/crawl-tasks': { status: 201, body: { success: true, data: task() } } });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerSection />);
    expect(await screen.findByText('抓取服务可用（抓取进程 worker-1:42）', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '创建任务' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: '任务名称' }));
    await user.paste('长沙 AI');
    await user.click(within(dialog).getByRole('textbox', { name: '关键词' }));
    await user.paste('AI产品经理');
    await user.click(within(dialog).getByRole('checkbox', { name: '智联招聘' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '前程无忧' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'BOSS直聘' }));

    const [job51, zhipin] = within(within(dialog).getByTestId('task-preview')).getAllByRole('listitem');
    expect(job51).toHaveTextContent(/^http:\/\/127\.0\.0\.1:4012\/pc\/search\?keyword=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&jobArea=190200&/);
    // A site the worker does not reroute keeps its real address.
    expect(zhipin).toHaveTextContent(/^https:\/\/www\.zhipin\.com\//);
    expect(within(dialog).getByTestId('task-preview-rerouted')).toHaveTextContent('抓取进程把 前程无忧 改到了 CRAWLER_SITE_ORIGINS 中的地址');

    await user.click(within(dialog).getByRole('button', { name: '创建任务' }));
    expect(await screen.findByText('创建成功', {}, SLOW)).toBeInTheDocument();
    // The task keeps the real sites' addresses: the worker reroutes them when it loads them.
    const body = calls.find((call) => call.key === 'POST /api/admin/crawl-tasks')?.body as { targetUrls: string[] };
    expect(body.targetUrls[0]).toMatch(/^https:\/\/we\.51job\.com\/pc\/search\?keyword=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&jobArea=190200&/);
  }, 60_000);

  it('shows the task states, the run button reading 运行中 while running, live progress pushed by the server, and the last run’s figures', async () => {
    const running = task({ status: 'running', lastRunAt: '2026-11-24T02:01:00.000Z' });
    const done = task({
      id: '33333333-3333-4333-8333-333333333333',
      name: '已完成任务',
      status: 'failed',
      maxResults: 15,
      lastRunStats: { jobId: '7', attempt: 1, startedAt: '', finishedAt: '', pagesTotal: 3, pagesDone: 2, found: 20, new: 15, duplicates: 5, failures: { captcha: 1 }, snapshots: {}, sources: {}, failureReason: 'captcha', message: null },
    });
    const calls = answerFetch({ [STATUS]: usable, [TASKS]: [ok([running, done]), ok([{ ...running, status: 'completed' }, done])], [LATEST]: page([]) });
    renderInAdmin(<CrawlerSection />);

    const runningCard = await screen.findByRole('article', { name: '长沙 AI产品经理' }, SLOW);
    expect(within(runningCard).getByTestId('crawl-task-status')).toHaveTextContent('运行中');
    expect(within(runningCard).getByRole('button', { name: '运行中' })).toBeDisabled();
    const failedCard = screen.getByRole('article', { name: '已完成任务' });
    expect(within(failedCard).getByTestId('crawl-task-status')).toHaveTextContent('失败');
    expect(within(failedCard).getByTestId('crawl-task-stats')).toHaveTextContent('2 页 · 找到 20 个职位 · 新增 15 · 重复 5');
    expect(within(failedCard).getByTestId('crawl-task-stats')).toHaveTextContent('出现验证码 1 次');
    // docs/product/crawler.md#task-card: the card shows the task's own max results.
    expect(within(failedCard).getByTestId('crawl-task-max-results')).toHaveTextContent('最大结果数：15');
    expect(within(runningCard).getByTestId('crawl-task-max-results')).toHaveTextContent('最大结果数：100');

    const source = FakeEventSource.instances[0];
    expect(source.url).toBe('/api/admin/crawler/events');
    source.push({ type: 'progress', taskId: running.id, jobId: '8', pagesDone: 3, pagesTotal: 6, jobsFound: 30 });
    expect(within(runningCard).getByTestId('crawl-task-progress-text')).toHaveTextContent('已完成 3 / 6 页，已找到 30 个职位');
    expect(within(runningCard).getByRole('progressbar', { name: '任务“长沙 AI产品经理”的进度' })).toHaveAttribute('aria-valuenow', '50');

    const before = calls.filter((call) => call.key === TASKS).length;
    source.push({ type: 'finished', taskId: running.id, jobId: '8', status: 'completed' });
    // A pushed end reads the list again; nothing is fetched on a timer.
    await waitFor(() => expect(calls.filter((call) => call.key === TASKS).length).toBe(before + 1));
    expect(await within(runningCard).findByText('已完成', {}, SLOW)).toBeInTheDocument();
  });

  it('shows 等待验证 pushed with the progress, and 处理验证 attaches the live view to the crawl’s own page', async () => {
    const running = task({ status: 'running', lastRunAt: '2026-11-24T02:01:00.000Z' });
    answerFetch({ [STATUS]: usable, [TASKS]: ok([running]), [LATEST]: page([]) });
    renderInAdmin(<CrawlerSection />);
    const card = await screen.findByRole('article', { name: '长沙 AI产品经理' }, SLOW);
    expect(within(card).queryByTestId('crawl-task-waiting-check')).not.toBeInTheDocument();

    const viewId = '44444444-4444-4444-8444-444444444444';
    const check = { reason: 'captcha' as const, viewId, url: 'https://www.zhipin.com/web/geek/job?page=3', pageNumber: 3, since: '2026-11-24T02:02:00.000Z', until: '2026-11-24T02:32:00.000Z' };
    FakeEventSource.instances[0].push({ type: 'progress', taskId: running.id, jobId: '8', pagesDone: 4, pagesTotal: 9, jobsFound: 40, humanChecks: { zhipin: check } });
    expect(within(card).getByTestId('crawl-task-waiting-check')).toHaveTextContent('等待验证');
    expect(within(card).getByTestId('crawl-task-status')).toHaveTextContent('运行中');
    expect(within(card).getByTestId('crawl-task-check')).toHaveTextContent(/^等待验证：BOSS直聘第 3 页（出现验证码），其他站点继续抓取；.+前未完成将跳过该站点/);

    await userEvent.click(within(card).getByRole('button', { name: '在实时画面中处理BOSS直聘的验证：长沙 AI产品经理' }));
    // No new view is opened: the dialog follows the view the crawl holds.
    expect(await screen.findByRole('dialog', { name: '处理验证：BOSS直聘第 3 页（抓取中的页面）' }, SLOW)).toBeInTheDocument();
    expect(FakeEventSource.instances.map((source) => source.url)).toContain(`/api/admin/crawler/live-view/${viewId}/events`);
    expect(screen.getByRole('button', { name: '完成并继续抓取' })).toBeEnabled();

    FakeEventSource.instances[0].push({ type: 'progress', taskId: running.id, jobId: '8', pagesDone: 9, pagesTotal: 9, jobsFound: 90 });
    expect(within(card).queryByTestId('crawl-task-waiting-check')).not.toBeInTheDocument();
  });

  it('reviews results: badges, approve and publish with the documented toasts, no action on a published one', async () => {
    const pending = result();
    const approved = result({ id: '44444444-4444-4444-8444-444444444444', title: '已批准职位', status: 'approved' });
    const published = result({ id: '55555555-5555-4555-8555-555555555555', title: '已发布职位', status: 'published', site: null, sourceUrl: 'https://jobs.example.com/1' });
    const calls = answerFetch({
      [STATUS]: usable,
      [TASKS]: ok([]),
      [LATEST]: page([pending, approved, published], 42),
      [`PATCH /api/admin/crawl-results/${pending.id}/review`]: ok({ ...pending, status: 'approved' }),
      [`POST /api/admin/crawl-results/${approved.id}/publish`]: ok({ ...approved, status: 'published' }),
    });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerSection />);

    const pendingCard = await screen.findByRole('article', { name: 'AI 产品经理' }, SLOW);
    expect(screen.getByTestId('crawl-results-count')).toHaveTextContent('显示最新 3 条，共 42 条');
    expect(within(pendingCard).getByTestId('crawl-result-status')).toHaveTextContent('待审核');
    const publishedCard = screen.getByRole('article', { name: '已发布职位' });
    expect(within(publishedCard).getByTestId('crawl-result-status')).toHaveTextContent('已发布');
    expect(within(publishedCard).queryAllByRole('button')).toEqual([]);
    expect(within(publishedCard).getByText('其他网站')).toBeInTheDocument();

    await user.click(within(pendingCard).getByRole('button', { name: '批准“AI 产品经理”' }));
    expect(await screen.findByText('批准成功', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key.startsWith('PATCH'))?.body).toEqual({ status: 'approved' });
    await user.click(within(screen.getByRole('article', { name: '已批准职位' })).getByRole('button', { name: '发布“已批准职位”' }));
    expect(await screen.findByText('发布成功：职位已发布到网站首页', {}, SLOW)).toBeInTheDocument();
  });

  it('shows one posting found on two sites as one review item with a link to each place', async () => {
    const twoSites = result({
      sources: [
        { resultId: '22222222-2222-4222-8222-222222222222', site: 'zhaopin', sourceUrl: 'https://jobs.zhaopin.com/1.htm', taskId: null, extractedAt: '2026-11-24T02:00:00.000Z' },
        { resultId: '66666666-6666-4666-8666-666666666666', site: 'zhipin', sourceUrl: 'https://www.zhipin.com/job_detail/1.html', taskId: null, extractedAt: '2026-11-24T02:05:00.000Z' },
      ],
    });
    answerFetch({ [STATUS]: usable, [TASKS]: ok([]), [LATEST]: page([twoSites]) });
    renderInAdmin(<CrawlerSection />);

    const card = await screen.findByRole('article', { name: 'AI 产品经理' }, SLOW);
    const places = within(card).getByRole('list', { name: '同一职位在 2 个来源找到' });
    const links = within(places).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://jobs.zhaopin.com/1.htm', 'https://www.zhipin.com/job_detail/1.html']);
    expect(links[1]).toHaveAccessibleName(expect.stringContaining('在 BOSS直聘 查看来源'));
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('schedules a task by cron: the shape checked before any call, the next run shown after saving', async () => {
    const plain = task();
    const scheduled = task({ schedule: '0 9 * * 1-5', nextRunAt: '2026-11-25T01:00:00.000Z' });
    const calls = answerFetch({
      [STATUS]: usable,
      [TASKS]: ok([plain]),
      [LATEST]: page([]),
      [`PUT /api/admin/crawl-tasks/${plain.id}/schedule`]: { status: 200, body: { success: true, message: '定时抓取已设置', data: scheduled } },
    });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerSection />);

    await user.click(await screen.findByRole('button', { name: '定时抓取：长沙 AI产品经理' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: '定时抓取：长沙 AI产品经理' });
    const cron = within(dialog).getByRole('textbox', { name: 'Cron 表达式' });
    await user.type(cron, 'every day');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText(/Cron 表达式无效/)).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);

    await user.clear(cron);
    await user.type(cron, '0 9 * * 1-5');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText(/定时抓取已设置，下次运行/, {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({ cron: '0 9 * * 1-5' });
  });

  it('pages through all results on the server and filters by site', async () => {
    const calls = answerFetch({
      [STATUS]: usable,
      [TASKS]: ok([]),
      [LATEST]: page([result()], 120),
      'GET /api/admin/crawl-results?limit=50&offset=0': page([result()], 120),
      'GET /api/admin/crawl-results?limit=50&offset=50': page([result()], 120),
    });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerSection />);
    await screen.findByRole('article', { name: 'AI 产品经理' }, SLOW);
    await user.click(screen.getByRole('switch', { name: '显示全部' }));
    expect(await screen.findByText('第 1–1 条，共 120 条', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('第 51–51 条，共 120 条', {}, SLOW)).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain('GET /api/admin/crawl-results?limit=50&offset=50');
  });

  it('says "共约" when the server estimated the total (past its exact count, ADR 028)', async () => {
    answerFetch({ [STATUS]: usable, [TASKS]: ok([]), [LATEST]: { status: 200, body: { success: true, data: [result()], total: 90_000, totalIsEstimate: true } } });
    renderInAdmin(<CrawlerSection />);
    expect(await screen.findByText('显示最新 1 条，共约 90000 条', {}, SLOW)).toBeInTheDocument();
  });

  it('clears the unpublished history behind the documented confirm and says how many', async () => {
    answerFetch({ [STATUS]: usable, [TASKS]: ok([]), [LATEST]: page([]), 'DELETE /api/admin/crawl-results/clear': { status: 200, body: { success: true, message: '已清除 3 条未发布的记录', deletedCount: 3 } } });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerSection />);
    await user.click(await screen.findByRole('button', { name: '清除历史' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要清除未发布的历史记录吗？已发布的职位将保留。');
    await user.click(within(dialog).getByRole('button', { name: '清除历史' }));
    expect(await screen.findByText('清除成功：已清除 3 条未发布的记录', {}, SLOW)).toBeInTheDocument();
  });

  it('adds a job by hand as approved, with the recommendation and the 10-character rules', async () => {
    const calls = answerFetch({ [STATUS]: usable, [TASKS]: ok([]), [LATEST]: page([]), 'POST /api/admin/crawl-results': { status: 201, body: { success: true, data: result({ status: 'approved' }) } } });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerSection />);
    await user.click(await screen.findByRole('button', { name: '手动添加职位' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('manual-job-recommendation')).toHaveTextContent('推荐手动添加');
    const fill: Array<[string, string]> = [
      ['职位名称', 'AI 产品经理'],
      ['公司名称', '长沙智算'],
      ['工作地点', '长沙'],
      ['薪资范围', '15-25K'],
      ['职位描述', '太短'],
      ['职位要求', '熟悉大模型应用，三年以上经验'],
      ['技能标签', 'AI, RAG'],
      ['来源链接', 'https://jobs.example.com/manual/9'],
    ];
    for (const [label, value] of fill) {
      await user.click(within(dialog).getByRole('textbox', { name: label }));
      await user.paste(value);
    }
    await user.click(within(dialog).getByRole('button', { name: '添加职位' }));
    expect(within(dialog).getByText('职位描述至少10个字符')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: '职位描述' }));
    await user.paste('：负责 AI 产品规划与落地');
    await user.click(within(dialog).getByRole('button', { name: '添加职位' }));
    expect(await screen.findByText('添加成功', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/admin/crawl-results')?.body).toEqual({
      title: 'AI 产品经理',
      company: '长沙智算',
      location: '长沙',
      salary: '15-25K',
      description: '太短：负责 AI 产品规划与落地',
      requirements: '熟悉大模型应用，三年以上经验',
      skillTags: ['AI', 'RAG'],
      sourceUrl: 'https://jobs.example.com/manual/9',
      status: 'approved',
    });
  }, 60_000);

  it('runs the automated search with the documented defaults and shows the jobs it found', async () => {
    const found = [result(), result({ id: '66666666-6666-4666-8666-666666666666', title: '数据产品经理' })];
    const calls = answerFetch({
      [STATUS]: usable,
      [TASKS]: ok([]),
      [LATEST]: page([]),
      'POST /api/admin/crawl/run': { status: 200, body: { success: true, message: '自动抓取成功，找到 2 个职位', data: { taskId: 't', jobId: '9', finished: true, jobs: found } } },
    });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerSection />);
    const keyword = await screen.findByRole('textbox', { name: '关键词' }, SLOW);
    expect(keyword).toHaveValue('AI产品经理');
    // The fixed 50 is said, not offered as an input.
    expect(screen.getByTestId('automated-max-results')).toHaveTextContent('每次最多 50 个职位');
    expect(screen.queryByRole('textbox', { name: /最大结果数/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '开始抓取' }));
    expect(await screen.findByText('自动抓取成功：找到 2 个职位', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/admin/crawl/run')?.body).toEqual({ site: 'zhaopin', keywords: ['AI产品经理'], city: '长沙', maxResults: 50, taskName: '智联招聘 · AI产品经理 · 长沙' });
    expect(within(screen.getByTestId('automated-found')).getByText('数据产品经理')).toBeInTheDocument();
    await user.clear(keyword);
    expect(screen.getByRole('button', { name: '开始抓取' })).toBeDisabled();
  });
});
