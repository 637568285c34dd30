import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateCrawlTaskDto, CreateManualJobDto, ReviewCrawlResultDto, RunAutomatedCrawlDto, SaveCrawlerConfigDto } from './crawl-admin.dto';
import { CRAWL_ERRORS } from './crawl-admin.errors';

/** The server entry's classes need neither reflect-metadata nor Nest (this suite loads neither). */
async function firstMessages<T extends object>(type: new () => T, body: object): Promise<Record<string, string>> {
  const errors = await validate(plainToInstance(type, body));
  // The top decorator is the rule a form reads first; class-validator lists it last.
  return Object.fromEntries(errors.map((error) => [error.property, Object.values(error.constraints ?? {}).at(-1)!]));
}

describe(CreateCrawlTaskDto.name, () => {
  const valid = { name: '任务', keywords: ['AI产品经理'], targetUrls: ['https://www.zhaopin.com/sou/jl749/kwAI'], waitTime: 8000 };

  it.each<[object, Record<string, string>]>([
    [{}, {}],
    [{ name: '', keywords: [], targetUrls: [] }, { name: CRAWL_ERRORS.TASK_NAME_REQUIRED, keywords: CRAWL_ERRORS.KEYWORD_REQUIRED, targetUrls: CRAWL_ERRORS.TARGET_URL_REQUIRED }],
    [{ targetUrls: ['zhaopin'] }, { targetUrls: CRAWL_ERRORS.INVALID_URL }],
    [{ site: 'boss' }, { site: CRAWL_ERRORS.INVALID_SITE }],
    [{ waitTime: 2000 }, { waitTime: CRAWL_ERRORS.WAIT_TIME_TOO_SHORT }],
    [{ waitTime: 31000 }, { waitTime: CRAWL_ERRORS.WAIT_TIME_TOO_LONG }],
    [{ waitTime: 3000, site: 'other' }, {}],
  ])('%j → %j', async (patch, expected) => {
    expect(await firstMessages(CreateCrawlTaskDto, { ...valid, ...patch })).toEqual(expected);
  });
});

describe(CreateManualJobDto.name, () => {
  it('reports every required field with the manual-job messages', async () => {
    expect(await firstMessages(CreateManualJobDto, {})).toEqual({
      title: CRAWL_ERRORS.TITLE_REQUIRED,
      company: CRAWL_ERRORS.COMPANY_REQUIRED,
      location: CRAWL_ERRORS.LOCATION_REQUIRED,
      salary: CRAWL_ERRORS.SALARY_REQUIRED,
      description: CRAWL_ERRORS.DESCRIPTION_TOO_SHORT,
      requirements: CRAWL_ERRORS.REQUIREMENTS_TOO_SHORT,
      skillTags: CRAWL_ERRORS.SKILL_TAGS_REQUIRED,
      sourceUrl: CRAWL_ERRORS.SOURCE_URL_REQUIRED,
    });
  });
});

describe(RunAutomatedCrawlDto.name, () => {
  it('takes the three sites, the ten cities and 50 only', async () => {
    const valid = { site: 'zhipin', keywords: ['AI产品经理'], city: '南京', maxResults: 50, taskName: '自动抓取' };
    expect(await firstMessages(RunAutomatedCrawlDto, valid)).toEqual({});
    expect(await firstMessages(RunAutomatedCrawlDto, { ...valid, site: 'lagou', city: '苏州', maxResults: 20 })).toEqual({
      site: CRAWL_ERRORS.INVALID_AUTOMATED_SITE,
      city: CRAWL_ERRORS.INVALID_CITY,
      maxResults: CRAWL_ERRORS.MAX_RESULTS_FIXED,
    });
  });
});

describe(ReviewCrawlResultDto.name, () => {
  it.each([['approved', {}], ['rejected', {}], ['published', { status: CRAWL_ERRORS.INVALID_REVIEW_STATUS }], ['pending', { status: CRAWL_ERRORS.INVALID_REVIEW_STATUS }]])(
    'status %s',
    async (status, expected) => {
      expect(await firstMessages(ReviewCrawlResultDto, { status })).toEqual(expected);
    },
  );
});

describe(SaveCrawlerConfigDto.name, () => {
  it.each<[object, Record<string, string>]>([
    [{ request_delay: 0 }, {}],
    [{ request_delay: 60_000 }, {}],
    [{ request_delay: 60_001 }, { request_delay: CRAWL_ERRORS.REQUEST_DELAY_TOO_LARGE }],
    [{ request_delay: 1e15 }, { request_delay: CRAWL_ERRORS.REQUEST_DELAY_TOO_LARGE }],
    [{ request_delay: -1 }, { request_delay: CRAWL_ERRORS.INVALID_REQUEST_DELAY }],
    [{ request_delay: 1.5 }, { request_delay: CRAWL_ERRORS.INVALID_REQUEST_DELAY }],
    [{ boss_cookie: 'x'.repeat(8192) }, {}],
    [{ boss_cookie: 'x'.repeat(8193) }, { boss_cookie: CRAWL_ERRORS.COOKIE_TOO_LONG }],
    [{ boss_cookie: 'wt2=abc; __zp_stoken__=x%2Fy' }, {}],
    [{ boss_cookie: 'wt2=abc;\n__zp_stoken__=xy' }, { boss_cookie: CRAWL_ERRORS.COOKIE_CONTROL_CHARACTERS }],
    [{ liepin_cookie: 'a=1;\tb=2' }, { liepin_cookie: CRAWL_ERRORS.COOKIE_CONTROL_CHARACTERS }],
    [{ lagou_cookie: 'a=1\r' }, { lagou_cookie: CRAWL_ERRORS.COOKIE_CONTROL_CHARACTERS }],
    [{ job51_cookie: 'a=\u0000' }, { job51_cookie: CRAWL_ERRORS.COOKIE_CONTROL_CHARACTERS }],
  ])('%j → %j', async (body, expected) => {
    expect(await firstMessages(SaveCrawlerConfigDto, body)).toEqual(expected);
  });

  it('words the bounds as the validation rules word them', () => {
    expect(CRAWL_ERRORS.REQUEST_DELAY_TOO_LARGE).toBe('请求间隔不能超过60000毫秒');
    expect(CRAWL_ERRORS.COOKIE_TOO_LONG).toBe('Cookie 不能超过8192个字符');
  });
});
