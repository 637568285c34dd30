import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveDataDir } from './lib/env.mjs';
import { ensurePromtool } from './lib/promtool.mjs';

jest.setTimeout(120_000);

const repoRoot = path.resolve(__dirname, '..');
const rules = path.join(repoRoot, 'ops/prometheus');

/**
 * The alert rules (docs/product/operations.md#alerts) as Prometheus reads them: promtool checks the rules and the
 * scrape configuration, and runs their tests (ops/prometheus/alerts.test.yml), which a rule with another threshold
 * fails.
 */
describe('the Prometheus alert rules', () => {
  let promtool: string;

  beforeAll(() => {
    promtool = ensurePromtool(resolveDataDir(process.env, repoRoot, 'test'));
  });

  const run = (...args: string[]) => {
    const result = spawnSync(promtool, args, { cwd: rules, encoding: 'utf8' });
    return { code: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it('are valid rules in a valid configuration', () => {
    expect(run('check', 'rules', 'alerts.yml')).toMatchObject({ code: 0, output: expect.stringContaining('SUCCESS: 4 rules found') });
    expect(run('check', 'config', 'prometheus.yml')).toMatchObject({ code: 0 });
  });

  it('raise each alert on the series that should, and no other', () => {
    const result = run('test', 'rules', 'alerts.test.yml');
    expect(result).toEqual({ code: 0, output: expect.stringContaining('SUCCESS') });
  });

  it('fail their tests when a threshold moves (48 hours of backup age instead of 36)', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-rules-'));
    try {
      fs.writeFileSync(path.join(copy, 'alerts.yml'), fs.readFileSync(path.join(rules, 'alerts.yml'), 'utf8').replace('> 36 * 3600', '> 48 * 3600'));
      fs.copyFileSync(path.join(rules, 'alerts.test.yml'), path.join(copy, 'alerts.test.yml'));
      const result = spawnSync(promtool, ['test', 'rules', 'alerts.test.yml'], { cwd: copy, encoding: 'utf8' });
      expect(result.status).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toContain('alertname: BackupTooOld');
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
