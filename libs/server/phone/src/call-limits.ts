import { CALL_LIMITS } from '@aipm/contracts';

/**
 * When the next call to one number may be placed under the provider's limits (1 a minute, 5 an hour, 20 a
 * day), given the times calls to it were placed; null when one may be placed now. Leads that arrive before
 * then wait and are announced together in that call: limits are met by batching, never by dropping a lead.
 */
export function nextCallAllowedAt(placedAt: readonly Date[], now: Date, limits: ReadonlyArray<{ windowMs: number; max: number }> = CALL_LIMITS): Date | null {
  const newestFirst = placedAt.map((date) => date.getTime()).sort((a, b) => b - a);
  let allowedAt = now.getTime();
  for (const { windowMs, max } of limits) {
    const inWindow = newestFirst.filter((time) => time > now.getTime() - windowMs);
    // The max-th newest call must leave the window before another fits in it.
    if (inWindow.length >= max) allowedAt = Math.max(allowedAt, inWindow[max - 1] + windowMs);
  }
  return allowedAt > now.getTime() ? new Date(allowedAt) : null;
}

/** The longest window: calls older than this never limit the next one. */
export const LONGEST_LIMIT_WINDOW_MS = Math.max(...CALL_LIMITS.map((limit) => limit.windowMs));
