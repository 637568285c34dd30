import { cityOf, crawlDedupeKey, jobValidThrough, clampJobExpiryDays } from './crawl-ops';
import { parseCrawlerConfig } from './crawler-config';

describe(crawlDedupeKey.name, () => {
  const job = { title: 'AI产品经理', company: '长沙星云科技有限公司', location: '长沙·岳麓区' };

  it('gives one key to one posting as two sites write it', () => {
    const zhaopin = crawlDedupeKey(job);
    expect(zhaopin).toBe('ai产品经理|长沙星云科技|长沙');
    expect(crawlDedupeKey({ title: ' AI 产品经理 ', company: '长沙星云科技股份有限公司', location: '长沙市' })).toBe(zhaopin);
    expect(crawlDedupeKey({ title: 'ＡＩ产品经理', company: '长沙星云科技', location: '长沙-岳麓区' })).toBe(zhaopin);
  });

  it('keeps different titles, companies and cities apart', () => {
    const key = crawlDedupeKey(job);
    expect(crawlDedupeKey({ ...job, title: '高级AI产品经理' })).not.toBe(key);
    expect(crawlDedupeKey({ ...job, company: '长沙月光科技有限公司' })).not.toBe(key);
    expect(crawlDedupeKey({ ...job, location: '北京·海淀区' })).not.toBe(key);
  });

  it('has no key when a part is missing, so unrelated postings never merge', () => {
    expect(crawlDedupeKey({ ...job, company: '' })).toBeNull();
    expect(crawlDedupeKey({ ...job, location: null })).toBeNull();
    expect(crawlDedupeKey({ ...job, title: '  ' })).toBeNull();
  });

  it('does not strip a company down to nothing', () => {
    expect(crawlDedupeKey({ ...job, company: '有限公司' })).toBe('ai产品经理|有限公司|长沙');
  });
});

describe(cityOf.name, () => {
  it.each([
    ['长沙·岳麓区', '长沙'],
    ['长沙市', '长沙'],
    ['上海-浦东新区', '上海'],
    ['深圳 南山区', '深圳'],
    ['北京（朝阳区）', '北京'],
    ['', ''],
  ])('%s → %s', (location, city) => {
    expect(cityOf(location)).toBe(city);
  });
});

describe(jobValidThrough.name, () => {
  it('adds the expiry days to the publication time', () => {
    expect(jobValidThrough(new Date('2026-11-01T02:00:00.000Z'), 30).toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });

  it('reads a stored day count within 1 … 365, and 30 when it is not a number', () => {
    expect(clampJobExpiryDays(0)).toBe(1);
    expect(clampJobExpiryDays(1e9)).toBe(365);
    expect(parseCrawlerConfig([]).job_expiry_days).toBe(30);
    expect(parseCrawlerConfig([{ key: 'job_expiry_days', value: '7' }]).job_expiry_days).toBe(7);
    expect(parseCrawlerConfig([{ key: 'job_expiry_days', value: 'soon' }]).job_expiry_days).toBe(30);
    expect(parseCrawlerConfig([{ key: 'job_expiry_days', value: '5000' }]).job_expiry_days).toBe(365);
  });
});
