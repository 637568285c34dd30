import { spawnSync } from 'node:child_process';
import path from 'node:path';

/*
 * The worker's memory budget (docs/decisions/064-adaptive-pacing.md: the worker and its Chromium within 700 MB) leaves
 * no room for SDKs that a crawl does not use: the phone providers' clients, the font reader and the S3 client load with
 * their first use. This loads the built worker's module graph as `node apps/worker/dist/main.js` does (without
 * starting it) and lists the packages that arrived. Run after `npm run build`.
 */

const root = path.resolve(__dirname, '../../..');
const LOADED_ON_FIRST_USE = ['twilio', '@alicloud/pop-core', 'fontkit', 'minio'];

function packagesLoadedAtStart(): string[] {
  const script = `
    require('reflect-metadata');
    require(${JSON.stringify(path.join(root, 'apps/worker/dist/worker.module.js'))});
    const names = new Set();
    for (const file of Object.keys(require.cache)) {
      const at = file.lastIndexOf('/node_modules/');
      if (at < 0) continue;
      const parts = file.slice(at + '/node_modules/'.length).split('/');
      names.add(parts[0].startsWith('@') ? parts[0] + '/' + parts[1] : parts[0]);
    }
    process.stdout.write(JSON.stringify([...names]));
  `;
  const child = spawnSync(process.execPath, ['-e', script], { cwd: path.join(root, 'apps/worker'), encoding: 'utf8', timeout: 60_000 });
  if (child.status !== 0) throw new Error(`the worker's modules did not load: ${child.stderr}`);
  return JSON.parse(child.stdout) as string[];
}

describe('the worker at start', () => {
  it('loads the queue, database and browser libraries but none of the SDKs kept for their first use', () => {
    const loaded = packagesLoadedAtStart();
    // Positive controls: an empty or unreadable list fails instead of passing.
    expect(loaded).toEqual(expect.arrayContaining(['bullmq', 'typeorm', 'puppeteer-core']));
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
  });
});
