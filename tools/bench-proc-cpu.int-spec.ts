import { spawn } from 'node:child_process';
import { processTable, treeCpuSeconds } from './bench/lib/proc-cpu.mjs';

/* The registrations bench splits the CPU between the API, PostgreSQL and the generator by process tree. */
describe('treeCpuSeconds', () => {
  /** A child (with a grandchild) that burns `ms` of CPU each (CPU, not wall time: the machine may be busy), then waits to be ended. */
  function busyTree(ms: number) {
    const burn = `const spent = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; }; while (spent() < ${ms}); console.log('done'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['-e', `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(burn)}], { stdio: 'inherit' }); ${burn}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const bothDone = new Promise<void>((resolve) => {
      let done = 0;
      child.stdout.on('data', (chunk: Buffer) => {
        done += chunk.toString().split('done').length - 1;
        if (done === 2) resolve();
      });
    });
    return { child, bothDone };
  }

  it('counts a process and its live descendants', async () => {
    const { child, bothDone } = busyTree(400);
    let grandchild: number | undefined;
    try {
      await bothDone;
      const table = processTable();
      [grandchild] = [...table].find(([, entry]) => entry.ppid === child.pid) ?? [];
      expect(grandchild).toBeDefined();
      // Both burned ~0.4 s: the tree holds both, the grandchild alone one of them.
      expect(treeCpuSeconds(child.pid!, table)).toBeGreaterThanOrEqual(0.7);
      expect(treeCpuSeconds(grandchild!, table)).toBeGreaterThanOrEqual(0.35);
      expect(treeCpuSeconds(grandchild!, table)).toBeLessThan(treeCpuSeconds(child.pid!, table));
    } finally {
      if (grandchild) process.kill(grandchild, 'SIGKILL');
      child.kill('SIGKILL');
    }
  });

  it('is NaN for a process that is not there', () => {
    expect(treeCpuSeconds(2 ** 22 + 1)).toBeNaN();
  });
});
