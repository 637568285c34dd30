import { type AutomatedCrawlResponse, CRAWL_MESSAGES, CrawlSite, DEFAULT_CRAWL_CITY } from '@aipm/contracts';
import { RunAutomatedCrawlDto, ZhaopinSearchDto } from '@aipm/contracts/dto';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SessionUser } from '../common/guards/admin-session.guard';
import { CrawlRunService } from './crawl-run.service';

@ApiTags('admin: crawling')
@Controller('admin')
export class CrawlRunController {
  constructor(private readonly crawls: CrawlRunService) {}

  @Post('crawl/run')
  @HttpCode(200)
  run(@Body() dto: RunAutomatedCrawlDto, @Req() request: Request): Promise<AutomatedCrawlResponse> {
    return this.crawls.run(dto, (request.user as SessionUser).id);
  }

  /** One keyword on zhaopin: the automated crawl with that site fixed. */
  @Post('zhaopin/search')
  @HttpCode(200)
  async search(@Body() dto: ZhaopinSearchDto, @Req() request: Request): Promise<AutomatedCrawlResponse> {
    const keyword = dto.keyword.trim();
    const city = dto.city ?? DEFAULT_CRAWL_CITY;
    const answer = await this.crawls.run({ site: CrawlSite.Zhaopin, keywords: [keyword], city, taskName: `智联招聘搜索：${keyword} ${city}` }, (request.user as SessionUser).id);
    return answer.data.finished ? { ...answer, message: `${CRAWL_MESSAGES.searchSucceeded}：${answer.message}` } : answer;
  }
}
