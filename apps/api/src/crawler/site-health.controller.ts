import type { SiteHealth } from '@aipm/contracts';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SiteHealthService } from './site-health.service';

@ApiTags('admin: crawling')
@Controller('admin/crawler')
export class SiteHealthController {
  constructor(private readonly health: SiteHealthService) {}

  /** Per site: last success, success rate of the last 20 runs, failures by reason, selectors, zero-job runs. */
  @Get('site-health')
  @Header('Cache-Control', 'no-store')
  async read(): Promise<{ success: true; data: SiteHealth[] }> {
    return { success: true, data: await this.health.report() };
  }
}
