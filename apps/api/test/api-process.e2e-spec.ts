import { createTestDatabase } from '@aipm/database/testing';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type SpawnedProcess, spawnProcess, waitFor, waitForProcess } from '../../../tools/testing/process';
import { serverPort, testRedisUrl } from '../../../tools/testing/services';
import type { HealthResponse } from '../src/health/health.response';

const API_MAIN = path.resolve(__dirname, '../dist/main.js');

type LogLine = Record<string, unknown> & { msg?: string };

/** The process's JSON log lines (pino), in order. */
function logLines(api: SpawnedProcess): LogLine[] {
  return api
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The API processes the primary says it started, in order. */
function startedWorkers(api: SpawnedProcess): number[] {
  return logLines(api)
    .filter((line) => typeof line.worker === 'number' && String(line.msg).endsWith(' started'))
    .map((line) => line.worker as number);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The built API as npm start runs it: boot checks, migrations at start, graceful stop. */
describe('api process', () => {
  beforeAll(() => {
    if (!existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: run "npm run build" first (npm test does)`);
  });

  it('refuses to start and names every missing variable', async () => {
    const api = spawnProcess('node', [API_MAIN], { PATH: process.env.PATH ?? '' });
    const exitCode = await api.exited;

    expect(exitCode).toBe(1);
    for (const variable of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'SESSION_SECRET']) {
      expect(api.stderr()).toContain(`- ${variable}: is missing`);
    }
  });

  it('migrates an empty database once, serves health from every core and stops cleanly on SIGTERM', async () => {
    const database = await createTestDatabase();
    const port = await serverPort();
    const secret = 'process-test-secret-0123456789abcdef';
    const api = spawnProcess('node', [API_MAIN], {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(4),
      API_PORT: String(port),
      SESSION_SECRET: secret,
      LOG_LEVEL: 'info',
    });
    try {
      const health = await waitForProcess(api, async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        return response.status === 200 ? (response.json() as Promise<HealthResponse>) : undefined;
      }, 60_000);
      expect(health.status).toBe('ok');
      // Idle connections outlive the front door's pool and a load balancer's (60 s): never closed as a call goes out.
      expect(await keepAliveHint(port)).toBe('timeout=65');
      expect(api.stdout()).toContain('"migrationsApplied":["InitialSchema');
      // The primary migrated once, then started one API process per core (API_PROCESSES defaults to 0).
      expect(logLines(api).filter((line) => 'migrationsApplied' in line)).toHaveLength(1);
      expect(startedWorkers(api)).toHaveLength(availableParallelism());
      const listening = () => logLines(api).filter((line) => String(line.msg).startsWith('api listening')).length;
      await waitForProcess(api, async () => (listening() === availableParallelism() ? true : undefined), 60_000);

      api.kill('SIGTERM');
      expect(await api.exited).toBe(0);
      // The primary passed the signal on and waited for its processes.
      for (const pid of startedWorkers(api)) expect(isRunning(pid)).toBe(false);
      // Structured JSON logs, and no secret in them.
      const firstLine = JSON.parse(api.stdout().split('\n').find((line) => line.startsWith('{')) ?? '{}');
      expect(firstLine).toMatchObject({ app: 'api', level: expect.any(Number) });
      expect(api.stdout() + api.stderr()).not.toContain(secret);
      expect(api.stdout() + api.stderr()).not.toContain(new URL(database.url).password || '\u0000');
    } finally {
      api.kill('SIGKILL');
      await database.drop();
    }
  }, 120_000);

  it('replaces an API process that dies, and stops everything on a crash loop', async () => {
    const database = await createTestDatabase();
    const port = await serverPort();
    const api = spawnProcess('node', [API_MAIN], {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(4),
      API_PORT: String(port),
      API_PROCESSES: '2',
      SESSION_SECRET: 'process-test-secret-0123456789abcdef',
      LOG_LEVEL: 'info',
    });
    const healthy = () =>
      waitForProcess(api, async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200 ? true : undefined), 60_000, 100);
    try {
      await healthy();
      expect(startedWorkers(api)).toHaveLength(2);

      // One dies: another takes its place and the port keeps answering.
      const [victim] = startedWorkers(api);
      process.kill(victim, 'SIGKILL');
      await waitFor(async () => (startedWorkers(api).length === 3 ? true : undefined), 10_000, 50);
      expect(startedWorkers(api).slice(0, 2)).toContain(victim);
      await healthy();
      expect(api.child.exitCode).toBeNull();

      // Five more deaths within the minute (six in all): the primary stops the rest and exits 1.
      for (let death = 2; death <= 6; death += 1) {
        const newest = startedWorkers(api).at(-1)!;
        process.kill(newest, 'SIGKILL');
        if (death < 6) await waitFor(async () => (startedWorkers(api).length === death + 2 ? true : undefined), 10_000, 50);
      }
      expect(await api.exited).toBe(1);
      expect(logLines(api).some((line) => line.msg === 'crash loop: stopping the api processes')).toBe(true);
      for (const pid of startedWorkers(api)) await waitFor(async () => (isRunning(pid) ? undefined : true), 5_000, 50);
    } finally {
      api.kill('SIGKILL');
      for (const pid of startedWorkers(api)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      await database.drop();
    }
  }, 120_000);
});

/** The Keep-Alive header of an answer: the idle time the server allows a kept-alive connection. */
function keepAliveHint(port: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: true });
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => {
          agent.destroy();
          resolve(res.headers['keep-alive'] as string | undefined);
        });
      })
      .on('error', reject);
  });
}
