import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BucketItem, Client } from 'minio';
import { isArchiveName } from './archive-name';

/**
 * Where archives are kept (BACKUP_TARGET): a folder, or `s3://<bucket>/<prefix>` on the S3 server the apps use
 * (another bucket than theirs, so that a restore of the files never meets the archives).
 */
export type BackupTarget = { kind: 'folder'; folder: string } | { kind: 's3'; bucket: string; prefix: string };

export function parseTarget(value: string, cwd = process.cwd()): BackupTarget {
  const s3 = /^s3:\/\/([^/]+)\/?(.*)$/.exec(value.trim());
  if (s3) {
    const prefix = s3[2]!.replace(/\/+$/, '');
    return { kind: 's3', bucket: s3[1]!, prefix: prefix ? `${prefix}/` : '' };
  }
  if (!value.trim()) throw new Error('BACKUP_TARGET is empty: a folder or s3://<bucket>/<prefix>');
  return { kind: 'folder', folder: path.resolve(cwd, value.trim()) };
}

export function describeTarget(target: BackupTarget): string {
  return target.kind === 'folder' ? target.folder : `s3://${target.bucket}/${target.prefix}`;
}

/** The archive's location once delivered: a path, or the s3:// URL of the object. */
export function locationOf(target: BackupTarget, name: string): string {
  return target.kind === 'folder' ? path.join(target.folder, name) : `s3://${target.bucket}/${target.prefix}${name}`;
}

/** A folder on the target's own disk for building an archive (renamed into place when whole), or null for S3. */
export async function workFolderOf(target: BackupTarget): Promise<string | null> {
  if (target.kind !== 'folder') return null;
  await fs.mkdir(target.folder, { recursive: true });
  return target.folder;
}

/** Puts the finished archive in place; a folder's archive appears only whole (a rename on one disk). */
export async function deliver(target: BackupTarget, client: Client, archive: string, name: string): Promise<void> {
  if (target.kind === 'folder') {
    await fs.rename(archive, path.join(target.folder, name));
    return;
  }
  if (!(await client.bucketExists(target.bucket))) await client.makeBucket(target.bucket);
  await client.fPutObject(target.bucket, `${target.prefix}${name}`, archive, { 'Content-Type': 'application/x-tar' });
}

export async function listArchives(target: BackupTarget, client: Client): Promise<string[]> {
  if (target.kind === 'folder') {
    const entries = await fs.readdir(target.folder).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
    return entries.filter(isArchiveName).sort();
  }
  if (!(await client.bucketExists(target.bucket))) return [];
  const names: string[] = [];
  for await (const item of client.listObjectsV2(target.bucket, target.prefix, false) as AsyncIterable<BucketItem>) {
    const name = item.name?.slice(target.prefix.length);
    if (name && isArchiveName(name)) names.push(name);
  }
  return names.sort();
}

export async function removeArchive(target: BackupTarget, client: Client, name: string): Promise<void> {
  if (target.kind === 'folder') await fs.rm(path.join(target.folder, name), { force: true });
  else await client.removeObject(target.bucket, `${target.prefix}${name}`);
}

/** A local path of the archive `source` names (a path, or s3://bucket/key fetched into `folder`). */
export async function fetchArchive(source: string, client: Client, folder: string): Promise<string> {
  const s3 = /^s3:\/\/([^/]+)\/(.+)$/.exec(source.trim());
  if (!s3) return path.resolve(source);
  const local = path.join(folder, path.basename(s3[2]!));
  // A stream rather than fGetObject, whose resumable part file is not found on every S3 server (s3rver's ETags).
  await pipeline(await client.getObject(s3[1]!, s3[2]!), createWriteStream(local));
  return local;
}
