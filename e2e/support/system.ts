import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export interface RunningSystem {
  url: string;
  /** Everything tools/start.mjs printed so far (attach it when a test fails). */
  output(): string;
  stop(): Promise<void>;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..');
// Variables that would point the second system at the first one's services or ports.
const INHERITED_SERVICE_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'API_PORT', 'API_URL', 'PORT', 'DATA_DIR'];

/**
 * A second, independent system started as `npm start` starts it (tools/start.mjs) on its own port and
 * fresh data directory, for journeys that need a different environment (e.g. first-time mode). It runs the
 * builds the first system serves (`--no-build`): a build here would rewrite the apps' dist folders under the first
 * system while other journeys load its pages (Nx restores a cached build by deleting and copying its outputs;
 * the back office answered "Internal Server Error" meanwhile).
 */
export async function startSystem(options: { port: number; dataDir: string; env?: Record<string, string>; timeoutMs?: number }): Promise<RunningSystem> {
  const dataDir = path.resolve(REPO_ROOT, options.dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SERVICE_VARIABLES) delete env[name];
  Object.assign(env, { PORT: String(options.port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env });

  const child: ChildProcess = spawn('node', ['tools/start.mjs', '--no-build'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const deadline = Date.now() + (options.timeoutMs ?? 170_000);
  while (!output.includes('ready: ')) {
    if (child.exitCode !== null) throw new Error(`the second system exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGINT');
      throw new Error(`the second system was not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    output: () => output,
    async stop() {
      // SIGINT: start.mjs stops its apps and services (like Ctrl-C) before exiting.
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}
