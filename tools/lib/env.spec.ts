// The .mjs modules are plain ESM; Jest reads them through the workspace's @swc/jest transform.
import { displayPath, exportLines, maskSecrets, resolveDataDir, shellQuote } from './env.mjs';

describe(maskSecrets.name, () => {
  it('hides the password of a database URL and keeps the rest', () => {
    expect(maskSecrets('postgres://aipm:s3cr-et_X@127.0.0.1:5432/aipm')).toBe('postgres://aipm:***@127.0.0.1:5432/aipm');
  });

  it('hides a Redis password given without a user name', () => {
    expect(maskSecrets('redis://:p4ss@127.0.0.1:6379')).toBe('redis://:***@127.0.0.1:6379');
  });

  it('leaves URLs without credentials alone, and masks every URL in a text', () => {
    expect(maskSecrets('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000');
    expect(maskSecrets('a=redis://:x@h:1 b=postgres://u:y@h/db')).toBe('a=redis://:***@h:1 b=postgres://u:***@h/db');
  });
});

describe(exportLines.name, () => {
  it('prints sorted export lines that a shell reads back exactly', () => {
    expect(exportLines({ B: "it's", A: 'x y' })).toBe(`export A='x y'\nexport B='it'\\''s'`);
    expect(shellQuote('$HOME')).toBe(`'$HOME'`);
  });
});

describe(resolveDataDir.name, () => {
  const repo = '/repo';

  it('defaults to .data in the repo, and the test profile to its own subfolder', () => {
    expect(resolveDataDir({}, repo, 'dev')).toBe('/repo/.data');
    expect(resolveDataDir({}, repo, 'test')).toBe('/repo/.data/test');
  });

  it('takes DATA_DIR relative to the repo or absolute', () => {
    expect(resolveDataDir({ DATA_DIR: 'var/data' }, repo, 'dev')).toBe('/repo/var/data');
    expect(resolveDataDir({ DATA_DIR: '/srv/aipm' }, repo, 'test')).toBe('/srv/aipm/test');
  });

  it('shows paths inside the repo relative to it', () => {
    expect(displayPath('/repo/.data/logs', repo)).toBe('.data/logs');
    expect(displayPath('/var/lib/aipm', repo)).toBe('/var/lib/aipm');
  });
});
