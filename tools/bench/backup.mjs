#!/usr/bin/env node
// Backup and restore (docs/product/backups.md) at the size the school reaches: 100,000 leads and 1 GB of stored
// files by default, beside a baseline measured in the same run: pg_dump alone, and reading every stored file once (the
// two things a backup cannot do without).
//
//   npm run build -w @aipm/backup -w @aipm/api
//   node tools/with-services.mjs -- node tools/bench/backup.mjs [--leads 100000] [--file-mb 1024] [--file-size-mb 8]
//
// It needs DATABASE_URL and the S3 server (with-services provides them). It creates its own database (migrated by
// apps/api/dist/cli/migrate.js) and bucket, seeds the leads with SQL and the files as random bytes, then measures one
// backup into a temporary folder and its restore into another new database and bucket, and prints the archive's size,
// each time with its ratio to the baseline, and the restore's differences against the manifest (target: 0). Runtime is
// bounded by --timeout seconds (default 1200). Not part of npm test.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client as S3Client } from 'minio';
import pg from 'pg';
import { requireServices } from './lib/bench-api.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const { createBackup, restoreBackup, parseTarget, readFiles } = require('../../libs/server/backup/dist/index.js');

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '100000' },
    'file-mb': { type: 'string', default: '1024' },
    'file-size-mb': { type: 'string', default: '8' },
    timeout: { type: 'string', default: '1200' },
  },
});
const LEADS = Number(values.leads);
const FILE_MB = Number(values['file-mb']);
const FILE_SIZE_MB = Number(values['file-size-mb']);

requireServices('tools/bench/backup.mjs');

const suffix = randomBytes(4).toString('hex');
const serverUrl = process.env.DATABASE_URL;
const urlOf = (name) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const source = `bench_backup_${suffix}`;
const restored = `bench_restore_${suffix}`;
const endpoint = new URL(process.env.S3_ENDPOINT);
const s3 = new S3Client({
  endPoint: endpoint.hostname,
  port: Number(endpoint.port) || undefined,
  useSSL: endpoint.protocol === 'https:',
  accessKey: process.env.S3_ACCESS_KEY,
  secretKey: process.env.S3_SECRET_KEY,
  region: process.env.S3_REGION ?? 'us-east-1',
  pathStyle: true,
});
const buckets = { source: `bench-backup-${suffix}`, restored: `bench-restore-${suffix}` };
const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'aipm-bench-backup-'));

const onServer = async (statement) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const timed = async (work) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

async function cleanUp() {
  for (const bucket of Object.values(buckets)) {
    if (!(await s3.bucketExists(bucket).catch(() => false))) continue;
    const keys = [];
    for await (const item of s3.listObjectsV2(bucket, '', true)) keys.push(item.name);
    if (keys.length) await s3.removeObjects(bucket, keys);
    await s3.removeBucket(bucket);
  }
  for (const name of [source, restored]) await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  await fs.rm(folder, { recursive: true, force: true });
}

const deadline = setTimeout(() => {
  console.error(`bench failed: still running after ${values.timeout} s`);
  cleanUp().finally(() => process.exit(1));
}, Number(values.timeout) * 1000);

try {
  console.log(`backup bench: ${LEADS} leads, ${FILE_MB} MB of files in ${FILE_SIZE_MB} MB files`);
  await onServer(`CREATE DATABASE "${source}"`);
  execFileSync(process.execPath, [path.join(repoRoot, 'apps/api/dist/cli/migrate.js')], { env: { ...process.env, DATABASE_URL: urlOf(source) }, stdio: 'ignore' });
  const db = new pg.Client({ connectionString: urlOf(source) });
  await db.connect();
  const seeded = await timed(() =>
    db.query(
      `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, goals, status, "createdAt")
       SELECT '学员' || i, '13' || lpad(((i * 7919) % 1000000000)::text, 9, '0'), '+8613' || lpad(((i * 7919) % 1000000000)::text, 9, '0'),
              'lead' || i || '@example.com', (ARRAY['中南大学','湖南大学','湖南师范大学'])[1 + i % 3], '软件工程', '希望转行做 AI 产品经理',
              (ARRAY['new','contacted','enrolled','invalid'])[1 + i % 4], now() - (i * interval '10 minutes')
       FROM generate_series(1, $1::int) AS i`,
      [LEADS],
    ),
  );
  await db.end();
  await s3.makeBucket(buckets.source);
  const files = Math.ceil(FILE_MB / FILE_SIZE_MB);
  const uploaded = await timed(async () => {
    for (let index = 0; index < files; index += 1) {
      const body = randomBytes(Math.min(FILE_SIZE_MB, FILE_MB - index * FILE_SIZE_MB) * 1024 * 1024);
      await s3.putObject(buckets.source, `students/bench/${String(index).padStart(4, '0')}.pdf`, body, body.length, { 'Content-Type': 'application/pdf' });
    }
  });
  console.log(`seeded: ${LEADS} registrations in ${seconds(seeded.ms)}, ${files} files in ${seconds(uploaded.ms)}`);

  // The baseline: what a backup cannot do without, each alone.
  const dumpOnly = await timed(() =>
    execFileSync(
      process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, 'pg_dump') : 'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(folder, 'baseline.dump')}`, urlOf(source)],
      { stdio: 'ignore' },
    ),
  );
  const readOnly = await timed(() => readFiles({ client: s3, bucket: buckets.source }));
  const baselineMs = dumpOnly.ms + readOnly.ms;
  await fs.rm(path.join(folder, 'baseline.dump'));

  const target = parseTarget(path.join(folder, 'archives'));
  const backup = await createBackup({ databaseUrl: urlOf(source), storage: { client: s3, bucket: buckets.source }, target, targetClient: s3, keep: 1 });
  await onServer(`CREATE DATABASE "${restored}"`);
  const restore = await restoreBackup({ archive: backup.location, databaseUrl: urlOf(restored), storage: { client: s3, bucket: buckets.restored }, archiveClient: s3 });

  console.log('');
  console.log(`baseline  pg_dump alone ${seconds(dumpOnly.ms)} + reading every file ${seconds(readOnly.ms)} = ${seconds(baselineMs)}`);
  console.log(`backup    ${seconds(backup.durationMs)} (${(backup.durationMs / baselineMs).toFixed(2)}× the baseline); archive ${mb(backup.sizeBytes)}: ${backup.totals.tables} tables, ${backup.totals.rows} rows, ${backup.totals.files} files (${mb(backup.totals.fileBytes)})`);
  console.log(`restore   ${seconds(restore.durationMs)} (${(restore.durationMs / baselineMs).toFixed(2)}× the baseline), checked against the manifest: ${restore.differences.length} differences`);
  for (const line of restore.differences.slice(0, 20)) console.log(`  ${line}`);
  process.exitCode = restore.differences.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`bench failed: ${error?.stack ?? error}`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await cleanUp();
}
