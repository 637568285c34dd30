import type { PublicJob } from '@aipm/contracts';
import { jsonLdScript, landingStructuredData } from './structured-data';

const job = (overrides: Partial<PublicJob> = {}): PublicJob => ({
  id: '1',
  title: 'AI产品经理',
  company: '长沙星云科技有限公司',
  companyLogo: null,
  location: '长沙',
  remote: false,
  employmentType: 'full_time',
  salaryMin: 15000,
  salaryMax: 25000,
  salaryCurrency: 'CNY',
  description: '负责AI产品规划',
  requirements: null,
  skillTags: [],
  sourceUrl: 'https://www.zhipin.com/job_detail/1.html',
  postedAt: '2026-11-20T02:00:00.000Z',
  ...overrides,
});

const postings = (jobs: PublicJob[]) =>
  (landingStructuredData({ origin: 'https://aipm.example', name: 'AIPM', description: 'd', company: 'c', courseName: 'n', phone: 'p', address: 'a', fees: { low: 19800, high: 29800 }, jobs, language: 'zh' })['@graph'] as Array<Record<string, unknown>>).filter(
    (node) => node['@type'] === 'JobPosting',
  );

describe(landingStructuredData.name, () => {
  it('gives a JobPosting the validThrough of its expiry, and none to a job that does not expire', () => {
    const [expiring, lasting] = postings([job({ validThrough: '2026-12-20T02:00:00.000Z' }), job({ id: '2' })]);
    expect(expiring).toMatchObject({ '@type': 'JobPosting', datePosted: '2026-11-20', validThrough: '2026-12-20T02:00:00.000Z' });
    expect(lasting).not.toHaveProperty('validThrough');
    expect(jsonLdScript(postings([job({ title: '</script>' })]))).not.toContain('</script>');
  });
});
