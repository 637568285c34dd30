import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { spawnProcess, waitFor, waitForProcess } from '../../../../tools/testing/process';
import { serverPort } from '../../../../tools/testing/services';

/*
 * The built front door as an operator runs it: a real `node` process, so boot validation, listening and
 * the signal handling are exercised exactly as in production. Needs `npm run build` (npm test does).
 */
const WEB_MAIN = path.resolve(__dirname, '../dist/main.js');
const WEB_BUILD = path.resolve(__dirname, '../../build/server/index.js');

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

describe('web process', () => {
  beforeAll(() => {
    for (const file of [WEB_MAIN, WEB_BUILD]) {
      if (!fs.existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first (npm test does)`);
    }
  });

  it('exits 1 with one message naming every invalid variable', async () => {
    const web = spawnProcess('node', [WEB_MAIN], { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: 'abc', API_URL: 'ftp://nowhere', SITE_URL: 'example.cn' });
    expect(await web.exited).toBe(1);
    expect(web.stderr()).toMatch(/^web: invalid environment \(3 variables\):$/m);
    for (const variable of ['PORT', 'API_URL', 'SITE_URL']) expect(web.stderr()).toContain(`- ${variable}: must be`);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    // A slow API keeps a proxied request in flight while the signal arrives.
    let apiHit = false;
    const api = http.createServer((_req, res) => {
      apiHit = true;
      setTimeout(() => res.end(JSON.stringify({ success: true, data: 'slow' })), 500);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

    const port = await serverPort();
    const web = spawnProcess('node', [WEB_MAIN], { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', API_URL: apiUrl, LOG_LEVEL: 'info' });
    try {
      await waitForProcess(web, async () => (web.stdout().includes('web front door listening') ? true : undefined), 10_000, 25);

      // Idle connections outlive a load balancer's (60 s) pool, so it never sends a call on one being closed.
      expect(await keepAliveHint(port, '/api/health')).toBe('timeout=65');
      apiHit = false;

      const inFlight = get(`http://127.0.0.1:${port}/api/slow`);
      await waitFor(async () => (apiHit ? true : undefined), 10_000, 25);
      web.kill('SIGTERM');

      await expect(inFlight).resolves.toEqual({ status: 200, body: '{"success":true,"data":"slow"}' });
      expect(await web.exited).toBe(0);
      expect(web.stdout()).toContain('web front door stopped');
      // pino JSON lines tagged with the app, as the api and the worker write them.
      expect(JSON.parse(web.stdout().split('\n')[0] ?? '{}')).toMatchObject({ app: 'web', level: 30 });
      await expect(get(`http://127.0.0.1:${port}/`)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      web.kill('SIGKILL');
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });
});

/** The Keep-Alive header of an answer: the idle time the server allows a kept-alive connection. */
function keepAliveHint(port: number, urlPath: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: true });
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          agent.destroy();
          resolve(res.headers['keep-alive'] as string | undefined);
        });
      })
      .on('error', reject);
  });
}
