import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mainThreadCpu } from './bench/lib/trace-cpu.mjs';

/* The site bench's CPU figures come from the thread clock (tdur) of the page's main thread, split at FCP. */
describe('mainThreadCpu', () => {
  const page = { pid: 7, tid: 1 };
  const task = (ts: number, tdurMs: number, dur = tdurMs * 5) => ({ ...page, ph: 'X', name: 'RunTask', ts, dur: dur * 1000, tdur: tdurMs * 1000 });
  function write(events: object[]): string {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trace-cpu-')), 'page.trace.json');
    fs.writeFileSync(file, JSON.stringify({ traceEvents: events }));
    return file;
  }

  it('counts CPU, not wall time, before and after FCP, and the blocking time as if wall were CPU', () => {
    const file = write([
      // Another renderer's navigation (about:blank) and a task on another thread are not the page's.
      { pid: 3, tid: 1, ph: 'R', name: 'navigationStart', ts: 0, args: { data: { documentLoaderURL: 'about:blank' } } },
      { ...page, ph: 'R', name: 'navigationStart', ts: 1_000_000, args: { data: { documentLoaderURL: 'http://127.0.0.1/' } } },
      { pid: 7, tid: 2, ph: 'X', name: 'RunTask', ts: 1_100_000, dur: 90_000, tdur: 90_000 },
      task(900_000, 40), // before the navigation
      task(1_050_000, 30),
      { ...page, ph: 'X', name: 'UpdateLayoutTree', ts: 1_050_100, dur: 1000, tdur: 1000, args: { elementCount: 594 } },
      { ...page, ph: 'R', name: 'firstContentfulPaint', ts: 1_200_000 },
      task(1_300_000, 20), // 20 x 4 - 50 = 30 ms blocking
      task(1_400_000, 10), // 40 ms at 4x: not long
      task(1_500_000, 15), // 15 x 4 - 50 = 10 ms blocking
    ]);
    expect(mainThreadCpu(file)).toEqual({
      cpuMs: 75,
      cpuBeforeFcpMs: 30,
      longestCpuMs: 20,
      longCpuTasks: 2,
      blockingFromCpuMs: 40,
      firstFrameElements: 594,
    });
  });

  it('refuses a trace without an http(s) navigation', () => {
    const file = write([{ ...page, ph: 'R', name: 'navigationStart', ts: 0, args: { data: { documentLoaderURL: 'about:blank' } } }]);
    expect(() => mainThreadCpu(file)).toThrow(/no navigation/);
  });
});
