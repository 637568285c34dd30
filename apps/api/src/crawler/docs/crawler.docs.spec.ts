import { CRAWLED_JOB_FIELDS, type CrawledJob } from '@aipm/contracts';
import type { SchemaObject } from '@nestjs/swagger';
import { type PropertiesOf, registeredSchemas, text } from '../../common/openapi/schemas';
import { CRAWLED_JOB_PROPERTIES } from './crawler.docs';

// The documented properties are the contracts' shape (ADR 047); the @ts-expect-error lines prove the check bites.
const { salaryMonths: _dropped, ...withoutMonths } = CRAWLED_JOB_PROPERTIES;
// @ts-expect-error a schema that forgot a field of the crawled job does not compile
const _missingFieldFails = withoutMonths satisfies PropertiesOf<CrawledJob>;
// @ts-expect-error a schema that still documents a field the contracts renamed (title → jobTitle) does not compile
const _staleFieldFails = { ...CRAWLED_JOB_PROPERTIES, jobTitle: text('AI 产品经理') } satisfies PropertiesOf<CrawledJob>;

describe('crawler OpenAPI schemas', () => {
  it('documents every field of the crawled job on a crawl result, each required', () => {
    const schema = registeredSchemas().get('CrawlResultResponse') as SchemaObject;
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining([...CRAWLED_JOB_FIELDS]));
    expect(schema.required).toEqual(expect.arrayContaining([...CRAWLED_JOB_FIELDS]));
    expect(Object.keys(CRAWLED_JOB_PROPERTIES).sort()).toEqual([...CRAWLED_JOB_FIELDS].sort());
  });
});
