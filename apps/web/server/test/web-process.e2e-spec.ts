import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/*
 * server.mjs as an operator runs it: a real `node` process, so boot validation, listening and the
 * signal handling are exercised exactly as in production.
 */
const webDir = path.resolve(__dirname, '..');
const serverFile = path.join(webDir, 'server.mjs');

interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startServer(env: Record<string, string>): { child: ChildProcess; exited: Promise<Exited>; output: () => string } {
  const child = spawn(process.execPath, [serverFile], {
    cwd: webDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exited>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, exited, output: () => stdout };
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('server.mjs', () => {
  it('exits 1 with one message naming every invalid variable', async () => {
    const { exited } = startServer({ PORT: 'abc', API_URL: 'ftp://nowhere' });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be');
    expect(stderr).toContain('API_URL must be');
    expect(stderr.match(/Invalid environment/g)).toHaveLength(1);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    if (!fs.existsSync(path.join(webDir, 'build', 'server', 'index.js'))) {
      throw new Error('The web build is missing: run `npm run build -w @aipm/web` before this spec.');
    }
    // A slow API keeps a proxied request in flight while the signal arrives.
    let apiHit = false;
    const api = http.createServer((_req, res) => {
      apiHit = true;
      setTimeout(() => res.end(JSON.stringify({ success: true, data: 'slow' })), 500);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', API_URL: apiUrl, LOG_LEVEL: 'info' });
    try {
      await waitFor(() => server.output().includes('web front door listening'), 'the server to listen');

      const inFlight = get(`http://127.0.0.1:${port}/api/slow`);
      await waitFor(() => apiHit, 'the proxied request to reach the API');
      server.child.kill('SIGTERM');

      await expect(inFlight).resolves.toEqual({ status: 200, body: '{"success":true,"data":"slow"}' });
      const { code, stdout } = await server.exited;
      expect(code).toBe(0);
      expect(stdout).toContain('web front door stopped');
      await expect(get(`http://127.0.0.1:${port}/`)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      server.child.kill('SIGKILL');
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });
});
