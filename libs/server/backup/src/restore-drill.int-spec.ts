import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client as S3Client } from 'minio';
import { Client } from 'pg';
import { seedEveryTable } from '../testing/seed-every-table';
import { createBackup } from './backup';
import { databaseFacts } from './database';
import { RestoreRefusedError, restoreBackup } from './restore';
import { readFiles, type Storage } from './stored-files';
import { listArchives, parseTarget } from './targets';

jest.setTimeout(120_000);

/** The S3 server npm test started (tools/with-services.mjs), one client as the apps make it. */
function s3Client(): S3Client {
  const endpoint = new URL(process.env['S3_ENDPOINT']!);
  return new S3Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: endpoint.protocol === 'https:',
    accessKey: process.env['S3_ACCESS_KEY']!,
    secretKey: process.env['S3_SECRET_KEY']!,
    region: process.env['S3_REGION'] ?? 'us-east-1',
    pathStyle: true,
  });
}

const bucketName = (role: string) => `drill-${role}-${randomBytes(4).toString('hex')}`;

// A tiny PNG and a PDF header: the evidence and the contract as the back office stores them.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/**
 * The restore drill (docs/product/backups.md#the-restore-drill): every table seeded and files of each kind
 * stored; a backup; a restore into a fresh database and an empty bucket; then every table, sequence and file compared
 * with the source, by the schema as it stands. Then the refusals: a system that is not empty, and a damaged archive.
 */
describe('backup and restore drill', () => {
  const client = s3Client();
  const source: Storage = { client, bucket: bucketName('source') };
  const databases: TestDatabase[] = [];
  let sourceDb: TestDatabase;
  let folder: string;

  const emptyDatabase = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  };

  beforeAll(async () => {
    sourceDb = await createTestDatabase({ migrate: true });
    databases.push(sourceDb);
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'aipm-drill-'));
    await client.makeBucket(source.bucket);
    const keys = { contract: `students/${randomBytes(8).toString('hex')}/合同 2026.pdf`, evidence: `students/${randomBytes(8).toString('hex')}/offer.png` };
    await client.putObject(source.bucket, keys.contract, PDF, PDF.length, { 'Content-Type': 'application/pdf' });
    await client.putObject(source.bucket, keys.evidence, PNG, PNG.length, { 'Content-Type': 'image/png' });
    // A large file (3 MiB of noise), and an empty one.
    const noise = randomBytes(3 * 1024 * 1024);
    await client.putObject(source.bucket, 'crawl-failures/2026-11-29/page.html', noise, noise.length, { 'Content-Type': 'text/html; charset=utf-8' });
    await client.putObject(source.bucket, 'students/empty.txt', Buffer.alloc(0), 0, { 'Content-Type': 'text/plain' });
    const sql = new Client({ connectionString: sourceDb.url });
    await sql.connect();
    try {
      await seedEveryTable(sql, keys);
    } finally {
      await sql.end();
    }
  });

  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('seeds a row in every table of the schema (a table added later fails here until it is seeded)', async () => {
    const { tables } = await databaseFacts(sourceDb.url);
    expect(Object.keys(tables).length).toBeGreaterThanOrEqual(29);
    expect(Object.entries(tables).filter(([, facts]) => facts.rows === 0).map(([name]) => name)).toEqual([]);
  });

  it('restores an archive into an empty system with 0 differences, table by table and file by file', async () => {
    const target = parseTarget(folder);
    const backup = await createBackup({ databaseUrl: sourceDb.url, storage: source, target, targetClient: client, keep: 14, now: new Date('2026-11-28T19:00:00Z') });
    expect(backup).toMatchObject({ name: 'aipm-backup-20261129-030000.tar', location: path.join(folder, 'aipm-backup-20261129-030000.tar'), removed: [] });
    expect(backup.totals).toMatchObject({ files: 4, fileBytes: PDF.length + PNG.length + 3 * 1024 * 1024 });
    expect((await fs.stat(backup.location)).size).toBe(backup.sizeBytes);
    // Nothing of the work is left beside the archive.
    expect(await fs.readdir(folder)).toEqual([backup.name]);

    const restoredDb = await emptyDatabase();
    const restored: Storage = { client, bucket: bucketName('restored') };
    const result = await restoreBackup({ archive: backup.location, databaseUrl: restoredDb.url, storage: restored, archiveClient: client });
    expect(result.differences).toEqual([]);
    expect(result.totals).toEqual(backup.totals);

    // Compared with the source itself, not only with the manifest: every table's rows and every sequence…
    expect(await databaseFacts(restoredDb.url)).toEqual(await databaseFacts(sourceDb.url));
    // …and every file's bytes and content type.
    expect(await readFiles(restored)).toEqual(await readFiles(source));
    const stat = await client.statObject(restored.bucket, 'crawl-failures/2026-11-29/page.html');
    expect(stat.metaData['content-type']).toBe('text/html; charset=utf-8');
  });

  it('backs up one moment while leads keep arriving: the dump and its manifest agree', async () => {
    const writer = new Client({ connectionString: sourceDb.url });
    await writer.connect();
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        await writer.query(`INSERT INTO registrations (name, phone, "phoneNormalized", school, major) VALUES ('并发学员', $1, $1, '湖南大学', '金融')`, [`+86139${String(written).padStart(8, '0')}`]);
        written += 1;
      }
    })();
    try {
      const backup = await createBackup({ databaseUrl: sourceDb.url, storage: source, target: parseTarget(path.join(folder, 'busy')), targetClient: client, keep: 14 });
      writing = false;
      await writes;
      expect(written).toBeGreaterThan(0);
      const restoredDb = await emptyDatabase();
      const result = await restoreBackup({ archive: backup.location, databaseUrl: restoredDb.url, storage: { client, bucket: bucketName('busy') }, archiveClient: client });
      expect(result.differences).toEqual([]);
    } finally {
      writing = false;
      await writes;
      await writer.query(`DELETE FROM registrations WHERE name = '并发学员'`);
      await writer.end();
    }
  });

  it('refuses a database or a bucket that is not empty, and changes nothing', async () => {
    const target = parseTarget(path.join(folder, 'refusals'));
    const backup = await createBackup({ databaseUrl: sourceDb.url, storage: source, target, targetClient: client, keep: 14 });
    const restore = (databaseUrl: string, storage: Storage) => restoreBackup({ archive: backup.location, databaseUrl, storage, archiveClient: client });

    await expect(restore(sourceDb.url, { client, bucket: bucketName('unused') })).rejects.toThrow(RestoreRefusedError);
    await expect(restore(sourceDb.url, { client, bucket: bucketName('unused') })).rejects.toThrow(/already has \d+ table/);

    const emptyDb = await emptyDatabase();
    await expect(restore(emptyDb.url, source)).rejects.toThrow(/bucket drill-source-\w+ already holds files/);
    expect(Object.keys((await databaseFacts(emptyDb.url)).tables)).toEqual([]);
  });

  it('refuses a damaged archive before touching anything', async () => {
    const target = parseTarget(path.join(folder, 'damaged'));
    const backup = await createBackup({ databaseUrl: sourceDb.url, storage: source, target, targetClient: client, keep: 14 });
    // One byte of the PNG changed inside the tar (its bytes are stored as they are).
    const archive = await fs.readFile(backup.location);
    const at = archive.indexOf(PNG.subarray(0, 16));
    expect(at).toBeGreaterThan(0);
    archive[at + 20] ^= 0xff;
    await fs.writeFile(backup.location, archive);

    const emptyDb = await emptyDatabase();
    const bucket = bucketName('damaged');
    await expect(restoreBackup({ archive: backup.location, databaseUrl: emptyDb.url, storage: { client, bucket }, archiveClient: client })).rejects.toThrow(
      /the archive is damaged: files\/students\/\w+\/offer\.png/,
    );
    expect(Object.keys((await databaseFacts(emptyDb.url)).tables)).toEqual([]);
    expect(await client.bucketExists(bucket)).toBe(false);
  });

  it('keeps the newest archives in an S3 bucket, and restores from there', async () => {
    const target = parseTarget(`s3://${bucketName('archives')}/nightly`);
    const names: string[] = [];
    for (const day of ['2026-11-26', '2026-11-27', '2026-11-28']) {
      const backup = await createBackup({ databaseUrl: sourceDb.url, storage: source, target, targetClient: client, keep: 2, now: new Date(`${day}T19:00:00Z`) });
      names.push(backup.name);
      if (day === '2026-11-28') expect(backup.removed).toEqual(['aipm-backup-20261127-030000.tar']);
    }
    expect(await listArchives(target, client)).toEqual(names.slice(1));

    const restoredDb = await emptyDatabase();
    const result = await restoreBackup({ archive: `s3://${target.kind === 's3' ? target.bucket : ''}/nightly/${names[2]}`, databaseUrl: restoredDb.url, storage: { client, bucket: bucketName('froms3') }, archiveClient: client });
    expect(result.differences).toEqual([]);
  });
});
