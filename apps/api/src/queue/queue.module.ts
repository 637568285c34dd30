import { bullConnectionFromUrl, CRAWL_QUEUE, KEY_PREFIX, NOTIFY_QUEUE } from '@aipm/queue';
import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { QueueErrorLogger } from './queue-error-logger';

/** Producers only: the API enqueues; the worker app runs the processors. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [API_ENV],
      useFactory: (env: ApiEnv) => ({ connection: bullConnectionFromUrl(env.REDIS_URL), prefix: `${KEY_PREFIX}:bull` }),
    }),
    BullModule.registerQueue({ name: CRAWL_QUEUE }, { name: NOTIFY_QUEUE }),
  ],
  providers: [QueueErrorLogger],
  exports: [BullModule],
})
export class QueueModule {}
