import type { SiteHealth, SiteSessionStatus } from '@aipm/contracts';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataAnswer } from '../common/openapi/api-answers';
import { listOf } from '../common/openapi/schemas';
import { SITE_HEALTH, SITE_SESSION_STATUS } from './docs/crawler.docs';
import { SiteHealthService } from './site-health.service';
import { SiteSessionsService } from './site-sessions.service';

@ApiTags('admin: crawling')
@Controller('admin/crawler')
export class SiteHealthController {
  constructor(
    private readonly health: SiteHealthService,
    private readonly sessions: SiteSessionsService,
  ) {}

  /** Per site: last success, success rate of the last 20 runs, failures by reason, selectors, zero-job runs. */
  @Get('site-health')
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(listOf(SITE_HEALTH), { description: 'One entry per site' })
  @ApiOperation({ summary: 'Site health: last success, success rate, failures, selectors, zero-job runs' })
  async read(): Promise<{ success: true; data: SiteHealth[] }> {
    return { success: true, data: await this.health.report() };
  }

  /** Per site: whether a signed-in session is stored and opens, its age, its last success and last refusal. */
  @Get('site-sessions')
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(listOf(SITE_SESSION_STATUS), { description: 'One entry per site; never the session itself' })
  @ApiOperation({ summary: "The sites' signed-in sessions: stored, missing or unreadable, their age and last outcomes" })
  async readSessions(): Promise<{ success: true; data: SiteSessionStatus[] }> {
    return { success: true, data: await this.sessions.list() };
  }
}
