import { type ApiDataResponse, type SystemAlert } from '@aipm/contracts';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataAnswer } from '../common/openapi/api-answers';
import { listOf, number, object, oneOf, text } from '../common/openapi/schemas';
import { SystemAlertsService } from './system-alerts.service';

const ALERT = object(
  {
    kind: oneOf(['crawl_site_failing', 'crawl_waiting_check', 'queue_waiting', 'backup_stale'], 'backup_stale'),
    site: text('zhipin', 'crawl_site_failing: the site'),
    readShare: number(0.17, 'crawl_site_failing: the share of its pages read in the last hour'),
    pages: number(6, 'crawl_site_failing: the pages tried in the last hour'),
    queue: text('crawl', 'queue_waiting: the queue'),
    waitingSeconds: number(1200, 'queue_waiting: how long its oldest waiting job has waited'),
    taskId: text('0f8e2b1c-4d3a-4e5f-9a8b-7c6d5e4f3a2b', 'crawl_waiting_check: the running task'),
    taskName: text('长沙 AI 产品经理', 'crawl_waiting_check: its name'),
    pageNumber: number(3, 'crawl_waiting_check: the page the site stopped at'),
    until: { type: 'string', format: 'date-time', example: '2026-11-29T19:30:00.000Z', description: 'crawl_waiting_check: when the site is skipped unless the check is solved' },
    lastSuccessAt: { type: 'string', format: 'date-time', nullable: true, example: '2026-11-27T19:00:27.000Z', description: 'backup_stale: when the last good backup ended (null: never)' },
  },
  'One condition that holds now; the fields of its kind',
  ['site', 'readShare', 'pages', 'queue', 'waitingSeconds', 'lastSuccessAt', 'taskId', 'taskName', 'pageNumber', 'until'],
);

/** The dashboard's alerts (docs/product/operations.md#on-the-dashboard), for the administrator. */
@ApiTags('admin: operations')
@Controller('admin/system-alerts')
export class SystemAlertsController {
  constructor(private readonly alerts: SystemAlertsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(listOf(ALERT), { description: 'The conditions that hold now: a backup too old, a crawl waiting for a check, a queue waiting, a site failing' })
  @ApiOperation({ summary: 'What the dashboard warns about: the Prometheus alert rules’ conditions, read from the database and the queues' })
  async list(): Promise<ApiDataResponse<SystemAlert[]>> {
    return { success: true, data: await this.alerts.alerts() };
  }
}
