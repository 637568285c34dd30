import { databaseFacts, readFiles } from '@aipm/backup';
import { runMigrations } from '@aipm/database';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client as S3Client } from 'minio';
import { Client } from 'pg';
import { seedEveryTable } from '../libs/server/backup/testing/seed-every-table';
import { spawnProcess, type SpawnedProcess, waitForProcess } from './testing/process';

jest.setTimeout(300_000);

const repoRoot = path.resolve(__dirname, '..');
/** What `npm test` set, taken away: each data dir below gets embedded services of its own. */
const SERVICE_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION', 'SESSION_SECRET', 'BACKUP_TARGET'];

function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of SERVICE_VARIABLES) delete env[name];
  return env;
}

/** `node tools/with-services.mjs --keep` on a data dir: its services, and their variables from its export lines. */
async function keepServices(dataDir: string): Promise<{ env: Record<string, string>; keeper: SpawnedProcess }> {
  const keeper = spawnProcess(process.execPath, [path.join(repoRoot, 'tools/with-services.mjs'), '--keep'], baseEnv(dataDir));
  const env = await waitForProcess(
    keeper,
    async () => {
      const lines = keeper.stdout().split('\n').filter((line) => line.startsWith('export '));
      if (!lines.some((line) => line.startsWith('export S3_ENDPOINT='))) return undefined;
      return Object.fromEntries(lines.map((line) => /^export (\w+)='(.*)'$/.exec(line)!).map(([, name, value]) => [name!, value!.replace(/'\\''/g, "'")]));
    },
    120_000,
  );
  return { env, keeper };
}

async function stop(keeper: SpawnedProcess): Promise<void> {
  keeper.kill('SIGINT');
  await keeper.exited;
}

/** The worker's command, on the built app (npm test builds first), as `npm run backup` / `npm run restore` run it. */
async function command(script: 'backup' | 'restore', env: Record<string, string>, dataDir: string, args: string[] = []) {
  const run = spawnProcess(process.execPath, [path.join(repoRoot, `apps/worker/dist/cli/${script}.js`), ...args], { ...baseEnv(dataDir), ...env });
  const code = await run.exited;
  return { code, output: `${run.stdout()}${run.stderr()}` };
}

const s3 = (env: Record<string, string>) => {
  const endpoint = new URL(env['S3_ENDPOINT']!);
  return new S3Client({ endPoint: endpoint.hostname, port: Number(endpoint.port), useSSL: false, accessKey: env['S3_ACCESS_KEY']!, secretKey: env['S3_SECRET_KEY']!, region: 'us-east-1', pathStyle: true });
};

/**
 * The commands, from one data dir to a fresh one (docs/product/backups.md#restoring): a system with a row in every
 * table and stored files, `npm run backup`'s command into its backups folder, then `npm run restore`'s command into
 * another data dir's new PostgreSQL cluster and S3 server, compared table by table and file by file with the source;
 * and a second restore refused.
 */
describe('npm run backup, then npm run restore into a fresh data dir', () => {
  const dirs: string[] = [];
  const keepers: SpawnedProcess[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-restore-'));
    fs.chmodSync(dir, 0o755); // the cluster stays inside it (PostgreSQL runs as another user)
    dirs.push(dir);
    return dir;
  };

  afterAll(async () => {
    for (const keeper of keepers) if (keeper.child.exitCode === null) await stop(keeper);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores every table and file of the source, and refuses to restore over it', async () => {
    const sourceDir = dataDir();
    const source = await keepServices(sourceDir);
    keepers.push(source.keeper);
    await runMigrations(source.env['DATABASE_URL']!);
    const sql = new Client({ connectionString: source.env['DATABASE_URL'] });
    await sql.connect();
    const contract = 'contracts/2c7a5e0e-0b7d-4d37-9e7a-3c7f4e0b9a11.pdf';
    const evidence = 'evidence/1f0c7d2a-6e8b-4b5a-a7d4-0d2e3c4b5a69.png';
    try {
      await seedEveryTable(sql, { contract, evidence });
    } finally {
      await sql.end();
    }
    const storage = s3(source.env);
    await storage.putObject(source.env['S3_BUCKET']!, contract, Buffer.from('%PDF-1.4\n%%EOF\n'), 15, { 'Content-Type': 'application/pdf' });
    await storage.putObject(source.env['S3_BUCKET']!, evidence, Buffer.from('89504e470d0a1a0a', 'hex'), 8, { 'Content-Type': 'image/png' });
    // The source as the archive will hold it (the command records its own run afterwards).
    const before = { database: await databaseFacts(source.env['DATABASE_URL']!), files: await readFiles({ client: storage, bucket: source.env['S3_BUCKET']! }) };

    const backup = await command('backup', source.env, sourceDir);
    expect({ code: backup.code, output: backup.output }).toMatchObject({ code: 0, output: expect.stringContaining('[backup] done: ') });
    const archive = /done: (\S+\.tar):/.exec(backup.output)![1]!;
    expect(path.dirname(archive)).toBe(path.join(sourceDir, 'backups'));
    await stop(source.keeper);

    const restoredDir = dataDir();
    const restored = await keepServices(restoredDir);
    keepers.push(restored.keeper);
    const restore = await command('restore', restored.env, restoredDir, [archive]);
    expect({ code: restore.code, output: restore.output }).toMatchObject({ code: 0, output: expect.stringContaining('[restore] compared with the manifest: 0 differences') });
    expect(await databaseFacts(restored.env['DATABASE_URL']!)).toEqual(before.database);
    expect(await readFiles({ client: s3(restored.env), bucket: restored.env['S3_BUCKET']! })).toEqual(before.files);

    const again = await command('restore', restored.env, restoredDir, [archive]);
    expect({ code: again.code, output: again.output }).toMatchObject({ code: 2, output: expect.stringContaining('[restore] refused, nothing changed: the database already has') });
    await stop(restored.keeper);
  });
});
