import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'minio';
import { create as createTar } from 'tar';
import { archiveName, archivesBeyond } from './archive-name';
import { dumpDatabase } from './database';
import { DATABASE_FILE, FILES_FOLDER, type Manifest, MANIFEST_FILE, MANIFEST_FORMAT, SETTINGS_FILE, type Totals, totalsOf } from './manifest';
import { downloadFiles, sha256Of, type Storage } from './stored-files';
import { type BackupTarget, deliver, listArchives, locationOf, removeArchive, workFolderOf } from './targets';

export interface BackupOptions {
  databaseUrl: string;
  /** The apps' stored files. */
  storage: Storage;
  target: BackupTarget;
  /** The S3 client for an s3:// target (the storage's client when the archives live on the same server). */
  targetClient: Client;
  /** How many archives to keep, newest first; older ones are deleted after this one is in place. */
  keep: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface BackupResult {
  name: string;
  location: string;
  sizeBytes: number;
  durationMs: number;
  totals: Totals;
  /** Older archives deleted to keep `keep`. */
  removed: string[];
}

/**
 * One dated archive (docs/product/backups.md): the manifest first, then the database dump (custom format), the
 * settings and every stored file, in one uncompressed tar (the dump is compressed already, and so are most files).
 * Built beside its target and put in place whole; nothing of a failed run is left behind.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { databaseUrl, storage, target, targetClient, keep, log = () => undefined } = options;
  const started = Date.now();
  const now = options.now ?? new Date();
  const name = archiveName(now);
  const work = await fs.mkdtemp(path.join((await workFolderOf(target)) ?? os.tmpdir(), '.backup-'));
  try {
    const content = path.join(work, 'content');
    await fs.mkdir(path.join(content, FILES_FOLDER), { recursive: true });
    const snapshot = await dumpDatabase(databaseUrl, path.join(content, DATABASE_FILE));
    log(`database dumped: ${Object.keys(snapshot.tables).length} tables`);
    const files = await downloadFiles(storage, path.join(content, FILES_FOLDER));
    log(`files copied: ${files.length}`);
    await fs.writeFile(path.join(content, SETTINGS_FILE), `${JSON.stringify(snapshot.settings, null, 2)}\n`);
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt: now.toISOString(),
      database: { serverVersion: snapshot.serverVersion, tables: snapshot.tables, sequences: snapshot.sequences },
      files: { bucket: storage.bucket, items: files },
      parts: {
        [DATABASE_FILE]: await sha256Of(path.join(content, DATABASE_FILE)),
        [SETTINGS_FILE]: await sha256Of(path.join(content, SETTINGS_FILE)),
      },
    };
    await fs.writeFile(path.join(content, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const archive = path.join(work, name);
    await createTar({ file: archive, cwd: content, portable: true }, [MANIFEST_FILE, DATABASE_FILE, SETTINGS_FILE, FILES_FOLDER]);
    const { size: sizeBytes } = await fs.stat(archive);
    await deliver(target, targetClient, archive, name);
    const removed = archivesBeyond(await listArchives(target, targetClient), keep);
    for (const old of removed) await removeArchive(target, targetClient, old);
    return { name, location: locationOf(target, name), sizeBytes, durationMs: Date.now() - started, totals: totalsOf(manifest), removed };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
