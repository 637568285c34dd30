import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectNodeVersion, runtimeMismatch } from './runtime.mjs';

describe(projectNodeVersion.name, () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(path.join(os.tmpdir(), 'runtime-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const manifest = (devDependencies: Record<string, string>) => writeFileSync(path.join(root, 'package.json'), JSON.stringify({ devDependencies }));

  it('reads the exact version of the node devDependency', () => {
    manifest({ node: '22.23.3' });
    expect(projectNodeVersion(root)).toBe('22.23.3');
  });

  it('refuses a range or a missing pin: the setup would fetch whichever Node the registry had that day', () => {
    manifest({ node: '^22.0.0' });
    expect(() => projectNodeVersion(root)).toThrow(/exact "node" devDependency/);
    manifest({});
    expect(() => projectNodeVersion(root)).toThrow(/found undefined/);
  });

  it("is this workspace's Node 22", () => {
    expect(projectNodeVersion()).toMatch(/^22\.\d+\.\d+$/);
  });
});

describe(runtimeMismatch.name, () => {
  it('accepts any release of the pinned major version', () => {
    expect(runtimeMismatch('22.23.3', '22.23.3')).toBeUndefined();
    expect(runtimeMismatch('22.12.0', '22.23.3')).toBeUndefined();
  });

  it("names both versions and the way out for another major (the machine's Node 20)", () => {
    expect(runtimeMismatch('20.20.2', '22.23.3')).toBe(
      'this runs on Node 20.20.2, the project on Node 22.23.3: run it through npm (npm start, npm test), after "npm run setup" has installed the project\'s Node (README)',
    );
    expect(runtimeMismatch('24.1.0', '22.23.3')).toMatch(/^this runs on Node 24\.1\.0/);
  });

  it('holds for the Node running these tests: npm puts the project\'s own first on the PATH', () => {
    expect(runtimeMismatch()).toBeUndefined();
  });
});
