import { Inject, Injectable, Logger } from '@nestjs/common';
import { s3ClientOptions } from '@aipm/config';
import type { Client } from 'minio';
import { WORKER_ENV, type WorkerEnv } from '../../config/worker-env';

/** Saves the HTML and screenshot of a failed crawl page to S3 storage, for the operator to look at. */
@Injectable()
export class FailureSnapshotStore {
  private readonly logger = new Logger(FailureSnapshotStore.name);
  private client: Promise<Client> | undefined;
  private readonly bucket: string;
  private bucketReady: Promise<void> | null = null;

  constructor(@Inject(WORKER_ENV) private readonly env: WorkerEnv) {
    this.bucket = env.S3_BUCKET;
  }

  /** The S3 client (about 28 MB) is loaded with the first snapshot: most crawls fail no page (ADR 064's memory budget). */
  private storage(): Promise<Client> {
    return (this.client ??= import('minio').then(({ Client: S3Client }) => new S3Client(s3ClientOptions(this.env))));
  }

  /** Object names under `crawl-failures/<taskId>/<runKey>/<reason>.{html,png}`; null when storage failed. */
  async save(prefix: string, html: string, screenshot: Buffer | null): Promise<{ html: string; screenshot: string | null } | null> {
    try {
      this.bucketReady ??= this.ensureBucket();
      await this.bucketReady;
      const client = await this.storage();
      const htmlName = `crawl-failures/${prefix}.html`;
      await client.putObject(this.bucket, htmlName, Buffer.from(html, 'utf8'), undefined, { 'Content-Type': 'text/html; charset=utf-8' });
      let screenshotName: string | null = null;
      if (screenshot) {
        screenshotName = `crawl-failures/${prefix}.png`;
        await client.putObject(this.bucket, screenshotName, screenshot, screenshot.length, { 'Content-Type': 'image/png' });
      }
      return { html: htmlName, screenshot: screenshotName };
    } catch (error) {
      this.bucketReady = null;
      // A snapshot is a diagnostic aid: losing one must not fail the crawl.
      this.logger.warn(`failure snapshot not saved: ${(error as Error).message}`);
      return null;
    }
  }

  async read(name: string): Promise<Buffer> {
    const stream = await (await this.storage()).getObject(this.bucket, name);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private async ensureBucket(): Promise<void> {
    const client = await this.storage();
    if (!(await client.bucketExists(this.bucket))) await client.makeBucket(this.bucket);
  }
}
