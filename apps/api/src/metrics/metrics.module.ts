import { backupMetrics, callMetrics, createRegistry, leadMetrics, queueMetrics } from '@aipm/metrics';
import { BackupRun } from '@aipm/database';
import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { DataSource, Repository } from 'typeorm';
import { lastGoodBackup } from '../backups/last-good-backup';
import { ALL_QUEUES } from '../queue/queue.module';

/** This API process's metrics (docs/product/operations.md#metrics); the primary serves them for all processes. */
export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');
/** Leads stored, counted where they are stored. */
export const LEAD_METRICS = Symbol('LEAD_METRICS');
export type LeadMetrics = ReturnType<typeof leadMetrics>;

/**
 * The API's metrics: its requests (createApp's middleware), the leads it stores, and, read from Redis and PostgreSQL
 * when scraped, every queue's depth, oldest wait and finished jobs, the phone calls and the last good backup. In an API process of the
 * cluster the registry is handed to prom-client's aggregator, which the primary asks over IPC (ADR 057).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([BackupRun])],
  providers: [
    {
      provide: METRICS_REGISTRY,
      useFactory: (): Registry => {
        const registry = createRegistry('api');
        if (cluster.isWorker) {
          // Constructing one is what makes this process answer the primary's requests (prom-client's cluster.js).
          new AggregatorRegistry();
          AggregatorRegistry.setRegistries([registry]);
        }
        return registry;
      },
    },
    { provide: LEAD_METRICS, useFactory: (registry: Registry) => leadMetrics(registry), inject: [METRICS_REGISTRY] },
  ],
  exports: [METRICS_REGISTRY, LEAD_METRICS],
})
export class MetricsModule implements OnModuleInit {
  constructor(
    @Inject(METRICS_REGISTRY) private readonly registry: Registry,
    @InjectRepository(BackupRun) private readonly runs: Repository<BackupRun>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ALL_QUEUES) private readonly queues: Queue[],
  ) {}

  onModuleInit(): void {
    queueMetrics(this.registry, this.queues);
    callMetrics(this.registry, () =>
      this.dataSource.query<Array<{ provider: string; status: string; count: number }>>(`SELECT provider, status, count(*)::int AS count FROM notification_calls GROUP BY provider, status`),
    );
    backupMetrics(this.registry, async () => {
      const run = await lastGoodBackup(this.runs);
      return run ? { finishedAt: run.finishedAt, sizeBytes: Number(run.sizeBytes ?? 0) } : null;
    });
  }
}
