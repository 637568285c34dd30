import { CRAWL_MESSAGES, type CrawlerConfig, type CrawlerTestResponse, type CrawlServiceStatus } from '@aipm/contracts';
import { SaveCrawlerConfigDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiDataAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { CRAWL_SERVICE_STATUS, CRAWLER_CONFIG, CRAWLER_TEST, SAVE_CRAWLER_CONFIG_BODY } from './docs/crawler.docs';
import { CrawlerConfigService } from './crawler-config.service';
import { CrawlerTestService } from './crawler-test.service';
import { CrawlServiceStatusService } from './crawl-service-status.service';
import { Audited } from '../audit/audited.decorator';
import { AdminConfig, readCrawlerConfig } from '@aipm/database';

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
  @ApiDataAnswer(CRAWLER_CONFIG, { description: 'The settings, cookies masked' })
  @ApiOperation({ summary: 'The crawler settings' })
  async read(): Promise<{ success: true; data: CrawlerConfig }> {
    return { success: true, data: await this.config.readMasked() };
  }

  @Post('crawler-config')
  @Audited({ action: 'settings.crawler.change', entity: 'crawler_settings', snapshot: async ({ dataSource }) => ({ ...(await readCrawlerConfig(dataSource.getRepository(AdminConfig))) }) })
  @HttpCode(200)
  @ApiJsonBody(SaveCrawlerConfigDto, SAVE_CRAWLER_CONFIG_BODY, 'Any subset of the settings; a masked cookie sent back unchanged keeps the stored one')
  @ApiDataAnswer(CRAWLER_CONFIG, { description: 'The settings as saved', message: CRAWL_MESSAGES.configSaved })
  @ApiOperation({ summary: 'Saves crawler settings (delay 0 … 60,000 ms); a new delay applies from the next page' })
  async save(@Body() dto: SaveCrawlerConfigDto): Promise<{ success: true; message: string; data: CrawlerConfig }> {
    return { success: true, message: CRAWL_MESSAGES.configSaved, data: await this.config.save(dto) };
  }

  /**
   * A worker starts Chromium and loads each site's search page with the stored cookie; the answer says, per
   * site, whether it answered, its HTTP status, a login wall, captcha or block page, and how long it took.
   */
  @Post('crawler-config/test')
  @HttpCode(200)
  @ApiAnswer(CRAWLER_TEST, { description: 'Per site: reachable, HTTP status, login wall, captcha or block page, timings' })
  @ApiFailures('CRAWLER_UNAVAILABLE', 'CRAWLER_TEST_FAILED', 'CRAWLER_TEST_TIMED_OUT')
  @ApiOperation({ summary: 'A worker loads each site\'s search page with the stored cookie' })
  test(): Promise<CrawlerTestResponse> {
    return this.tester.test();
  }

  @Get('firecrawl-config')
  @Header('Cache-Control', 'no-store')
  @ApiAnswer(CRAWL_SERVICE_STATUS, { description: 'Whether crawling can run now' })
  @ApiOperation({ summary: 'Whether a crawl worker is available (the crawling-service status)' })
  async serviceStatus(): Promise<CrawlServiceStatus> {
    const { isValid, message, reason, worker, siteOrigins } = await this.status.check();
    return { isValid, message, reason, ...(worker ? { worker } : {}), ...(siteOrigins ? { siteOrigins } : {}) };
  }
}
