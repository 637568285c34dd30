import { CRAWL_CITIES } from './crawl-cities';
import { buildSearchUrl, SEARCH_SITES, SEARCH_URL_TEMPLATES, searchCityCode, siteOfUrl, taskSearchUrls, withSearchPage } from './search-urls';

describe(buildSearchUrl.name, () => {
  it.each([
    ['zhaopin', 'https://sou.zhaopin.com/?jl=749&kw=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&p=1'],
    ['zhipin', 'https://www.zhipin.com/web/geek/job?query=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&city=101250100&page=1'],
    ['job51', 'https://we.51job.com/pc/search?keyword=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&jobArea=190200&searchType=2&pageNum=1'],
    ['liepin', 'https://www.liepin.com/zhaopin/?key=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&dq=180020&currentPage=0'],
    ['lagou', 'https://www.lagou.com/wn/jobs?kd=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&city=%E9%95%BF%E6%B2%99&pn=1'],
  ] as const)('builds the %s search page with the URL-encoded keyword and the city code', (site, expected) => {
    expect(buildSearchUrl(site, { keyword: 'AI产品经理', city: '长沙', page: 1 })).toBe(expected);
  });

  it('encodes keywords with spaces, ampersands and plus signs as one parameter', () => {
    const url = new URL(buildSearchUrl('zhipin', { keyword: 'C++ & AI 产品', city: '北京', page: 1 }));
    expect(url.searchParams.get('query')).toBe('C++ & AI 产品');
    expect(url.searchParams.get('city')).toBe('101010100');
  });

  it('refuses a city outside the ten cities', () => {
    expect(() => buildSearchUrl('zhaopin', { keyword: 'PM', city: '拉萨', page: 1 })).toThrow(/no code for city "拉萨"/);
  });

  it('knows a code for every city on every site', () => {
    for (const site of SEARCH_SITES) for (const city of CRAWL_CITIES) expect(searchCityCode(site, city)).toMatch(/\S/);
  });
});

describe(withSearchPage.name, () => {
  it('moves to another page in the site’s own counting, keeping the origin', () => {
    expect(withSearchPage('liepin', 'http://127.0.0.1:4013/zhaopin/?key=PM&dq=180020&currentPage=0', 3)).toBe('http://127.0.0.1:4013/zhaopin/?key=PM&dq=180020&currentPage=2');
    expect(new URL(withSearchPage('zhaopin', buildSearchUrl('zhaopin', { keyword: 'PM', city: '长沙', page: 1 }), 2)).searchParams.get('p')).toBe('2');
  });
});

describe(taskSearchUrls.name, () => {
  it('lists keywords × sites × cities, site then city then keyword', () => {
    const urls = taskSearchUrls({ keywords: ['AI产品经理', '大模型'], sites: ['zhaopin', 'lagou'], cities: ['长沙', '北京'] });
    expect(urls).toHaveLength(8);
    expect(urls.map(({ site, city, keyword }) => `${site}/${city}/${keyword}`)).toEqual([
      'zhaopin/长沙/AI产品经理',
      'zhaopin/长沙/大模型',
      'zhaopin/北京/AI产品经理',
      'zhaopin/北京/大模型',
      'lagou/长沙/AI产品经理',
      'lagou/长沙/大模型',
      'lagou/北京/AI产品经理',
      'lagou/北京/大模型',
    ]);
    expect(urls[2].url).toBe(buildSearchUrl('zhaopin', { keyword: 'AI产品经理', city: '北京', page: 1 }));
  });

  it('trims keywords and drops empty or repeated ones, unknown sites and cities', () => {
    const urls = taskSearchUrls({ keywords: [' AI产品经理 ', '', '  ', 'AI产品经理'], sites: ['zhipin', 'other', 'zhipin', 'indeed'], cities: ['长沙', '拉萨'] });
    expect(urls).toEqual([{ site: 'zhipin', city: '长沙', keyword: 'AI产品经理', url: buildSearchUrl('zhipin', { keyword: 'AI产品经理', city: '长沙', page: 1 }) }]);
  });

  it('lists nothing without a keyword, a site or a city', () => {
    expect(taskSearchUrls({ keywords: [], sites: ['zhaopin'], cities: ['长沙'] })).toEqual([]);
    expect(taskSearchUrls({ keywords: ['PM'], sites: [], cities: ['长沙'] })).toEqual([]);
    expect(taskSearchUrls({ keywords: ['PM'], sites: ['zhaopin'], cities: [] })).toEqual([]);
  });

  it('covers the five sites of the catalogue', () => {
    expect(Object.keys(SEARCH_URL_TEMPLATES).sort()).toEqual(['job51', 'lagou', 'liepin', 'zhaopin', 'zhipin']);
  });
});

describe(siteOfUrl.name, () => {
  it.each([
    ['https://jobs.zhaopin.com/CC123.htm', 'zhaopin'],
    ['https://www.zhipin.com/job_detail/abc.html', 'zhipin'],
    ['http://jobs.51job.com/changsha/1.html', 'job51'],
    ['https://www.liepin.com/job/1.shtml', 'liepin'],
    ['https://www.lagou.com/wn/jobs/1.html', 'lagou'],
    ['https://jobs.example.com/zhipin.com/1', null],
    ['https://notzhipin.com/1', null],
    ['ftp://www.zhipin.com/1', null],
    ['not a url', null],
  ])('%s → %s', (url, site) => {
    expect(siteOfUrl(url)).toBe(site);
  });
});
