import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './lib/ports.mjs';
import { isAlive } from './lib/proc.mjs';
import { descendants, waitFor } from './testing/process';

jest.setTimeout(420_000);

const repoRoot = path.resolve(__dirname, '..');

function withoutLogLevel(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { LOG_LEVEL: _ignored, ...rest } = env;
  return rest;
}


describe('npm start', () => {
  it('survives the death of the worker, Redis and PostgreSQL, and stops everything on one SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-start-'));
    fs.chmodSync(dataDir, 0o755); // the cluster stays inside it (PostgreSQL runs as another user)
    const port = await freePort();
    /*
     * Without its build: npm test has just built. A cached build is not free of effects here: Nx without its daemon
     * (as on CI) restores every skipped task's outputs from its cache, deleting and rewriting the dist and build
     * folders that the suites running beside this one start their apps from.
     */
    const npm = spawn('npm', ['start', '--', '--no-build'], {
      cwd: repoRoot,
      // At the default log level, as an operator starts it (no LOG_LEVEL): what it prints up to `ready` is checked.
      env: { ...withoutLogLevel(process.env), PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', S3_ENDPOINT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    const seen = (text: string) => async () => (output.includes(text) ? true : undefined);
    const healthy = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
        return response.status === 200 ? true : undefined;
      } catch {
        return undefined;
      }
    };
    const processOf = (pattern: RegExp) => descendants(npm.pid!).find(({ cmdline }) => pattern.test(cmdline))?.pid;
    try {
      await waitFor(seen('[start] ready:'), 240_000, 500);
      const everything = descendants(npm.pid!).map(({ pid }) => pid);
      // Every app runs on the project's Node 22 (docs/decisions/049), whatever Node the machine has.
      expect(output).toMatch(/\[start\] ready: .*, on Node 22\.\d+\.\d+\)/);
      // What an operator reads at start, at most 30 lines: the services, each app's few lines (Nest's module and route
      // lines are at debug, docs/product/operations.md#logs). Any line past the 30th fails here, shown.
      const bootLines = output.slice(0, output.indexOf('[start] ready:')).split('\n').filter((line) => line.trim() !== '' && !line.startsWith('> '));
      expect(output).not.toContain('[start] building');
      expect(bootLines.slice(30)).toEqual([]);
      for (const app of [/apps\/api\/dist\/main\.js/, /apps\/worker\/dist\/main\.js/, /apps\/web\/server\/dist\/main\.js/]) {
        const binary = fs.readlinkSync(`/proc/${processOf(app)}/exe`);
        expect(execFileSync(binary, ['-v']).toString().trim()).toMatch(/^v22\./);
      }

      // Each app's metrics on its own internal port (docs/product/operations.md#metrics), none through the front door.
      const metricsUrls = Object.fromEntries([...output.matchAll(/(api|worker|web) (http:\/\/127\.0\.0\.1:\d+\/metrics)/g)].map((match) => [match[1], match[2]]));
      expect(Object.keys(metricsUrls).sort()).toEqual(['api', 'web', 'worker']);
      await fetch(`http://127.0.0.1:${port}/`);
      // Each app serves its metrics once it has booted (the worker may still be starting at "ready"), and the API's
      // primary sums its processes' over IPC: wait for each to say what is asked of it.
      const metricsOf = (app: string, holding: string) =>
        waitFor(async () => {
          const text = await fetch(metricsUrls[app]!).then((response) => response.text(), () => '');
          return text.includes(holding) ? text : undefined;
        }, 30_000, 500);
      const api = await metricsOf('api', 'aipm_http_requests_total');
      expect(api).toMatch(/^aipm_http_requests_total\{method="GET",route="\/api\/health",status="200",app="api"\} \d+/m);
      expect(api).toMatch(/^aipm_queue_jobs\{queue="crawl",state="waiting",app="api"\} 0/m);
      expect(api).toMatch(/^aipm_backup_last_success_timestamp_seconds\{app="api"\} 0/m);
      expect(await metricsOf('web', 'aipm_http_requests_total')).toMatch(/^aipm_http_requests_total\{method="GET",route="page",status="200",app="web"\} \d+/m);
      expect(await metricsOf('worker', 'aipm_process_resident_memory_bytes')).toMatch(/^aipm_process_resident_memory_bytes\{app="worker"\} \d+/m);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);

      for (const [name, pattern] of [
        ['worker', /apps\/worker\/dist\/main\.js/],
        ['redis', /redis-server/],
        ['postgres', /bin\/postgres /],
      ] as const) {
        const victim = processOf(pattern)!;
        expect(victim).toBeDefined();
        process.kill(victim, 'SIGKILL');
        await waitFor(seen(`[start] ${name} restarted`), 90_000, 250);
        expect(processOf(pattern)).not.toBe(victim);
        // The apps reconnect to the restarted service: the system answers healthy again.
        await waitFor(healthy, 60_000, 500);
      }
      expect(output).not.toContain('stopping everything');
      everything.push(...descendants(npm.pid!).map(({ pid }) => pid));

      npm.kill('SIGTERM');
      expect(await npmExited).toBe(0);
      await waitFor(async () => (everything.some(isAlive) ? undefined : true), 30_000, 250);
      expect(output).toContain('[start] stopped');
    } finally {
      // What the supervisor did, in the log of every run.
      console.log(output.split('\n').filter((line) => line.startsWith('[start]')).join('\n'));
      npm.kill('SIGKILL');
      for (const { pid } of descendants(npm.pid!)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
