import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BucketItem, Client } from 'minio';
import type { StoredFile } from './manifest';

/** The file store the apps use: a minio client of the S3 server and the bucket. */
export interface Storage {
  client: Client;
  bucket: string;
}

async function keysOf({ client, bucket }: Storage): Promise<Array<{ key: string; size: number }>> {
  const items: Array<{ key: string; size: number }> = [];
  const stream = client.listObjectsV2(bucket, '', true);
  for await (const item of stream as AsyncIterable<BucketItem>) {
    if (item.name) items.push({ key: item.name, size: item.size });
  }
  return items.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A key as a path under `folder`; a key that would leave it (`../`) is refused, never written. */
export function pathOfKey(folder: string, key: string): string {
  const target = path.resolve(folder, key);
  if (!target.startsWith(path.resolve(folder) + path.sep)) throw new Error(`a stored file's key leaves the archive: ${JSON.stringify(key)}`);
  return target;
}

/** Hashes what passes through. */
function hashing(): Transform & { digest: () => string; bytes: () => number } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => hash.digest('hex'), bytes: () => bytes });
}

/** Every stored file into `folder` (by its key), with its size, SHA-256 and content type. */
export async function downloadFiles(storage: Storage, folder: string): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (const { key } of await keysOf(storage)) {
    const target = pathOfKey(folder, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const [stat, body] = await Promise.all([storage.client.statObject(storage.bucket, key), storage.client.getObject(storage.bucket, key)]);
    const hash = hashing();
    await pipeline(body, hash, createWriteStream(target));
    const contentType = stat.metaData?.['content-type'] as string | undefined;
    files.push({ key, size: hash.bytes(), sha256: hash.digest(), ...(contentType ? { contentType } : {}) });
  }
  return files;
}

/** Size and SHA-256 of what a stream carries. */
async function digestOf(source: AsyncIterable<Buffer>): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of source) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** What the store holds now, each file read through and hashed (a restore's check). */
export async function readFiles(storage: Storage): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (const { key } of await keysOf(storage)) {
    files.push({ key, ...(await digestOf(await storage.client.getObject(storage.bucket, key))) });
  }
  return files;
}

/** Why the store cannot take a restore: its bucket holds files already (null: missing or empty; it is created). */
export async function prepareEmptyBucket({ client, bucket }: Storage): Promise<string | null> {
  if (!(await client.bucketExists(bucket))) {
    await client.makeBucket(bucket);
    return null;
  }
  const stream = client.listObjectsV2(bucket, '', true);
  for await (const _item of stream as AsyncIterable<BucketItem>) {
    stream.destroy();
    return `the bucket ${bucket} already holds files: restore into an empty store`;
  }
  return null;
}

/** The archive's files back into the store, each with its content type. */
export async function uploadFiles(storage: Storage, folder: string, files: readonly StoredFile[]): Promise<void> {
  for (const file of files) {
    const source = pathOfKey(folder, file.key);
    await storage.client.putObject(storage.bucket, file.key, createReadStream(source), file.size, file.contentType ? { 'Content-Type': file.contentType } : {});
  }
}

/** SHA-256 of a file on disk. */
export async function sha256Of(file: string): Promise<string> {
  return (await digestOf(createReadStream(file))).sha256;
}
