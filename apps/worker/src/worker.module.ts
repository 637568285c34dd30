import { createDataSourceOptions } from '@aipm/database';
import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { WORKER_ENV, type WorkerEnv } from './config/worker-env';
import { CrawlModule } from './crawl/crawl.module';
import { LearnedSelectorRepository } from './crawl/dom/learned-selector.repository';
import { HeartbeatService } from './heartbeat/heartbeat.service';
import { NotifyModule } from './notify/notify.module';
import { PrivacyModule } from './privacy/privacy.module';
import { BackupModule } from './backup/backup.module';
import { CRAWL_METRICS, WORKER_METRICS, WORKER_METRICS_PROVIDERS } from './metrics/worker-metrics';

@Module({})
export class WorkerModule {
  static register(env: WorkerEnv): DynamicModule {
    return {
      module: WorkerModule,
      global: true,
      imports: [
        LoggerModule.forRoot({ pinoHttp: { level: env.LOG_LEVEL, base: { app: 'worker' } } }),
        // The API owns and migrates the schema; the worker only reads and writes rows.
        TypeOrmModule.forRoot({ ...createDataSourceOptions(env.DATABASE_URL), retryAttempts: 3, retryDelay: 1000 }),
        CrawlModule,
        NotifyModule,
        PrivacyModule,
        BackupModule,
      ],
      // The learned selectors' repository is here, global, for LearnedSelectorService in CrawlModule (ADR 044).
      providers: [{ provide: WORKER_ENV, useValue: env }, HeartbeatService, LearnedSelectorRepository, ...WORKER_METRICS_PROVIDERS],
      exports: [WORKER_ENV, LearnedSelectorRepository, WORKER_METRICS, CRAWL_METRICS],
    };
  }
}
