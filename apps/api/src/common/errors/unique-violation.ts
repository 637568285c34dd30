import { QueryFailedError } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

/** The name of the unique constraint a failed INSERT/UPDATE broke, or undefined for any other failure. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string } | undefined;
  return driverError?.code === UNIQUE_VIOLATION ? (driverError.constraint ?? '') : undefined;
}
