import type { SiteHealth } from '@aipm/contracts';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataAnswer } from '../common/openapi/api-answers';
import { listOf } from '../common/openapi/schemas';
import { SITE_HEALTH } from './docs/crawler.docs';
import { SiteHealthService } from './site-health.service';

@ApiTags('admin: crawling')
@Controller('admin/crawler')
export class SiteHealthController {
  constructor(private readonly health: SiteHealthService) {}

  /** Per site: last success, success rate of the last 20 runs, failures by reason, selectors, zero-job runs. */
  @Get('site-health')
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(listOf(SITE_HEALTH), { description: 'One entry per site' })
  @ApiOperation({ summary: 'Site health: last success, success rate, failures, selectors, zero-job runs' })
  async read(): Promise<{ success: true; data: SiteHealth[] }> {
    return { success: true, data: await this.health.report() };
  }
}
