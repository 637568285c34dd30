import { normalizeVerdict, readFixture } from '../../../../test/support/extractor-fixtures';
import { job51Adapter } from './job51.adapter';
import { extractJob51Search } from './job51.extract';

describe(extractJob51Search.name, () => {
  it('reads resultbody.job.items with description, posted time and canonical link', () => {
    const jobs = normalizeVerdict(job51Adapter, extractJob51Search(JSON.parse(readFixture(__dirname, 'search-pc.json'))));
    expect(jobs).toHaveLength(5);
    expect(jobs[0]).toMatchObject({
      title: 'AI产品经理',
      company: '长沙智算科技有限公司',
      location: '长沙·岳麓区',
      salary: '1-1.5万',
      salaryMin: 10000,
      salaryMax: 15000,
      description: '岗位职责：\n1. 负责AI产品经理的规划与落地\n\n2. 与算法团队协作',
      sourceUrl: expect.stringMatching(/^https:\/\/jobs\.51job\.com\/changsha\/\d+\.html$/),
      postedAt: expect.any(Date),
    });
    expect(jobs[4]).toMatchObject({ salary: '200-300元/天', salaryPeriod: 'day', salaryMin: 200, salaryMax: 300 });
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(jobs.every((job) => !/[\u0000-\u0009\u000b-\u001f]/.test(job.description ?? ''))).toBe(true);
  });

  it('reports a login answer as a login wall', () => {
    expect(extractJob51Search(JSON.parse(readFixture(__dirname, 'search-pc-login.json')))).toMatchObject({ failure: 'login_wall' });
  });
});

describe('job51Adapter', () => {
  it('builds the search URL with the jobArea code of each city', () => {
    const url = job51Adapter.searchUrl({ keyword: 'AI产品经理', city: '长沙', page: 1 });
    expect(url.origin + url.pathname).toBe('https://we.51job.com/pc/search');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ keyword: 'AI产品经理', jobArea: '190200', pageNum: '1' });
    expect(job51Adapter.dataRequest(url)?.url.pathname).toBe('/api/job/search-pc');
  });
});
