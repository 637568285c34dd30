export interface Closable {
  close(): Promise<void>;
}

export interface ShutdownOptions {
  /** Past this, the process exits with code 1 even if closing has not finished. */
  timeoutMs?: number;
  log?: (message: string) => void;
}

/**
 * On the first SIGTERM or SIGINT, closes the app (Nest runs every shutdown hook: BullMQ workers finish
 * their active job, connections close) and exits 0. Nest's own enableShutdownHooks re-raises the signal
 * after closing, which reports a clean stop as a crash to process managers; this exits normally instead.
 */
export function closeOnSignals(app: Closable, { timeoutMs = 20_000, log = console.info }: ShutdownOptions = {}): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log(`${signal} received: shutting down`);
    const forceExit = setTimeout(() => {
      log(`shutdown took longer than ${timeoutMs} ms: exiting anyway`);
      process.exit(1);
    }, timeoutMs);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
