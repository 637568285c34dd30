// @ts-check
/**
 * Main-thread CPU time of a page load, read from a Chrome trace (Lighthouse's `--save-assets`).
 *
 * Lighthouse's simulated throttling multiplies each task's wall time by 4: on this shared 2-core machine a task
 * the OS deschedules counts as blocking time although the page did no work meanwhile (ADR 034 measured wall
 * times 3-6 times the CPU times at load 8-14). The thread clock (`tdur`) counts only the CPU the renderer used,
 * so these figures move with the page's own work and far less with the machine's load.
 */
import fs from 'node:fs';

/** A task longer than this, times Lighthouse's 4x CPU slowdown, is past the 50 ms of a long task. */
const LONG_CPU_MS = 12.5;

/**
 * @param {string} traceFile a `*.trace.json` written by Lighthouse
 * @returns {{ cpuMs: number, cpuBeforeFcpMs: number, longestCpuMs: number, longCpuTasks: number, blockingFromCpuMs: number, firstFrameElements: number | null }}
 */
export function mainThreadCpu(traceFile) {
  const trace = JSON.parse(fs.readFileSync(traceFile, 'utf8'));
  /** @type {any[]} */
  const events = trace.traceEvents ?? trace;
  const navigation = events.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'));
  if (!navigation) throw new Error(`${traceFile}: no navigation of an http(s) page`);
  /** @param {any} e */
  const onMain = (e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && e.ts >= navigation.ts;
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask');
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid);
  /** @param {any} e */
  const cpu = (e) => (e.tdur ?? 0) / 1000;
  const afterFcp = tasks.filter((e) => !fcp || e.ts >= fcp.ts);
  // The first style recalculation of the document: how much of the page the first frame styles.
  const firstStyle = events.find((e) => onMain(e) && e.name === 'UpdateLayoutTree' && (e.args?.elementCount ?? 0) > 20);
  return {
    cpuMs: tasks.reduce((sum, e) => sum + cpu(e), 0),
    cpuBeforeFcpMs: tasks.filter((e) => fcp && e.ts < fcp.ts).reduce((sum, e) => sum + cpu(e), 0),
    longestCpuMs: Math.max(0, ...afterFcp.map(cpu)),
    longCpuTasks: afterFcp.filter((e) => cpu(e) > LONG_CPU_MS).length,
    blockingFromCpuMs: afterFcp.reduce((sum, e) => sum + Math.max(0, cpu(e) * 4 - 50), 0),
    firstFrameElements: firstStyle?.args?.elementCount ?? null,
  };
}
