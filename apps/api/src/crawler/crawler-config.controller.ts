import { CRAWL_MESSAGES, SaveCrawlerConfigDto, type CrawlerConfig, type CrawlServiceStatus } from '@aipm/contracts';
import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { COOKIE_KEYS, CrawlerConfigService } from './crawler-config.service';
import { CrawlServiceStatusService } from './crawl-service-status.service';

@ApiTags('admin: crawling')
@Controller('admin')
export class CrawlerConfigController {
  constructor(
    private readonly config: CrawlerConfigService,
    private readonly status: CrawlServiceStatusService,
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
   * The worker's state (Redis, heartbeat, its Chromium) and which sites have a cookie stored. It does not
   * launch a browser or load the sites: that is the worker's job (see the report of issue 6 item 8).
   */
  @Post('crawler-config/test')
  @HttpCode(200)
  async test(): Promise<{ success: boolean; message: string; data: { cookies: Record<string, boolean> } }> {
    const [service, config] = await Promise.all([this.status.check(), this.config.read()]);
    const cookies = Object.fromEntries(COOKIE_KEYS.map((key) => [key, config[key] !== '']));
    const missing = COOKIE_KEYS.filter((key) => !cookies[key]);
    const cookieNote = missing.length === 0 ? '所有站点均已配置 Cookie' : `未配置 Cookie：${missing.join(', ')}`;
    return { success: service.isValid, message: `${service.message}；${cookieNote}`, data: { cookies } };
  }

  @Get('firecrawl-config')
  @Header('Cache-Control', 'no-store')
  async serviceStatus(): Promise<CrawlServiceStatus> {
    const { isValid, message } = await this.status.check();
    return { isValid, message };
  }
}
