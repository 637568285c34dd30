import { bullOptions, QUEUE_NAMES } from '@aipm/queue';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { QueueErrorLogger } from './queue-error-logger';

/** Every queue of QUEUE_NAMES, in its order: for what reads them all (the metrics, the dashboard's alerts). */
export const ALL_QUEUES = Symbol('ALL_QUEUES');

/** Producers only: the API enqueues; the worker app runs the processors. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [API_ENV],
      useFactory: (env: ApiEnv) => bullOptions(env.REDIS_URL),
    }),
    BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
  ],
  providers: [QueueErrorLogger, { provide: ALL_QUEUES, useFactory: (...queues: Queue[]) => queues, inject: QUEUE_NAMES.map((name) => getQueueToken(name)) }],
  exports: [BullModule, ALL_QUEUES],
})
export class QueueModule {}
