import { maskPhone } from '@aipm/contracts';
import { Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import type { DataSource, ObjectLiteral, Repository } from 'typeorm';
import { ApiError } from '../errors/api.error';
import type { ListQueryDto } from '../list/list-query.dto';
import { applyListQuery, type ListSpec, parseListQuery } from '../list/list-query';
import { type CsvColumn, csvTransform } from './csv';
import { databaseRows } from './database-rows';

/*
 * The back office's CSV exports (registrations, messages, the audit log): every row a list query matches,
 * streamed from a server-side cursor, with the cells people read in Excel.
 */

const exportLogger = new Logger('CsvExport');

/** A CSV column read straight from a column of the table, or an SQL expression over the alias. */
export interface ExportColumn extends CsvColumn {
  sql: string;
}

/**
 * Every matching row (no page limit) as CSV, streamed from a server-side cursor: memory stays flat whatever
 * the count. The connection returns to the pool when the stream ends, fails or the client goes away.
 *
 * Resolves only once the first batch has been read (docs/product/back-office.md#csv-export): a query that fails at once
 * (a dropped connection, a timeout, a value the database refuses) is thrown here, before the route has sent a header,
 * so it is answered as an error envelope rather than as a cut download.
 */
export async function exportRows<T extends ObjectLiteral>(
  dataSource: DataSource,
  repository: Repository<T>,
  spec: ListSpec,
  raw: ListQueryDto,
  columns: readonly ExportColumn[]
): Promise<Readable> {
  const list = parseListQuery(raw, spec, { paged: false });
  const query = applyListQuery(repository.createQueryBuilder(spec.alias).select([]), spec, list);
  for (const column of columns) query.addSelect(column.sql, column.key);
  const [sql, parameters] = query.getQueryAndParameters();

  const runner = dataSource.createQueryRunner('slave');
  let client: PoolClient;
  let queryFailed = false;
  let rows: Readable;
  try {
    client = (await runner.connect()) as PoolClient;
    rows = databaseRows(client, sql, parameters, () => (queryFailed = true));
  } catch (error) {
    await runner.release();
    throw exportFailure(error);
  }
  const csv = csvTransform(columns);
  void pipeline(rows, csv)
    .catch(() => undefined) // the consumer's pipeline reports the failure to the client
    .finally(() => {
      // After a failed query the connection is ended, so the pool drops it instead of lending a terminated one
      // to the next request (pg-pool removes a client that is ending when it is released).
      if (queryFailed) client.end().catch(() => undefined);
      return runner.release();
    });
  return startedStream(csv).catch((error: unknown) => {
    throw exportFailure(error);
  });
}

/**
 * The same bytes as `source`, once its first chunk exists: the promise rejects with the error of a source that
 * fails before producing anything. Reading through the iterator keeps back-pressure and, when the consumer
 * stops early, destroys the source (which closes the cursor).
 */
async function startedStream(source: Readable): Promise<Readable> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  async function* all(): AsyncGenerator<Buffer> {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => chunks };
  }
  return Readable.from(all(), { objectMode: false });
}

/**
 * What a failed export query is for the client: a value the database refuses (SQLSTATE class 22, data
 * exception) is a bad list query; a driver or server failure (connection refused or terminated, timeout,
 * shutdown: an errno or SQLSTATE code, or pg's "Connection terminated") is the database being unavailable for
 * now. Anything else is a bug and stays itself (a 500 with its stack in the log).
 */
function exportFailure(error: unknown): unknown {
  if (error instanceof ApiError || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('22')) return new ApiError('INVALID_LIST_QUERY');
  if (typeof code !== 'string' && !/connection|terminat|timeout/i.test(error.message)) return error;
  exportLogger.warn(`CSV export could not start: ${error.message}${typeof code === 'string' ? ` (${code})` : ''}`);
  return new ApiError('DATABASE_UNAVAILABLE');
}

/**
 * A follow-up is a China calendar day (the back office sends its midnight in China time), so the file shows
 * the day, not a meaningless 00:00.
 */
export function beijingDay(column: string): string {
  return `to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;
}

/** Formats a timestamptz column as Beijing wall-clock time for people reading the CSV in Excel. */
export function beijingTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`;
}

/** A phone cell of an export, masked like the lists (138****5678; PIPL). */
export function maskCsvPhone(value: unknown): unknown {
  return typeof value === 'string' ? maskPhone(value) : value;
}
