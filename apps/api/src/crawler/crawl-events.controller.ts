import { Controller, type MessageEvent, Sse } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiFileAnswer } from '../common/openapi/api-answers';
import { CRAWL_EVENTS_EXAMPLE } from './docs/crawler.docs';
import type { Observable } from 'rxjs';
import { CrawlEventsService } from './crawl-events.service';

@ApiTags('admin: crawling')
@Controller('admin/crawler')
export class CrawlEventsController {
  constructor(private readonly events: CrawlEventsService) {}

  /** Behind the administrator session like every admin route (the global guard). */
  @Sse('events')
  @ApiOperation({
    summary: 'Live crawl runs (server-sent events)',
    description:
      'Each message\'s data is a CrawlLiveEvent as JSON: {type:"started"|"progress"|"finished", taskId, jobId, …}. ' +
      'A "keepalive" event every 15 s; the stream ends when the API stops, and EventSource reconnects.',
  })
  @ApiProduces('text/event-stream')
  @ApiFileAnswer({ mediaType: 'text/event-stream', example: CRAWL_EVENTS_EXAMPLE, description: 'A stream of CrawlLiveEvent messages that stays open' })
  stream(): Observable<MessageEvent> {
    return this.events.stream();
  }
}
