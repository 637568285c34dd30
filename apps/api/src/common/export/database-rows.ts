import Cursor from 'pg-cursor';
import type { PoolClient } from 'pg';
import { Readable } from 'node:stream';

/** Rows fetched per round trip: enough to keep the socket busy, small enough to keep memory flat. */
const BATCH = 500;

/**
 * The rows of a query, read through a server-side cursor on `client` and streamed with back-pressure.
 *
 * pg-query-stream is not used: when its connection dies mid-query (a restart, pg_terminate_backend) its
 * destroy() waits for a ReadyForQuery that never comes, so the error is never emitted and the download hangs
 * (measured with pg-cursor 2.22 / pg-query-stream 4.17; brianc/node-postgres#2642 and #2870, both open). Here
 * a failed read simply throws, and the stream fails with it. A failed cursor is not closed, for the same
 * reason; `onQueryError` tells the owner of the connection not to lend it again.
 */
export function databaseRows(client: PoolClient, sql: string, parameters: unknown[], onQueryError: (error: unknown) => void): Readable {
  const cursor = client.query(new Cursor(sql, parameters));
  async function* rows(): AsyncGenerator<Record<string, unknown>> {
    let failed = false;
    try {
      for (;;) {
        const batch = await cursor.read(BATCH);
        yield* batch;
        if (batch.length < BATCH) return;
      }
    } catch (error) {
      failed = true;
      onQueryError(error);
      throw error;
    } finally {
      // Also when the consumer stops early (the browser went away): the portal is closed, the connection reusable.
      if (!failed) await cursor.close();
    }
  }
  return Readable.from(rows(), { objectMode: true, highWaterMark: BATCH });
}
