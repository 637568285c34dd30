/**
 * Nest's own start-up lines: one per module loaded and per route mapped (some four hundred for the API's two
 * processes), which buried what an operator needs at `ready`. They go to debug; everything else passes unchanged.
 */
const NEST_STARTUP_CONTEXTS: ReadonlySet<string> = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** The shape of Nest's LoggerService this needs (nestjs-pino's Logger is one), without depending on Nest. */
export interface NestLogger {
  log(message: unknown, ...optionalParams: unknown[]): unknown;
  error(message: unknown, ...optionalParams: unknown[]): unknown;
  warn(message: unknown, ...optionalParams: unknown[]): unknown;
  debug?(message: unknown, ...optionalParams: unknown[]): unknown;
  verbose?(message: unknown, ...optionalParams: unknown[]): unknown;
  fatal?(message: unknown, ...optionalParams: unknown[]): unknown;
}

/** `logger` with Nest's start-up chatter at debug (its context is the last parameter, as Nest passes it). */
export function quietNestStartup<T extends NestLogger>(logger: T): NestLogger {
  return {
    log: (message, ...optionalParams) => {
      const context = optionalParams.at(-1);
      if (typeof context === 'string' && NEST_STARTUP_CONTEXTS.has(context)) return logger.debug?.(message, ...optionalParams);
      return logger.log(message, ...optionalParams);
    },
    error: (message, ...optionalParams) => logger.error(message, ...optionalParams),
    warn: (message, ...optionalParams) => logger.warn(message, ...optionalParams),
    debug: (message, ...optionalParams) => logger.debug?.(message, ...optionalParams),
    verbose: (message, ...optionalParams) => logger.verbose?.(message, ...optionalParams),
    fatal: (message, ...optionalParams) => logger.fatal?.(message, ...optionalParams),
  };
}
