import { bullOptions, QUEUE_NAMES } from '@aipm/queue';
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
      useFactory: (env: ApiEnv) => bullOptions(env.REDIS_URL),
    }),
    BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
  ],
  providers: [QueueErrorLogger],
  exports: [BullModule],
})
export class QueueModule {}
