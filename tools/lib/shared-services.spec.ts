import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publishServices, sharedServices } from './shared-services.mjs';

describe('the services a replica shares with npm start', () => {
  let dataDir: string;
  const services = { DATABASE_URL: 'postgres://aipm:secret@127.0.0.1:5432/aipm', REDIS_URL: 'redis://127.0.0.1:6379', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'aipm', SESSION_SECRET: 's'.repeat(48) };

  beforeEach(() => (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-shared-services-'))));
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("are those a live npm start published, readable by its user only, and gone once it stops", () => {
    const unpublish = publishServices(dataDir, { ...services, PORT: '3000', HOME: '/root' });
    const file = path.join(dataDir, 'run', 'services.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(sharedServices({}, dataDir)).toEqual({ from: `npm start (pid ${process.pid})`, env: services });
    unpublish();
    expect(fs.existsSync(file)).toBe(false);
    expect(() => sharedServices({}, dataDir)).toThrow(/no running `npm start`.*DATABASE_URL, REDIS_URL, S3_ENDPOINT, SESSION_SECRET not set/);
  });

  it('are not those of an npm start that died without removing its file', () => {
    fs.mkdirSync(path.join(dataDir, 'run'));
    fs.writeFileSync(path.join(dataDir, 'run', 'services.json'), JSON.stringify({ pid: 2 ** 22 + 1, start: '1', env: services }));
    expect(() => sharedServices({}, dataDir)).toThrow(/no running `npm start`/);
  });

  it("are the environment's when it names them", () => {
    expect(sharedServices({ ...services, PATH: '/usr/bin' }, dataDir)).toEqual({ from: 'the environment', env: services });
  });
});
