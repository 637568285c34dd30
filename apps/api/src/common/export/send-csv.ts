import { Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const csvLogger = new Logger('CsvExport');

/**
 * Streams a CSV download. `csv` has already produced its first chunk (exportLeads), so what could fail before
 * the first byte was answered as an error envelope; this only sends.
 *
 * A failure after the header (the database gone mid-export) cannot become an error answer any more. The
 * response is then destroyed, not ended: the chunked body lacks its final zero-length chunk, so a browser
 * marks the download failed and curl, fetch and the front door see an aborted transfer, never a complete-
 * looking file that is silently short. One warning line says so; the process carries on.
 */
export async function sendCsv(response: Response, fileStem: string, csv: Readable, now = new Date()): Promise<void> {
  const day = new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10).replace(/-/g, '');
  response.status(200);
  response.setHeader('Content-Type', 'text/csv; charset=utf-8');
  response.setHeader('Content-Disposition', `attachment; filename="${fileStem}-${day}.csv"`);
  response.setHeader('Cache-Control', 'no-store');
  try {
    await pipeline(csv, response);
  } catch (error) {
    response.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    // The browser closing the tab or cancelling the download is not a failure of ours.
    if ((error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE') csvLogger.debug(`CSV export ${fileStem} left by the client: ${reason}`);
    else csvLogger.warn(`CSV export ${fileStem} aborted after its header (the client gets an incomplete transfer): ${reason}`);
  }
}
