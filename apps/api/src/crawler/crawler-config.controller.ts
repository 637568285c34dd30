import { CRAWL_MESSAGES, type CrawlerConfig, type CrawlerTestResponse, type CrawlServiceStatus } from '@aipm/contracts';
import { SaveCrawlerConfigDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CrawlerConfigService } from './crawler-config.service';
import { CrawlerTestService } from './crawler-test.service';
import { CrawlServiceStatusService } from './crawl-service-status.service';

@ApiTags('admin: crawling')
@Controller('admin')
export class CrawlerConfigController {
  constructor(
    private readonly config: CrawlerConfigService,
    private readonly status: CrawlServiceStatusService,
    private readonly tester: CrawlerTestService,
  ) {}

  @Get('crawler-config')
  @Header('Cache-Control', 'no-store')
  async read(): Promise<{ success: true; data: CrawlerConfig }> {
    return { success: true, data: await this.config.readMasked() };
  }

  @Post('crawler-config')
  @HttpCode(200)
  async save(@Body() dto: SaveCrawlerConfigDto): Promise<{ success: true; message: string; data: CrawlerConfig }> {
    return { success: true, message: CRAWL_MESSAGES.configSaved, data: await this.config.save(dto) };
  }

  /**
   * A worker starts Chromium and loads each site's search page with the stored cookie; the answer says, per
   * site, whether it answered, its HTTP status, a login wall, captcha or block page, and how long it took.
   */
  @Post('crawler-config/test')
  @HttpCode(200)
  test(): Promise<CrawlerTestResponse> {
    return this.tester.test();
  }

  @Get('firecrawl-config')
  @Header('Cache-Control', 'no-store')
  async serviceStatus(): Promise<CrawlServiceStatus> {
    const { isValid, message, reason, worker } = await this.status.check();
    return { isValid, message, reason, ...(worker ? { worker } : {}) };
  }
}
