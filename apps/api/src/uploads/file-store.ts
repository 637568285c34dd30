import { STORAGE_PROXY_PATH } from '@aipm/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { CopyDestinationOptions, CopySourceOptions } from 'minio';
import type { Readable } from 'node:stream';
import { StorageService } from '../storage/storage.service';
import { UploadError } from './upload.error';

/** How long a presigned PUT (upload) and GET (viewing) URL works. */
export const UPLOAD_URL_TTL_SECONDS = 5 * 60;
export const VIEW_URL_TTL_SECONDS = 60;

/** Bytes the type sniffer reads: enough for the signatures of PDF, JPEG, PNG and WebP (and file-type's). */
export const HEAD_BYTES = 4100;
const REMOVE_CONCURRENCY = 4;

export interface StoredObject {
  size: number;
}

/**
 * A presigned URL as the browser uses it: the same path and signed query under the front door's storage
 * proxy (ADR 019), which forwards it to the store with the Host the URL was signed for. Relative, so it works
 * under whatever host name the back office was opened with.
 */
export function proxiedUrl(signedUrl: string): string {
  const url = new URL(signedUrl);
  return `${STORAGE_PROXY_PATH}${url.pathname}${url.search}`;
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === 'NotFound' || code === 'NoSuchKey';
}

/**
 * The private files of the students section in the S3 store: presigned URLs, existence, first bytes, removal.
 * Any failure to reach the store is STORAGE_UNAVAILABLE (503), never a 500 with the client's text.
 */
@Injectable()
export class FileStore {
  private readonly logger = new Logger(FileStore.name);

  constructor(private readonly storage: StorageService) {}

  get bucket(): string {
    return this.storage.bucket;
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isMissing(error)) throw error;
      this.logger.warn(`storage ${what} failed: ${(error as Error).message}`);
      throw new UploadError('STORAGE_UNAVAILABLE');
    }
  }

  /** The browser's PUT URL (through the front door's storage proxy). */
  async presignedPut(key: string): Promise<string> {
    return proxiedUrl(await this.call('presign put', () => this.storage.client.presignedPutObject(this.bucket, key, UPLOAD_URL_TTL_SECONDS)));
  }

  /** A GET URL (through the front door's storage proxy) that answers with this content type, inline, whatever the uploader claimed. */
  async presignedGet(key: string, contentType: string): Promise<string> {
    return proxiedUrl(
      await this.call('presign get', () =>
        this.storage.client.presignedGetObject(this.bucket, key, VIEW_URL_TTL_SECONDS, {
          'response-content-type': contentType,
          'response-content-disposition': 'inline',
          'response-cache-control': 'private, no-store',
        }),
      ),
    );
  }

  /** Keys under `prefix` with their last change, for the sweep of abandoned uploads. */
  async list(prefix: string): Promise<{ key: string; lastModified: Date }[]> {
    return this.call('list', async () => {
      const found: { key: string; lastModified: Date }[] = [];
      for await (const item of this.storage.client.listObjectsV2(this.bucket, prefix, true)) {
        const object = item as { name?: string; lastModified?: Date };
        if (object.name && object.lastModified) found.push({ key: object.name, lastModified: object.lastModified });
      }
      return found;
    });
  }

  /** The object's size, or undefined when it does not exist. */
  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      return await this.call('stat', async () => ({ size: (await this.storage.client.statObject(this.bucket, key)).size }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** The first bytes of an object of `size` bytes. */
  async head(key: string, size: number): Promise<Buffer> {
    const length = Math.min(size, HEAD_BYTES);
    const stream: Readable = await this.call('read', () => this.storage.client.getPartialObject(this.bucket, key, 0, length));
    const chunks: Buffer[] = [];
    let read = 0;
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      read += (chunk as Buffer).length;
      // A store that ignores the range sends the whole object: stop once the head is in.
      if (read >= length) break;
    }
    stream.destroy();
    return Buffer.concat(chunks).subarray(0, length);
  }

  /** The whole object as a stream, or undefined when it does not exist (a public landing image, ADR 076). */
  async read(key: string): Promise<Readable | undefined> {
    try {
      return await this.call('read', () => this.storage.client.getObject(this.bucket, key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Writes an object the API holds already (a form's file, checked first): straight to its stored key. */
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.call('put', () => this.storage.client.putObject(this.bucket, key, bytes, bytes.length, { 'Content-Type': contentType }));
  }

  /** Copies an object inside the bucket, server-side (never through the front door); false when `from` does not exist. */
  async copy(from: string, to: string): Promise<boolean> {
    try {
      await this.call('copy', () =>
        this.storage.client.copyObject(new CopySourceOptions({ Bucket: this.bucket, Object: from }), new CopyDestinationOptions({ Bucket: this.bucket, Object: to })),
      );
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Removes the objects; a key already gone counts as removed. */
  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    // A few at a time: s3rver answers 500 to dozens of parallel deletes (a sweep's), and a real S3 server gains nothing from more.
    for (let start = 0; start < keys.length; start += REMOVE_CONCURRENCY) {
      const batch = keys.slice(start, start + REMOVE_CONCURRENCY);
      await this.call('remove', () => Promise.all(batch.map((key) => this.storage.client.removeObject(this.bucket, key))));
    }
  }
}
