import { normalizeVerdict, readFixture } from '../../../../test/support/extractor-fixtures';
import { zhaopinAdapter } from './zhaopin.adapter';
import { extractZhaopinInitialState, extractZhaopinPositions } from './zhaopin.extract';

describe(extractZhaopinInitialState.name, () => {
  it('reads __INITIAL_STATE__.positionList embedded in the search page', () => {
    const verdict = extractZhaopinInitialState(readFixture(__dirname, 'search.html'));
    expect(verdict).toMatchObject({ hasMore: true });
    const jobs = normalizeVerdict(zhaopinAdapter, verdict);
    expect(jobs).toHaveLength(5);
    expect(jobs[0]).toMatchObject({
      title: 'AI产品经理',
      company: '长沙智算科技有限公司',
      salary: '8千-1.2万',
      salaryMin: 8000,
      salaryMax: 12000,
      description: '负责AI产品经理相关工作\n熟悉Axure、Prompt',
      skillTags: ['Axure', 'Prompt'],
      sourceUrl: expect.stringMatching(/^https:\/\/www\.zhaopin\.com\/jobdetail\/CC\d+J40[0-9a-f]{6}\.htm$/),
    });
  });

  it('answers null for a page without embedded state', () => {
    expect(extractZhaopinInitialState('<html><body>登录</body></html>')).toBeNull();
  });
});

describe(extractZhaopinPositions.name, () => {
  it('reads the company, location and requirements that the /c/i/sou answer nests in objects', () => {
    const verdict = extractZhaopinPositions(JSON.parse(readFixture(__dirname, 'sou.json')));
    const jobs = normalizeVerdict(zhaopinAdapter, verdict);
    expect(jobs).toHaveLength(3);
    expect(jobs[0]).toMatchObject({
      title: 'AI产品经理',
      company: '长沙智算科技有限公司',
      location: '长沙·岳麓区',
      salary: '15K-25K',
      salaryMin: 15000,
      salaryMax: 25000,
      requirements: '3-5年 / 本科',
      skillTags: ['Axure', 'Prompt'],
      sourceUrl: 'https://jobs.zhaopin.com/CC457408237J40250030000.htm',
      postedAt: expect.any(Date),
    });
    expect(jobs[1]).toMatchObject({ company: '湖南星图网络科技有限公司', location: '长沙', requirements: '1-3年 / 硕士', skillTags: [] });
    // No display: the city items' names.
    expect(jobs[2]).toMatchObject({ company: '北京深言智能科技有限公司', location: '长沙', salaryMin: null });
    expect(jobs.every((job) => job.company !== '' && job.location !== null)).toBe(true);
  });

  it('reports a non-200 code as a failure', () => {
    expect(extractZhaopinPositions({ code: 401, message: '请登录' })).toMatchObject({ failure: 'login_wall' });
  });
});

describe('zhaopinAdapter', () => {
  it('builds the search URL with the jl code', () => {
    expect(zhaopinAdapter.searchUrl({ keyword: 'AI产品经理', city: '长沙', page: 1 }).toString()).toBe(
      'https://sou.zhaopin.com/?jl=749&kw=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&p=1',
    );
  });
});
