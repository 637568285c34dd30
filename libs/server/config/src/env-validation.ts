import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export type RawEnv = Record<string, string | undefined>;

/** Raised at boot when the environment cannot run the app; its message names every bad variable. */
export class EnvValidationError extends Error {
  constructor(
    readonly appName: string,
    readonly problems: ReadonlyArray<{ variable: string; reasons: string[] }>,
  ) {
    super(
      `${appName}: invalid environment (${problems.length} variable${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  - ${p.variable}: ${p.reasons.join('; ')}`).join('\n') +
        '\nSee .env.example for what each variable means.',
    );
    this.name = EnvValidationError.name;
  }
}

/**
 * Validates `env` against a class-validator schema and returns the typed, defaulted instance.
 * Empty strings count as unset, so `FOO=` in a .env file falls back to the default.
 */
export function validateEnv<T extends object>(appName: string, schema: new () => T, env: RawEnv): T {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const instance = plainToInstance(schema, present, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(instance, { whitelist: true, forbidUnknownValues: true });
  if (errors.length > 0) {
    throw new EnvValidationError(appName, errors.map(describe));
  }
  return instance;
}

function describe(error: ValidationError): { variable: string; reasons: string[] } {
  // Several rules may share one message (a port is a whole number, at least 1, at most 65535): say it once.
  const reasons = [...new Set(Object.values(error.constraints ?? {}))];
  const missing = error.value === undefined;
  return { variable: error.property, reasons: missing ? ['is missing', ...reasons.filter((r) => !r.includes('should not be empty'))] : reasons };
}
