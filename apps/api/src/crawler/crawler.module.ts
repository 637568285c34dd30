import { CRAWL_EVENTS_KEEPALIVE_MS } from '@aipm/contracts';
import { AdminConfig, CrawlerSiteSession, CrawlResult, CrawlTask, CrawlTaskLifecycle, PublishedJob } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CRAWL_EVENTS_OPTIONS, CrawlEventsService, type CrawlEventsOptions } from './crawl-events.service';
import { CrawlEventsController } from './crawl-events.controller';
import { CrawlResultsController } from './crawl-results.controller';
import { CrawlResultsRepository } from './crawl-results.repository';
import { CrawlResultsService } from './crawl-results.service';
import { CRAWL_RUN_OPTIONS, CrawlRunService, DEFAULT_CRAWL_RUN_WAIT_MS, type CrawlRunOptions } from './crawl-run.service';
import { CrawlRunController } from './crawl-run.controller';
import { CrawlServiceStatusService } from './crawl-service-status.service';
import { CrawlTasksController } from './crawl-tasks.controller';
import { CrawlTasksService } from './crawl-tasks.service';
import { CrawlerConfigController } from './crawler-config.controller';
import { CrawlerConfigService } from './crawler-config.service';
import { CRAWLER_TEST_OPTIONS, CrawlerTestService, DEFAULT_CRAWLER_TEST_WAIT_MS, type CrawlerTestOptions } from './crawler-test.service';
import { QueueBoardModule } from './queue-board.module';
import { CrawlScheduleService } from './crawl-schedule.service';
import { SiteHealthController } from './site-health.controller';
import { SiteHealthService } from './site-health.service';
import { SiteSessionsService } from './site-sessions.service';
import { LiveViewController } from './live-view/live-view.controller';
import { LiveViewService } from './live-view/live-view.service';

/** The crawler's admin API (docs/product/crawler.md#crawler-calls): enqueue and read; the worker crawls. */
@Module({
  imports: [
    TypeOrmModule.forFeature([CrawlTask, CrawlResult, PublishedJob, AdminConfig, CrawlerSiteSession]),
    QueueBoardModule,
  ],
  controllers: [CrawlTasksController, CrawlResultsController, CrawlerConfigController, CrawlRunController, CrawlEventsController, SiteHealthController, LiveViewController],
  providers: [
    CrawlTasksService,
    CrawlScheduleService,
    SiteHealthService,
    SiteSessionsService,
    LiveViewService,
    CrawlResultsRepository,
    CrawlResultsService,
    CrawlerConfigService,
    CrawlServiceStatusService,
    CrawlRunService,
    CrawlerTestService,
    CrawlEventsService,
    // The one writer of a task's status (ADR 042), shared with the worker.
    { provide: CrawlTaskLifecycle, useFactory: (dataSource: DataSource) => new CrawlTaskLifecycle(dataSource), inject: [DataSource] },
    { provide: CRAWL_RUN_OPTIONS, useFactory: (): CrawlRunOptions => ({ waitMs: DEFAULT_CRAWL_RUN_WAIT_MS }) },
    { provide: CRAWL_EVENTS_OPTIONS, useFactory: (): CrawlEventsOptions => ({ keepAliveMs: CRAWL_EVENTS_KEEPALIVE_MS }) },
    { provide: CRAWLER_TEST_OPTIONS, useFactory: (): CrawlerTestOptions => ({ waitMs: DEFAULT_CRAWLER_TEST_WAIT_MS }) },
  ],
})
export class CrawlerModule {}
