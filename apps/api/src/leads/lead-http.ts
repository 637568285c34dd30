import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { idParam } from '../common/errors/id-param';

/** A malformed id answers 400 INVALID_LEAD_ID, as every route's malformed id does (common/errors/id-param.ts). */
export const LeadIdPipe = idParam('INVALID_LEAD_ID');

/** Streams a CSV download; a failure after the first byte can only cut the connection. */
export async function sendCsv(response: Response, fileStem: string, csv: Readable, now = new Date()): Promise<void> {
  const day = new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10).replace(/-/g, '');
  response.status(200);
  response.setHeader('Content-Type', 'text/csv; charset=utf-8');
  response.setHeader('Content-Disposition', `attachment; filename="${fileStem}-${day}.csv"`);
  response.setHeader('Cache-Control', 'no-store');
  await pipeline(csv, response);
}
