import { normalizeVerdict, readFixture } from '../../../../test/support/extractor-fixtures';
import { zhipinAdapter } from './zhipin.adapter';
import { extractZhipinJobList } from './zhipin.extract';

describe(extractZhipinJobList.name, () => {
  it('reads zpData.jobList into clean, canonical crawl results', () => {
    const verdict = extractZhipinJobList(JSON.parse(readFixture(__dirname, 'joblist.json')));
    expect(verdict).toMatchObject({ hasMore: true });
    const jobs = normalizeVerdict(zhipinAdapter, verdict);
    expect(jobs).toHaveLength(5);
    expect(jobs[0]).toMatchObject({
      title: 'AI产品经理（大模型）',
      company: '长沙智算科技有限公司',
      location: '长沙·岳麓区·麓谷',
      salary: '15-25K·14薪',
      salaryMin: 15000,
      salaryMax: 25000,
      salaryPeriod: 'month',
      salaryMonths: 14,
      skillTags: ['Axure', 'Prompt'],
      sourceUrl: expect.stringMatching(/^https:\/\/www\.zhipin\.com\/job_detail\/[0-9a-f]{12}1XZ~\.html$/),
    });
    expect(jobs[1].company).toBe('湖南星图网络科技有限公司');
    expect(jobs[4]).toMatchObject({ salary: '面议', salaryMin: null, salaryCurrency: null });
    expect(jobs[0].rawData).toHaveProperty('securityId');
    expect(new Set(jobs.map((job) => job.sourceUrl)).size).toBe(5);
  });

  it('reports code 37 as an anti-bot check and code 7 as a login wall, never as an empty list', () => {
    expect(extractZhipinJobList(JSON.parse(readFixture(__dirname, 'joblist-code-37.json')))).toMatchObject({ failure: 'captcha' });
    expect(extractZhipinJobList(JSON.parse(readFixture(__dirname, 'joblist-login.json')))).toMatchObject({ failure: 'login_wall' });
  });

  it('ignores bodies of another shape', () => {
    expect(extractZhipinJobList({ foo: 1 })).toBeNull();
  });
});

describe('zhipinAdapter', () => {
  it('builds the search URL with the URL-encoded keyword and the city code', () => {
    expect(zhipinAdapter.searchUrl({ keyword: 'AI产品经理', city: '长沙', page: 2 }).toString()).toBe(
      'https://www.zhipin.com/web/geek/job?query=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&city=101250100&page=2',
    );
    expect(zhipinAdapter.searchUrl({ keyword: 'PM', city: '南京', page: 1 }).searchParams.get('city')).toBe('101190100');
    expect(() => zhipinAdapter.searchUrl({ keyword: 'PM', city: '拉萨', page: 1 })).toThrow(/no code for city/);
  });
});
