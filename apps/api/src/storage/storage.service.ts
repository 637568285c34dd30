import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { s3ClientOptions } from '@aipm/config';
import { Client } from 'minio';
import { API_ENV, type ApiEnv } from '../config/api-env';

/** The one gateway to the S3-compatible object store (SeaweedFS in compose, s3rver when embedded). */
@Injectable()
export class StorageService implements OnApplicationBootstrap {
  private readonly logger = new Logger(StorageService.name);
  readonly client: Client;
  readonly bucket: string;

  constructor(@Inject(API_ENV) env: ApiEnv) {
    this.client = new Client(s3ClientOptions(env));
    this.bucket = env.S3_BUCKET;
  }

  /** Creates the bucket on first start; an unreachable store is reported by /api/health, not fatal. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.ensureBucket();
    } catch (error) {
      this.logger.warn(`storage not ready at boot: ${(error as Error).message}`);
    }
  }

  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket);
    } catch (error) {
      // Another API made it between the check and here (replicas booting together, ADR 058): the bucket is there.
      if (!(await this.client.bucketExists(this.bucket))) throw error;
    }
  }

  async isBucketReachable(): Promise<boolean> {
    return this.client.bucketExists(this.bucket);
  }
}
