import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commandPath, parseCliArgs, resolveCommand } from './cli.mjs';

describe(parseCliArgs.name, () => {
  it('reads the profile and the command after --', () => {
    expect(parseCliArgs(['--profile', 'test', '--', 'jest', '--ci'])).toEqual({ profile: 'test', keep: false, help: false, command: ['jest', '--ci'] });
  });

  it('takes the first bare word as the start of the command', () => {
    expect(parseCliArgs(['node', '--version']).command).toEqual(['node', '--version']);
  });

  it('accepts --keep alone and rejects it with a command', () => {
    expect(parseCliArgs(['--keep']).keep).toBe(true);
    expect(() => parseCliArgs(['--keep', '--', 'jest'])).toThrow('--keep takes no command');
  });

  it('rejects a missing command, an unknown profile and an unknown option', () => {
    expect(() => parseCliArgs([])).toThrow('give a command');
    expect(() => parseCliArgs(['--profile', 'prod', '--', 'x'])).toThrow('--profile must be one of dev, test');
    expect(() => parseCliArgs(['--verbose', '--', 'x'])).toThrow('unknown option --verbose');
  });
});

describe(resolveCommand.name, () => {
  it("prefers the repo's node_modules/.bin over PATH", () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-cli-'));
    const bin = path.join(repo, 'node_modules', '.bin');
    const elsewhere = path.join(repo, 'elsewhere');
    for (const dir of [bin, elsewhere]) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'jest'), '#!/bin/sh\n', { mode: 0o755 });
    }
    try {
      expect(resolveCommand('jest', commandPath(repo, { PATH: elsewhere }))).toBe(path.join(bin, 'jest'));
      expect(() => resolveCommand('no-such-tool', elsewhere)).toThrow('command not found: no-such-tool');
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
  });
});
