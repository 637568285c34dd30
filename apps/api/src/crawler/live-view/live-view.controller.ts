import { LIVE_VIEW_TEXT_MAX, type LiveViewClosed, type LiveViewOpened } from '@aipm/contracts';
import { LiveViewInputDto, OpenLiveViewDto } from '@aipm/contracts/dto';
import { Body, Controller, HttpCode, type MessageEvent, Param, Post, Sse } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import { ApiDataAnswer, ApiFailures, ApiFileAnswer, ApiJsonBody } from '../../common/openapi/api-answers';
import { Audited } from '../../audit/audited.decorator';
import { idParam } from '../../common/errors/id-param';
import { LIVE_VIEW_CLOSED, LIVE_VIEW_EVENTS_EXAMPLE, LIVE_VIEW_INPUT_BODY, LIVE_VIEW_OPENED, OPEN_LIVE_VIEW_BODY } from '../docs/crawler.docs';
import { LiveViewService } from './live-view.service';

/**
 * The live view of the worker's Chromium (docs/product/crawler.md#live-view, ADR 069), behind the administrator's
 * session like every admin route (the global guard): frames as server-sent events, input and closing as POSTs.
 */
@ApiTags('admin: crawling')
@Controller('admin/crawler/live-view')
export class LiveViewController {
  constructor(private readonly views: LiveViewService) {}

  @Post()
  @HttpCode(200)
  @ApiJsonBody(OpenLiveViewDto, OPEN_LIVE_VIEW_BODY, 'The site to sign in to')
  @ApiDataAnswer(LIVE_VIEW_OPENED, { description: 'A worker opens its Chromium on the site’s sign-in page; follow the view’s events' })
  @ApiFailures('INVALID_LIVE_VIEW_SITE', 'LIVE_VIEW_UNAVAILABLE')
  @ApiOperation({ summary: 'Opens a live view of the worker’s Chromium on a site’s sign-in page' })
  async open(@Body() dto: OpenLiveViewDto): Promise<{ success: true; data: LiveViewOpened }> {
    return { success: true, data: await this.views.open(dto.site) };
  }

  @Sse(':viewId/events')
  @ApiOperation({
    summary: 'The view’s frames (server-sent events)',
    description: 'Each message’s data is a LiveViewEvent as JSON: {type:"frame", jpeg (base64), width, height, url} at most 5 a second, the latest first; then {type:"closed", stored, cookies, origins, reason}, after which the stream ends.',
  })
  @ApiProduces('text/event-stream')
  @ApiFileAnswer({ mediaType: 'text/event-stream', example: LIVE_VIEW_EVENTS_EXAMPLE, description: 'A stream of LiveViewEvent messages until the view closes' })
  events(@Param('viewId', idParam('INVALID_VIEW_ID')) viewId: string): Observable<MessageEvent> {
    return this.views.stream(viewId);
  }

  @Post(':viewId/input')
  @HttpCode(204)
  @ApiJsonBody(LiveViewInputDto, LIVE_VIEW_INPUT_BODY, `One click, drag step (down, move, up), scroll, key or text (at most ${LIVE_VIEW_TEXT_MAX} characters); coordinates in the 1280×800 viewport`)
  @ApiFailures('INVALID_VIEW_ID', 'INVALID_LIVE_VIEW_INPUT', 'LIVE_VIEW_CLOSED')
  @ApiOperation({ summary: 'Sends the operator’s input to the view’s page' })
  async input(@Param('viewId', idParam('INVALID_VIEW_ID')) viewId: string, @Body() dto: LiveViewInputDto): Promise<void> {
    await this.views.input(viewId, dto);
  }

  @Post(':viewId/close')
  @HttpCode(200)
  // The session itself never reaches the log: which site, and how much was stored.
  @Audited({ action: 'settings.crawler.session.store', entity: 'crawler_settings', details: ({ answer }) => ({ ...((answer as { data?: LiveViewClosed } | undefined)?.data ?? {}) }) })
  @ApiDataAnswer(LIVE_VIEW_CLOSED, { description: 'The session the view stored (cookies and the site’s storage, sealed)' })
  @ApiFailures('INVALID_VIEW_ID', 'LIVE_VIEW_CLOSED', 'LIVE_VIEW_TIMED_OUT')
  @ApiOperation({ summary: 'Closes the view and stores the site’s session' })
  async close(@Param('viewId', idParam('INVALID_VIEW_ID')) viewId: string): Promise<{ success: true; data: LiveViewClosed }> {
    return { success: true, data: await this.views.close(viewId) };
  }
}
