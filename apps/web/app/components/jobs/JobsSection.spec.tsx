import type { PublicJob } from '@aipm/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithI18n } from '../../../test/support/render-with-i18n';

import { JobsSection } from './JobsSection';

const NOW = '2025-08-20T04:00:00.000Z';

let sequence = 0;
function job(overrides: Partial<PublicJob> = {}): PublicJob {
  sequence += 1;
  return {
    id: `job-${sequence}`,
    title: `AI 产品经理 ${sequence}`,
    company: `公司 ${sequence}`,
    companyLogo: null,
    location: '长沙',
    remote: false,
    employmentType: 'full_time',
    salaryMin: 15000,
    salaryMax: 25000,
    salaryCurrency: 'CNY',
    description: '负责大模型应用产品规划',
    requirements: '三年以上产品经验',
    skillTags: ['LLM', 'PRD', 'SQL', 'RAG', 'Agent'],
    sourceUrl: `https://jobs.example.com/${sequence}`,
    postedAt: '2025-08-20T01:00:00.000Z',
    ...overrides,
  };
}

/** What fetchJobs reads of a response (jsdom has no Response class). */
function answer(body: unknown, status = 200) {
  return Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as Response);
}

describe(JobsSection.name, () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('renders the server first paint without fetching: salary, tags +N, posted time, apply in a new tab', async () => {
    const first = job({ remote: true });
    await renderWithI18n(<JobsSection initial={{ jobs: [first], renderedAt: NOW, limit: 6 }} />, 'zh');
    const card = screen.getByRole('article', { name: first.title });
    expect(within(card).getByText('1.5万 - 2.5万元')).toBeInTheDocument();
    expect(within(card).getByText('3小时前')).toBeInTheDocument();
    expect(within(card).getByText('全职')).toBeInTheDocument();
    expect(within(card).getByText('可远程')).toBeInTheDocument();
    expect(within(card).getByText('LLM')).toBeInTheDocument();
    expect(within(card).queryByText('RAG')).not.toBeInTheDocument();
    expect(within(card).getByText('+2')).toBeInTheDocument();
    const apply = within(card).getByRole('link', { name: /申请/ });
    expect(apply).toHaveAttribute('href', first.sourceUrl);
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply.getAttribute('rel')).toContain('noopener');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('formats in English', async () => {
    await renderWithI18n(<JobsSection initial={{ jobs: [job({ salaryMin: 20000, salaryMax: null })], renderedAt: NOW, limit: 6 }} />, 'en');
    expect(screen.getByText('20K+ RMB')).toBeInTheDocument();
    expect(screen.getByText('3 hours ago')).toBeInTheDocument();
    expect(screen.getByText('Full time')).toBeInTheDocument();
  });

  it('shows the empty text', async () => {
    await renderWithI18n(<JobsSection initial={{ jobs: [], renderedAt: NOW, limit: 6 }} />, 'en');
    expect(screen.getByText('No job openings right now. Please check back later.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View all jobs' })).not.toBeInTheDocument();
  });

  it('shows the error with a retry that fetches again, with one skeleton card per job while loading', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (release = resolve)));
    await renderWithI18n(<JobsSection initial={{ jobs: null, renderedAt: NOW, limit: 6 }} />, 'en');
    expect(screen.getByRole('alert')).toHaveTextContent('Error');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/jobs?limit=6', expect.anything());
    expect(screen.getAllByTestId('job-skeleton')).toHaveLength(6);

    release(await answer({ success: true, data: [job({ title: 'Fresh job' })] }));
    expect(await screen.findByRole('article', { name: 'Fresh job' })).toBeInTheDocument();
  });

  it('turns a non-ok answer into the error state, and success:false into the empty list', async () => {
    const user = userEvent.setup();
    fetchMock.mockReturnValueOnce(answer({ message: 'boom' }, 500)).mockReturnValueOnce(answer({ success: false }));
    await renderWithI18n(<JobsSection initial={{ jobs: [job()], renderedAt: NOW, limit: 6 }} />, 'en');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No job openings right now. Please check back later.')).toBeInTheDocument();
  });

  it('offers view-all only when the answer fills the limit, and only when enabled', async () => {
    const user = userEvent.setup();
    const full = Array.from({ length: 6 }, () => job());
    fetchMock.mockReturnValueOnce(answer({ success: true, data: [...full, job(), job()] }));
    const { unmount } = await renderWithI18n(<JobsSection initial={{ jobs: full, renderedAt: NOW, limit: 6 }} />, 'en');
    await user.click(screen.getByRole('button', { name: 'View all jobs' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/jobs?limit=50', expect.anything());
    expect(await screen.findAllByRole('article')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'View all jobs' })).not.toBeInTheDocument();
    unmount();

    await renderWithI18n(<JobsSection initial={{ jobs: full.slice(0, 5), renderedAt: NOW, limit: 6 }} />, 'en');
    expect(screen.queryByRole('button', { name: 'View all jobs' })).not.toBeInTheDocument();
  });

  it('hides view-all when the option is off', async () => {
    await renderWithI18n(<JobsSection initial={{ jobs: Array.from({ length: 6 }, () => job()), renderedAt: NOW, limit: 6 }} showViewAll={false} />, 'en');
    expect(screen.queryByRole('button', { name: 'View all jobs' })).not.toBeInTheDocument();
  });
});
