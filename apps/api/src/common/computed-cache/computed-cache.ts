import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Above this many markers the oldest are deleted, keeping the last KEEP_MARKERS (one extra computation each time). */
const PRUNE_ABOVE = 10_000;
const KEEP_MARKERS = 1_000;

/**
 * Results computed over whole tables (the guarantee ledger, the outcomes report), kept in this process for as long as
 * the data they were computed from is unchanged (ADR 055). The data's state is the count and last id of
 * `change_markers`, which a statement trigger on every table read adds to and which a reader sees only once the change
 * is committed. It is read before the computation's own reads, so a kept result is never older than its key: a change
 * committed after the key was read makes the next key differ, and the result is computed again.
 */
@Injectable()
export class ComputedCache {
  private readonly logger = new Logger(ComputedCache.name);
  private readonly kept = new Map<string, { key: string; value: Promise<unknown> }>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * `name`'s value for the data as it stands, `compute`d again only when a marker was added (or `variant`, e.g. today's
   * date, changed). Callers that ask at once while it is computed share the one computation; a failure is not kept.
   */
  async get<T>(name: string, variant: string, compute: () => Promise<T>): Promise<T> {
    const key = `${await this.dataState()}|${variant}`;
    const entry = this.kept.get(name);
    if (entry?.key === key) return entry.value as Promise<T>;
    const value = compute();
    this.kept.set(name, { key, value });
    value.catch(() => {
      if (this.kept.get(name)?.value === value) this.kept.delete(name);
    });
    return value;
  }

  /** The markers' count and last id, as one key; the oldest markers are deleted once there are many. */
  private async dataState(): Promise<string> {
    const [{ count, last }]: [{ count: number; last: string }] = await this.dataSource.query(
      `SELECT count(*)::int AS "count", coalesce(max("id"), 0)::text AS "last" FROM "change_markers"`,
    );
    if (count > PRUNE_ABOVE) void this.prune(last);
    return `${count}:${last}`;
  }

  /** One process prunes at a time (an advisory lock); the others carry on with the markers as they are. */
  private async prune(last: string): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const [{ locked }]: [{ locked: boolean }] = await manager.query(`SELECT pg_try_advisory_xact_lock(hashtext('change_markers_prune')) AS "locked"`);
        if (locked) await manager.query(`DELETE FROM "change_markers" WHERE "id" <= $1::bigint - $2::int`, [last, KEEP_MARKERS]);
      });
    } catch (error) {
      this.logger.warn(`pruning the change markers failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
