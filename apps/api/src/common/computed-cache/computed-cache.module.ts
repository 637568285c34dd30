import { Global, Module } from '@nestjs/common';
import { ComputedCache } from './computed-cache';

/** Results computed over whole tables, kept while the data is unchanged (ADR 055); one per API process. */
@Global()
@Module({ providers: [ComputedCache], exports: [ComputedCache] })
export class ComputedCacheModule {}
