import type { Request } from 'express';

/** The filter of an export as the list sent it (already checked by the export's own parsing). */
export function exportFilter(request: Request): unknown {
  const raw = request.query['filter'];
  if (typeof raw !== 'string' || raw === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
