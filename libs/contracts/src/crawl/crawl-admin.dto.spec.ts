import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateCrawlTaskDto, CreateManualJobDto, ReviewCrawlResultDto, RunAutomatedCrawlDto } from './crawl-admin.dto';
import { CRAWL_MESSAGES } from './crawl-admin.messages';

/** The admin validates its forms with these classes in the browser: no reflect-metadata, no Nest (this suite loads neither). */
async function firstMessages<T extends object>(type: new () => T, body: object): Promise<Record<string, string>> {
  const errors = await validate(plainToInstance(type, body));
  // The top decorator is the rule a form reads first; class-validator lists it last.
  return Object.fromEntries(errors.map((error) => [error.property, Object.values(error.constraints ?? {}).at(-1)!]));
}

describe(CreateCrawlTaskDto.name, () => {
  const valid = { name: '任务', keywords: ['AI产品经理'], targetUrls: ['https://www.zhaopin.com/sou/jl749/kwAI'], waitTime: 8000 };

  it.each<[object, Record<string, string>]>([
    [{}, {}],
    [{ name: '', keywords: [], targetUrls: [] }, { name: CRAWL_MESSAGES.taskNameRequired, keywords: CRAWL_MESSAGES.keywordRequired, targetUrls: CRAWL_MESSAGES.targetUrlRequired }],
    [{ targetUrls: ['zhaopin'] }, { targetUrls: CRAWL_MESSAGES.invalidUrl }],
    [{ site: 'boss' }, { site: CRAWL_MESSAGES.invalidSite }],
    [{ waitTime: 2000 }, { waitTime: CRAWL_MESSAGES.waitTimeTooShort }],
    [{ waitTime: 31000 }, { waitTime: CRAWL_MESSAGES.waitTimeTooLong }],
    [{ waitTime: 3000, site: 'other' }, {}],
  ])('%j → %j', async (patch, expected) => {
    expect(await firstMessages(CreateCrawlTaskDto, { ...valid, ...patch })).toEqual(expected);
  });
});

describe(CreateManualJobDto.name, () => {
  it('reports every required field with the manual-job messages', async () => {
    expect(await firstMessages(CreateManualJobDto, {})).toEqual({
      title: CRAWL_MESSAGES.titleRequired,
      company: CRAWL_MESSAGES.companyRequired,
      location: CRAWL_MESSAGES.locationRequired,
      salary: CRAWL_MESSAGES.salaryRequired,
      description: CRAWL_MESSAGES.descriptionTooShort,
      requirements: CRAWL_MESSAGES.requirementsTooShort,
      skillTags: CRAWL_MESSAGES.skillTagsRequired,
      sourceUrl: CRAWL_MESSAGES.sourceUrlRequired,
    });
  });
});

describe(RunAutomatedCrawlDto.name, () => {
  it('takes the three sites, the ten cities and 50 only', async () => {
    const valid = { site: 'zhipin', keywords: ['AI产品经理'], city: '南京', maxResults: 50, taskName: '自动抓取' };
    expect(await firstMessages(RunAutomatedCrawlDto, valid)).toEqual({});
    expect(await firstMessages(RunAutomatedCrawlDto, { ...valid, site: 'lagou', city: '苏州', maxResults: 20 })).toEqual({
      site: CRAWL_MESSAGES.invalidAutomatedSite,
      city: CRAWL_MESSAGES.invalidCity,
      maxResults: CRAWL_MESSAGES.maxResultsFixed,
    });
  });
});

describe(ReviewCrawlResultDto.name, () => {
  it.each([['approved', {}], ['rejected', {}], ['published', { status: CRAWL_MESSAGES.invalidReviewStatus }], ['pending', { status: CRAWL_MESSAGES.invalidReviewStatus }]])(
    'status %s',
    async (status, expected) => {
      expect(await firstMessages(ReviewCrawlResultDto, { status })).toEqual(expected);
    },
  );
});
