import { normalizeVerdict, readFixture } from '../../../../test/support/extractor-fixtures';
import { lagouAdapter } from './lagou.adapter';
import { extractLagouNextData, extractLagouPositionAjax } from './lagou.extract';

describe(extractLagouNextData.name, () => {
  it('reads __NEXT_DATA__ positionResult.result', () => {
    const jobs = normalizeVerdict(lagouAdapter, extractLagouNextData(readFixture(__dirname, 'search.html')));
    expect(jobs).toHaveLength(5);
    expect(jobs[0]).toMatchObject({
      title: 'AI产品经理',
      company: '长沙智算科技有限公司',
      location: '长沙·岳麓区',
      salary: '15k-25k',
      salaryMin: 15000,
      salaryMax: 25000,
      description: '职位描述：\n负责AI产品经理',
      sourceUrl: expect.stringMatching(/^https:\/\/www\.lagou\.com\/wn\/jobs\/\d+\.html$/),
      postedAt: expect.any(Date),
    });
    expect(jobs[0].skillTags).toEqual(['Axure', 'Prompt']);
  });
});

describe(extractLagouPositionAjax.name, () => {
  it('reports the "too frequent" answer as a block', () => {
    expect(extractLagouPositionAjax(JSON.parse(readFixture(__dirname, 'position-ajax-blocked.json')))).toMatchObject({ failure: 'blocked' });
  });
});

describe('lagouAdapter', () => {
  it('passes the city by name', () => {
    expect(lagouAdapter.searchUrl({ keyword: 'AI产品经理', city: '杭州', page: 3 }).searchParams.get('city')).toBe('杭州');
  });
});
