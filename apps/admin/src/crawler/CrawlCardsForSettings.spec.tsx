import '../../test/support/jsdom-setup';
import type { CrawlResultResponse } from '@aipm/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { CrawlCardsForSettings } from './CrawlCardsForSettings';

const SLOW = { timeout: 5000 };
// react-admin screens clicked through with user-event: well over the default on a loaded 2-core runner.
jest.setTimeout(30_000);

function result(id: string, title: string): CrawlResultResponse {
  return {
    id,
    taskId: null,
    title,
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
    sourceUrl: `https://jobs.zhaopin.com/${id}.htm`,
    site: 'zhaopin',
    status: 'pending',
    reviewFeedback: null,
    extractedAt: '2026-11-24T02:00:00.000Z',
    reviewedAt: null,
    publishedAt: null,
    createdAt: '2026-11-24T02:00:00.000Z',
    sources: [],
  };
}

const first = result('22222222-2222-4222-8222-222222222222', '第一个职位');
const second = result('33333333-3333-4333-8333-333333333333', '第二个职位');

/** 爬虫配置's review card over two pending results: the first's review succeeds, the second's is refused. */
function renderReviewCard(locale: 'zh' | 'en') {
  answerFetch({
    'GET /api/admin/crawl-tasks': { status: 200, body: { success: true, data: [] } },
    'GET /api/admin/crawl-results?limit=20': { status: 200, body: { success: true, data: [first, second], total: 2 } },
    [`PATCH /api/admin/crawl-results/${first.id}/review`]: { status: 200, body: { success: true, data: { ...first, status: 'approved' } } },
    [`PATCH /api/admin/crawl-results/${second.id}/review`]: { status: 409, body: { success: false, code: 'REVIEW_ONLY_PENDING', message: '只能审核待审核的结果' } },
  });
  renderInAdmin(<CrawlCardsForSettings />, { locale });
}

beforeEach(() => {
  // The cards listen to the server's pushed crawl events; jsdom has no EventSource.
  Object.assign(globalThis, { EventSource: class { onopen = null; onerror = null; onmessage = null; close() {} } });
});

describe('the review card of 爬虫配置 (docs/product/crawler.md#result-states)', () => {
  it('says 审核成功 when a review is saved and 审核失败 when it is refused', async () => {
    const user = userEvent.setup();
    renderReviewCard('zh');
    await user.click(within(await screen.findByRole('article', { name: '第一个职位' }, SLOW)).getByRole('button', { name: '批准“第一个职位”' }));
    expect(await screen.findByText('审核成功：职位已批准', {}, SLOW)).toBeInTheDocument();
    await user.click(within(screen.getByRole('article', { name: '第二个职位' })).getByRole('button', { name: '拒绝“第二个职位”' }));
    expect(await screen.findByText(/^审核失败：/, {}, SLOW)).toBeInTheDocument();
  });

  it('says Reviewed and Review failed in English', async () => {
    const user = userEvent.setup();
    renderReviewCard('en');
    await user.click(within(await screen.findByRole('article', { name: '第一个职位' }, SLOW)).getByRole('button', { name: 'Approve “第一个职位”' }));
    expect(await screen.findByText('Reviewed: the job is approved', {}, SLOW)).toBeInTheDocument();
    await user.click(within(screen.getByRole('article', { name: '第二个职位' })).getByRole('button', { name: 'Reject “第二个职位”' }));
    expect(await screen.findByText(/^Review failed: /, {}, SLOW)).toBeInTheDocument();
  });
});
