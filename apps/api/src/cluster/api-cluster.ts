import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { pino, type Logger } from 'pino';

/*
 * The API on every core (ADR 033): one primary process that serves nothing, and API_PROCESSES workers that
 * each run the whole Nest app and share API_PORT through Node's cluster module (the primary accepts and hands
 * the connections round-robin). Everything the API keeps lives in PostgreSQL and Redis (sessions, rate limits,
 * queues), so it does not matter which worker answers.
 */

/** A crash loop: more deaths than this within {@link RESTART_WINDOW_MS} stop the API instead of restarting. */
export const MAX_DEATHS_PER_WINDOW = 5;
export const RESTART_WINDOW_MS = 60_000;
/** Longer than a worker's own shutdown limit (closeOnSignals, 20 s), so a worker normally ends by itself. */
const STOP_TIMEOUT_MS = 25_000;

/** API_PROCESSES, with 0 meaning one per core the process may use. */
export function apiProcessCount(configured: number): number {
  return configured > 0 ? configured : availableParallelism();
}

/**
 * The primary's log: the same JSON lines as the workers' (nestjs-pino, app "api"), written synchronously so the
 * last line before an exit is not lost.
 */
export function createPrimaryLogger(level: string): Logger {
  return pino({ level, base: { app: 'api' } }, pino.destination({ dest: 1, sync: true }));
}

/**
 * Forks `count` workers and keeps them running: one that dies is replaced, unless more than
 * {@link MAX_DEATHS_PER_WINDOW} died within a minute (a crash loop: the database unreachable, the port taken),
 * then every worker is stopped and the primary exits 1 so whatever supervises it sees the failure. SIGTERM and
 * SIGINT are passed on to the workers, which close gracefully; the primary exits when the last one is gone
 * (0 when all of them ended cleanly).
 */
export function superviseWorkers(count: number, logger: Logger): void {
  const live = new Set<Worker>();
  const deaths: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const fork = (): void => {
    const worker = cluster.fork();
    live.add(worker);
    logger.info({ worker: worker.process.pid }, `api process ${worker.process.pid} started`);
  };

  const finishIfDone = (): void => {
    if (stopping && live.size === 0) {
      logger.info(`api stopped (exit code ${exitCode})`);
      process.exit(exitCode);
    }
  };

  const stop = (code: number, reason: string): void => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info({ processes: live.size }, `${reason}: stopping the api processes`);
    for (const worker of live) worker.process.kill('SIGTERM');
    setTimeout(() => {
      logger.error({ processes: [...live].map((worker) => worker.process.pid) }, `api processes still running after ${STOP_TIMEOUT_MS} ms: killing them`);
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    finishIfDone();
  };

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      if (code !== 0) {
        exitCode = 1;
        logger.error({ worker: worker.process.pid, code, signal }, `api process ${worker.process.pid} did not stop cleanly (${signal ?? `exit code ${code}`})`);
      }
      finishIfDone();
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0] <= now - RESTART_WINDOW_MS) deaths.shift();
    if (deaths.length > MAX_DEATHS_PER_WINDOW) {
      logger.fatal({ worker: worker.process.pid, code, signal }, `api process ${worker.process.pid} died, ${deaths.length} deaths within a minute`);
      stop(1, 'crash loop');
      return;
    }
    logger.error({ worker: worker.process.pid, code, signal }, `api process ${worker.process.pid} died (${signal ?? `exit code ${code}`}): starting another`);
    fork();
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(0, `${signal} received`));
  for (let index = 0; index < count; index += 1) fork();
}
