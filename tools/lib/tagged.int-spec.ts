import { spawn } from 'node:child_process';
import { isAlive } from './proc.mjs';
import { findTagged, killTagged, TAG_VARIABLE } from './tagged.mjs';

describe('processes left behind by an app', () => {
  it('finds and kills the processes carrying the tag, and only those', async () => {
    const tag = `test-${process.pid}-${Date.now()}`;
    // A grandchild in its own process group, as Puppeteer starts Chromium: the tag is all that ties it to us.
    const tagged = spawn('sleep', ['30'], { env: { ...process.env, [TAG_VARIABLE]: tag }, detached: true, stdio: 'ignore' });
    const other = spawn('sleep', ['30'], { env: { ...process.env, [TAG_VARIABLE]: `${tag}-other` }, detached: true, stdio: 'ignore' });
    const taggedExited = new Promise((resolve) => tagged.once('exit', resolve));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100)); // exec'd, so /proc shows the environment
      expect(findTagged(tag)).toEqual([tagged.pid]);
      await expect(killTagged(tag, { graceMs: 2_000 })).resolves.toBe(1);
      await taggedExited;
      expect(isAlive(other.pid!)).toBe(true);
    } finally {
      tagged.kill('SIGKILL');
      other.kill('SIGKILL');
    }
  });
});
