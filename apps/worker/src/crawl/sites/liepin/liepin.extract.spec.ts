import { normalizeVerdict, readFixture } from '../../../../test/support/extractor-fixtures';
import { liepinAdapter } from './liepin.adapter';
import { extractLiepinSearch } from './liepin.extract';

describe(extractLiepinSearch.name, () => {
  it('reads data.data.jobCardList and parses yyyyMMddHHmmss refresh times', () => {
    const verdict = extractLiepinSearch(JSON.parse(readFixture(__dirname, 'pc-search-job.json')));
    expect(verdict).toMatchObject({ hasMore: true });
    const jobs = normalizeVerdict(liepinAdapter, verdict);
    expect(jobs).toHaveLength(5);
    expect(jobs[0]).toMatchObject({
      title: 'AI产品经理',
      company: '长沙智算科技有限公司',
      location: '长沙-岳麓区',
      salaryMin: 20000,
      salaryMax: 35000,
      salaryMonths: 14,
      sourceUrl: expect.stringMatching(/^https:\/\/www\.liepin\.com\/job\/19\d+\.shtml$/),
    });
    expect(jobs[0].postedAt?.getTime()).toBeLessThan(Date.now());
  });

  it('reports a login answer as a login wall', () => {
    expect(extractLiepinSearch(JSON.parse(readFixture(__dirname, 'pc-search-job-login.json')))).toMatchObject({ failure: 'login_wall' });
  });
});

describe('liepinAdapter', () => {
  it('counts pages from 0 and posts the search to the API host', () => {
    const url = liepinAdapter.searchUrl({ keyword: 'AI产品经理', city: '北京', page: 2 });
    expect(Object.fromEntries(url.searchParams)).toEqual({ key: 'AI产品经理', dq: '010', currentPage: '1' });
    const request = liepinAdapter.dataRequest(url);
    expect(request).toMatchObject({ method: 'POST' });
    expect(request?.url.toString()).toBe('https://api-c.liepin.com/api/com.liepin.searchfront4c.pc-search-job');
  });
});
