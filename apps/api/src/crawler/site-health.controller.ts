import { SEARCH_SITES, type SiteHealth, type SiteSessionDeleted, type SiteSessionStatus } from '@aipm/contracts';
import { Controller, Delete, Get, Header, Param } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { ApiDataAnswer, ApiFailures } from '../common/openapi/api-answers';
import { listOf } from '../common/openapi/schemas';
import { SITE_HEALTH, SITE_SESSION_DELETED, SITE_SESSION_STATUS } from './docs/crawler.docs';
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

  /** Deletes a site's stored session: its crawls are signed out from the next page. */
  @Delete('site-sessions/:site')
  // Which site, and when its sign-in had been stored: never the session itself.
  @Audited({ action: 'settings.crawler.session.delete', entity: 'crawler_settings', details: ({ answer }) => ({ ...((answer as { data?: SiteSessionDeleted } | undefined)?.data ?? {}) }) })
  @ApiParam({ name: 'site', enum: SEARCH_SITES, description: 'The site whose session is deleted' })
  @ApiDataAnswer(SITE_SESSION_DELETED, { description: 'The site whose session was deleted, and when that session had been stored' })
  @ApiFailures('INVALID_SESSION_SITE', 'SITE_SESSION_NOT_FOUND')
  @ApiOperation({ summary: "Deletes a site's stored signed-in session; the site is crawled signed out from its next page" })
  async deleteSession(@Param('site') site: string): Promise<{ success: true; data: SiteSessionDeleted }> {
    return { success: true, data: await this.sessions.delete(site) };
  }
}
