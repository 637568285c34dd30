import { type AutomatedCrawlResponse, CRAWL_MESSAGES, CrawlSite, DEFAULT_CRAWL_CITY } from '@aipm/contracts';
import { RunAutomatedCrawlDto, ZhaopinSearchDto } from '@aipm/contracts/dto';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { AUTOMATED_CRAWL, RUN_AUTOMATED_CRAWL_BODY, ZHAOPIN_SEARCH_BODY } from './docs/crawler.docs';
import type { Request } from 'express';
import type { SessionUser } from '../common/session';
import { CrawlRunService } from './crawl-run.service';
import { Audited } from '../audit/audited.decorator';

@ApiTags('admin: crawling')
@Controller('admin')
export class CrawlRunController {
  constructor(private readonly crawls: CrawlRunService) {}

  @Post('crawl/run')
  @Audited({ action: 'crawl.run', entity: 'crawl_task', details: ({ request }) => ({ request: request.body as Record<string, unknown> }) })
  @HttpCode(200)
  @ApiJsonBody(RunAutomatedCrawlDto, RUN_AUTOMATED_CRAWL_BODY)
  @ApiAnswer(AUTOMATED_CRAWL, { description: 'The run\'s outcome, or finished: false while it goes on in the worker' })
  @ApiFailures('CRAWL_FAILED', 'CRAWLER_UNAVAILABLE')
  @ApiOperation({ summary: 'Automated crawl of one site for keywords in a city (50 results); waits a bounded time for the worker' })
  run(@Body() dto: RunAutomatedCrawlDto, @Req() request: Request): Promise<AutomatedCrawlResponse> {
    return this.crawls.run(dto, (request.user as SessionUser).id);
  }

  /** One keyword on zhaopin: the automated crawl with that site fixed. */
  @Post('zhaopin/search')
  @Audited({ action: 'crawl.run', entity: 'crawl_task', details: ({ request }) => ({ request: { site: 'zhaopin', ...(request.body as Record<string, unknown>) } }) })
  @HttpCode(200)
  @ApiJsonBody(ZhaopinSearchDto, ZHAOPIN_SEARCH_BODY)
  @ApiAnswer(AUTOMATED_CRAWL, { description: 'The run\'s outcome, or finished: false while it goes on in the worker' })
  @ApiFailures('CRAWL_FAILED', 'CRAWLER_UNAVAILABLE', 'KEYWORD_TOO_LONG')
  @ApiOperation({ summary: 'One keyword on zhaopin (the automated crawl with that site)' })
  async search(@Body() dto: ZhaopinSearchDto, @Req() request: Request): Promise<AutomatedCrawlResponse> {
    const keyword = dto.keyword.trim();
    const city = dto.city ?? DEFAULT_CRAWL_CITY;
    const answer = await this.crawls.run({ site: CrawlSite.Zhaopin, keywords: [keyword], city, taskName: `智联招聘搜索：${keyword} ${city}` }, (request.user as SessionUser).id);
    return answer.data.finished ? { ...answer, message: `${CRAWL_MESSAGES.searchSucceeded}：${answer.message}` } : answer;
  }
}
