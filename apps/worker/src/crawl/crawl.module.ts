import { AdminConfig, CrawlerSiteSession, CrawlResult, CrawlRun, CrawlTask, CrawlTaskLifecycle, LearnedSelector, PublishedJob, PublishedJobLiveness } from '@aipm/database';
import { createRedisConnection } from '@aipm/queue';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { WORKER_ENV, type WorkerEnv } from '../config/worker-env';
import { BrowserService } from './browser/browser.service';
import { CrawlResultWriter } from './crawl-result.writer';
import { CrawlWorkerService } from './crawl-worker.service';
import { CrawlProcessor, PAGE_LOADER } from './crawl.processor';
import { CrawlerDiagnosticsService } from './diagnostics/crawler-diagnostics.service';
import { LearnedSelectorService } from './dom/learned-selector.service';
import { CRAWL_RECONCILE_OPTIONS, CrawlTaskReconciler, DEFAULT_CRAWL_RECONCILE_OPTIONS } from './lifecycle/crawl-task.reconciler';
import { OrphanedJobRecovery } from './lifecycle/orphaned-job.recovery';
import { CrawlScheduleSync } from './schedule/crawl-schedule.sync';
import { JobExpiryService } from './schedule/job-expiry.service';
import { JobLivenessService } from './liveness/job-liveness.service';
import { NavigationGuard } from './navigation/navigation.guard';
import { SitePacing } from './navigation/site.pacing';
import { SiteThrottle } from './navigation/site.throttle';
import { PageLoader } from './page.loader';
import { SiteRegistry } from './sites/site-registry';
import { SiteSessionStore } from './sessions/site-session.store';
import { CheckCallRequester } from './live-view/check-call.requester';
import { LiveViewService } from './live-view/live-view.service';
import { FailureSnapshotStore } from './storage/failure-snapshot.store';

@Module({
  imports: [TypeOrmModule.forFeature([AdminConfig, CrawlerSiteSession, CrawlTask, CrawlResult, CrawlRun, LearnedSelector, PublishedJob])],
  providers: [
    { provide: SiteRegistry, inject: [WORKER_ENV], useFactory: (env: WorkerEnv) => SiteRegistry.fromEnv(env.CRAWLER_SITE_ORIGINS) },
    { provide: NavigationGuard, inject: [SiteRegistry], useFactory: (registry: SiteRegistry) => new NavigationGuard(registry) },
    // Its own connection: the slot scripts are short, and BullMQ's blocking connections must not wait behind them.
    { provide: SiteThrottle, inject: [WORKER_ENV], useFactory: (env: WorkerEnv) => new SiteThrottle(createRedisConnection(env.REDIS_URL)) },
    // Each site's pace step (ADR 064), on a connection of its own: its updates WATCH their key.
    { provide: SitePacing, inject: [WORKER_ENV], useFactory: (env: WorkerEnv) => new SitePacing(createRedisConnection(env.REDIS_URL)) },
    // The one writer of a task's status and its runs (ADR 042), shared with the API.
    { provide: CrawlTaskLifecycle, inject: [DataSource], useFactory: (dataSource: DataSource) => new CrawlTaskLifecycle(dataSource) },
    // The liveness check's reads and writes of published jobs (ADR 063).
    { provide: PublishedJobLiveness, inject: [DataSource], useFactory: (dataSource: DataSource) => new PublishedJobLiveness(dataSource) },
    { provide: CRAWL_RECONCILE_OPTIONS, useValue: { ...DEFAULT_CRAWL_RECONCILE_OPTIONS } },
    { provide: PAGE_LOADER, inject: [BrowserService, NavigationGuard, SiteRegistry], useFactory: (browser: BrowserService, guard: NavigationGuard, registry: SiteRegistry) => new PageLoader(browser, guard, registry) },
    BrowserService,
    CrawlResultWriter,
    CrawlScheduleSync,
    JobExpiryService,
    JobLivenessService,
    LearnedSelectorService,
    FailureSnapshotStore,
    SiteSessionStore,
    LiveViewService,
    CheckCallRequester,
    CrawlProcessor,
    CrawlerDiagnosticsService,
    CrawlTaskReconciler,
    OrphanedJobRecovery,
    CrawlWorkerService,
  ],
  exports: [BrowserService, CrawlProcessor, SiteSessionStore],
})
export class CrawlModule {}
