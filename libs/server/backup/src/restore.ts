import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'minio';
import { extract as extractTar } from 'tar';
import { databaseFacts, notEmptyReason, restoreDatabase } from './database';
import { DATABASE_FILE, differences, FILES_FOLDER, type Manifest, MANIFEST_FILE, MANIFEST_FORMAT, type Totals, totalsOf } from './manifest';
import { pathOfKey, prepareEmptyBucket, readFiles, sha256Of, type Storage, uploadFiles } from './stored-files';
import { fetchArchive } from './targets';

/** The archive cannot be restored here; nothing was changed. */
export class RestoreRefusedError extends Error {
  override readonly name = 'RestoreRefusedError';
}

export interface RestoreOptions {
  /** A path, or s3://<bucket>/<key> on the server `archiveClient` reaches. */
  archive: string;
  databaseUrl: string;
  storage: Storage;
  archiveClient: Client;
  log?: (line: string) => void;
}

export interface RestoreResult {
  createdAt: string;
  totals: Totals;
  /** How the restored system differs from the manifest, one line each: empty when whole. */
  differences: string[];
  durationMs: number;
}

/**
 * Restores an archive into an empty system (docs/product/backups.md#restoring): the archive is checked first (its
 * parts and files against the manifest's checksums), the database and the bucket must be empty, then the dump is
 * restored in one transaction, the files are put back with their content types, and the result is read back and
 * compared with the manifest, table by table and file by file.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { databaseUrl, storage, log = () => undefined } = options;
  const started = Date.now();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'aipm-restore-'));
  try {
    const archive = await fetchArchive(options.archive, options.archiveClient, work);
    const content = path.join(work, 'content');
    await fs.mkdir(content);
    await extractTar({ file: archive, cwd: content, strict: true });
    const manifest = await readManifest(content);
    await checkArchive(content, manifest);
    log(`archive of ${manifest.createdAt} checked`);

    const refusal = (await notEmptyReason(databaseUrl)) ?? (await prepareEmptyBucket(storage));
    if (refusal) throw new RestoreRefusedError(refusal);
    await restoreDatabase(databaseUrl, path.join(content, DATABASE_FILE));
    log('database restored');
    await uploadFiles(storage, path.join(content, FILES_FOLDER), manifest.files.items);
    log(`files restored: ${manifest.files.items.length}`);

    const found = { ...(await databaseFacts(databaseUrl)), files: await readFiles(storage) };
    return { createdAt: manifest.createdAt, totals: totalsOf(manifest), differences: differences(manifest, found), durationMs: Date.now() - started };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function readManifest(content: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(content, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch (error) {
    throw new RestoreRefusedError(`not a backup archive: no readable ${MANIFEST_FILE} (${(error as Error).message})`);
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new RestoreRefusedError(`archive format ${String(manifest.format)} is not ${MANIFEST_FORMAT}`);
  return manifest;
}

/** Every part and file as the manifest says, before anything is restored: a damaged archive changes nothing. */
async function checkArchive(content: string, manifest: Manifest): Promise<void> {
  const damaged: string[] = [];
  for (const [part, sha256] of Object.entries(manifest.parts)) {
    const actual = await sha256Of(path.join(content, part)).catch(() => 'missing');
    if (actual !== sha256) damaged.push(part);
  }
  for (const file of manifest.files.items) {
    const actual = await sha256Of(pathOfKey(path.join(content, FILES_FOLDER), file.key)).catch(() => 'missing');
    if (actual !== file.sha256) damaged.push(`${FILES_FOLDER}/${file.key}`);
  }
  if (damaged.length > 0) throw new RestoreRefusedError(`the archive is damaged: ${damaged.slice(0, 10).join(', ')}${damaged.length > 10 ? ` and ${damaged.length - 10} more` : ''}`);
}
