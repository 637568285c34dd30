import { AdminConfig, CrawlResult, CrawlTask, LearnedSelector } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WORKER_ENV, type WorkerEnv } from '../config/worker-env';
import { BrowserService } from './browser/browser.service';
import { CrawlResultWriter } from './crawl-result.writer';
import { CrawlWorkerService } from './crawl-worker.service';
import { CrawlProcessor, PAGE_LOADER } from './crawl.processor';
import { CrawlerConfigService } from './crawler-config.service';
import { LearnedSelectorService } from './dom/learned-selector.service';
import { NavigationGuard } from './navigation/navigation.guard';
import { SiteThrottle } from './navigation/site.throttle';
import { PageLoader } from './page.loader';
import { SiteRegistry } from './sites/site-registry';
import { FailureSnapshotStore } from './storage/failure-snapshot.store';

@Module({
  imports: [TypeOrmModule.forFeature([AdminConfig, CrawlTask, CrawlResult, LearnedSelector])],
  providers: [
    { provide: SiteRegistry, inject: [WORKER_ENV], useFactory: (env: WorkerEnv) => SiteRegistry.fromEnv(env.CRAWLER_SITE_ORIGINS) },
    { provide: NavigationGuard, inject: [SiteRegistry], useFactory: (registry: SiteRegistry) => new NavigationGuard(registry) },
    { provide: SiteThrottle, useValue: new SiteThrottle() },
    { provide: PAGE_LOADER, inject: [BrowserService, NavigationGuard], useFactory: (browser: BrowserService, guard: NavigationGuard) => new PageLoader(browser, guard) },
    BrowserService,
    CrawlerConfigService,
    CrawlResultWriter,
    LearnedSelectorService,
    FailureSnapshotStore,
    CrawlProcessor,
    CrawlWorkerService,
  ],
  exports: [BrowserService, CrawlProcessor],
})
export class CrawlModule {}
