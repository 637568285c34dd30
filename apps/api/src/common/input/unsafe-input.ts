import type { ErrorCode } from '@aipm/contracts';

/** Deeper than any body or filter of ours (a crawl task's lists, a lead's source object): not a client of ours. */
export const MAX_INPUT_DEPTH = 16;
// NUL cannot be stored in a PostgreSQL text column; a lone surrogate has no UTF-8 form (validator's isEmail throws on it).
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a parsed input (JSON body, query, a JSON filter) cannot be processed, or null. Walked with a stack,
 * not recursion: a body nested 10,000 deep must not overflow the stack that answers it
 * (docs/product/errors.md#common: INPUT_TOO_DEEP).
 */
export function unsafeInputCode(input: unknown): Extract<ErrorCode, 'INVALID_CHARACTERS' | 'INPUT_TOO_DEEP'> | null {
  const pending: [unknown, number][] = [[input, 0]];
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return 'INVALID_CHARACTERS';
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return 'INPUT_TOO_DEEP';
      for (const [key, child] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return 'INVALID_CHARACTERS';
        pending.push([child, depth + 1]);
      }
    }
  }
  return null;
}
