import '../../test/support/jsdom-setup';
import type { AdminPublishedJobResponse } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { PublishedJobsSection } from './PublishedJobsSection';

const SLOW = { timeout: 5000 };
const LIST = 'GET /api/admin/published-jobs';

let sequence = 0;
function aJob(overrides: Partial<AdminPublishedJobResponse> = {}): AdminPublishedJobResponse {
  sequence += 1;
  return {
    id: `0c498c60-ecee-40ad-b883-1171417200${String(sequence).padStart(2, '0')}`,
    title: `AI 产品经理 ${sequence}`,
    company: '长沙智算科技有限公司',
    companyLogo: null,
    location: '长沙·岳麓区',
    remote: false,
    employmentType: 'full_time',
    salaryMin: 15000,
    salaryMax: 25000,
    salaryCurrency: 'CNY',
    description: '负责大模型应用产品规划',
    requirements: '三年以上产品经验',
    skillTags: ['AI', 'PRD'],
    sourceUrl: `https://www.zhipin.com/job_detail/${sequence}.html`,
    postedAt: '2025-08-10T08:00:00.000Z',
    crawlResultId: null,
    isActive: true,
    publishedAt: '2025-08-12T02:00:00.000Z',
    closedReason: null,
    closedEvidence: null,
    sourceCheckedAt: null,
    sourceCheckOutcome: null,
    ...overrides,
  };
}

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

function jobCard(title: string): HTMLElement {
  return screen.getByRole('article', { name: title });
}

describe(PublishedJobsSection.name, () => {
  it('shows the total, the list within 700 px, the admin salary and at most 5 skill tags then +N', async () => {
    const tagged = aJob({ title: 'AI 产品经理', skillTags: ['AI', 'PRD', 'SQL', 'RAG', 'Axure', 'Prompt', 'Agent'] });
    const negotiable = aJob({ title: '大模型产品经理', salaryMin: null, salaryMax: null, isActive: false, skillTags: ['LLM'] });
    answerFetch({ [LIST]: ok([tagged, negotiable]) });
    renderInAdmin(<PublishedJobsSection />);

    expect(await screen.findByTestId('published-jobs-total', {}, SLOW)).toHaveTextContent('共 2 个职位');
    expect(screen.getByTestId('published-jobs-list')).toHaveStyle({ maxHeight: '700px', overflowY: 'auto' });
    const first = jobCard('AI 产品经理');
    expect(within(first).getByTestId('published-job-facts')).toHaveTextContent('长沙智算科技有限公司 · 长沙·岳麓区 · 1.5万 - 2.5万');
    const tags = within(first).getByTestId('skill-tags');
    for (const tag of ['AI', 'PRD', 'SQL', 'RAG', 'Axure']) expect(within(tags).getByText(tag)).toBeInTheDocument();
    expect(within(tags).queryByText('Prompt')).not.toBeInTheDocument();
    expect(within(tags).getByTestId('skill-tags-more')).toHaveTextContent('+2');
    expect(within(first).getByTestId('published-job-state')).toHaveTextContent('显示中');
    expect(within(first).getByRole('switch')).toBeChecked();

    const second = jobCard('大模型产品经理');
    expect(within(second).getByTestId('published-job-facts')).toHaveTextContent('面议');
    expect(within(second).queryByTestId('skill-tags-more')).not.toBeInTheDocument();
    expect(within(second).getByTestId('published-job-state')).toHaveTextContent('已停用');
    expect(within(second).getByRole('switch')).not.toBeChecked();
  });

  it('shows why the liveness check deactivated a job, and the last check of the others', async () => {
    const closed = aJob({ title: '来源已关闭的职位', isActive: false, closedReason: 'source_closed', closedEvidence: '职位已关闭', sourceCheckedAt: '2026-11-28T08:40:00.000Z', sourceCheckOutcome: 'closed' });
    const refused = aJob({ title: '来源拒绝核验的职位', sourceCheckedAt: '2026-11-28T08:41:00.000Z', sourceCheckOutcome: 'refused' });
    const unchecked = aJob({ title: '尚未核验的职位' });
    answerFetch({ [LIST]: ok([closed, refused, unchecked]) });
    renderInAdmin(<PublishedJobsSection />);

    const closedCard = await screen.findByRole('article', { name: '来源已关闭的职位' }, SLOW);
    expect(within(closedCard).getByTestId('published-job-state')).toHaveTextContent('已停用');
    expect(within(closedCard).getByTestId('published-job-closed')).toHaveTextContent(/^来源已关闭：来源显示职位已关闭（职位已关闭）· 核验于 2026/);
    expect(within(jobCard('来源拒绝核验的职位')).getByTestId('published-job-checked')).toHaveTextContent(/^上次核验：来源拒绝访问，状态未变 · 2026/);
    expect(within(jobCard('来源拒绝核验的职位')).queryByTestId('published-job-closed')).not.toBeInTheDocument();
    expect(within(jobCard('尚未核验的职位')).queryByTestId('published-job-checked')).not.toBeInTheDocument();
  });

  it('deactivates a job only after 确定要停用此职位吗？, then says 更新成功 and reads the list again', async () => {
    const job = aJob({ title: 'AI 产品经理' });
    const calls = answerFetch({
      [LIST]: [ok([job]), ok([{ ...job, isActive: false }])],
      [`PATCH /api/admin/published-jobs/${job.id}/status`]: { status: 200, body: { success: true, message: '更新成功', data: { ...job, isActive: false } } },
    });
    const user = userEvent.setup();
    renderInAdmin(<PublishedJobsSection />);

    await user.click(within(await screen.findByRole('article', { name: 'AI 产品经理' }, SLOW)).getByRole('switch'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要停用此职位吗？');
    await user.click(within(dialog).getByRole('button', { name: '停用' }));

    expect(await screen.findByText('更新成功', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key.startsWith('PATCH'))?.body).toEqual({ isActive: false });
    await waitFor(() => expect(within(jobCard('AI 产品经理')).getByTestId('published-job-state')).toHaveTextContent('已停用'), SLOW);
    expect(calls.filter((call) => call.key === LIST)).toHaveLength(2);
  });

  it('asks 确定要激活此职位吗？ for a deactivated job, and changes nothing when cancelled', async () => {
    const job = aJob({ title: '大模型产品经理', isActive: false });
    const calls = answerFetch({ [LIST]: ok([job]) });
    const user = userEvent.setup();
    renderInAdmin(<PublishedJobsSection />);

    await user.click(within(await screen.findByRole('article', { name: '大模型产品经理' }, SLOW)).getByRole('switch'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要激活此职位吗？');
    await user.click(within(dialog).getByRole('button', { name: /取消|Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((call) => call.key)).toEqual([LIST]);
  });

  it('deletes after 确定要删除职位"…"吗？此操作不可恢复。 and says 删除成功', async () => {
    const job = aJob({ title: 'AIGC 产品经理' });
    const calls = answerFetch({
      [LIST]: [ok([job]), ok([])],
      [`DELETE /api/admin/published-jobs/${job.id}`]: { status: 200, body: { success: true, message: '删除成功' } },
    });
    const user = userEvent.setup();
    renderInAdmin(<PublishedJobsSection />);

    await user.click(within(await screen.findByRole('article', { name: 'AIGC 产品经理' }, SLOW)).getByRole('button', { name: /删除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要删除职位"AIGC 产品经理"吗？此操作不可恢复。');
    await user.click(within(dialog).getByRole('button', { name: '删除' }));

    expect(await screen.findByText('删除成功', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('暂无已发布职位', {}, SLOW)).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain(`DELETE /api/admin/published-jobs/${job.id}`);
  });

  it('says 更新失败 with the reason of the API’s code', async () => {
    const job = aJob({ title: 'AI 产品经理' });
    answerFetch({
      [LIST]: ok([job]),
      [`PATCH /api/admin/published-jobs/${job.id}/status`]: { status: 404, body: { success: false, code: 'JOB_NOT_FOUND', message: '职位不存在' } },
    });
    const user = userEvent.setup();
    renderInAdmin(<PublishedJobsSection />);

    await user.click(within(await screen.findByRole('article', { name: 'AI 产品经理' }, SLOW)).getByRole('switch'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '停用' }));
    expect(await screen.findByText('更新失败：职位不存在', {}, SLOW)).toBeInTheDocument();
  });
});
