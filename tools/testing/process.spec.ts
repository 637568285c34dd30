import { spawnProcess, waitForProcess } from './process';

describe('waitForProcess', () => {
  it('fails as soon as the process exits, with its last output, instead of polling to the end', async () => {
    const server = spawnProcess(process.execPath, ['-e', "console.error('listen EADDRINUSE: address already in use'); process.exit(3)"], {});
    const started = Date.now();

    await expect(waitForProcess(server, async () => undefined, 60_000, 20)).rejects.toThrow(/exited \(3\)[\s\S]*EADDRINUSE/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('returns what the probe found while the process runs', async () => {
    const server = spawnProcess(process.execPath, ['-e', "console.log('ready'); setTimeout(() => {}, 5000)"], {});
    try {
      await expect(waitForProcess(server, async () => (server.stdout().includes('ready') ? 'up' : undefined), 30_000, 20)).resolves.toBe('up');
    } finally {
      server.kill('SIGKILL');
    }
  });
});
