import { StoredUpload } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * The `stored_uploads` table (ADR 036): which stored keys the confirm step wrote. A key is claimed by exactly
 * one confirm (the primary key decides between concurrent ones), then confirmed or released.
 */
@Injectable()
export class StoredUploadsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get table() {
    return this.dataSource.getRepository(StoredUpload);
  }

  /** True when this call claimed the key; false when a confirm has claimed it before (done or under way). */
  async claim(key: string): Promise<boolean> {
    const claimed: unknown[] = await this.dataSource.query(`INSERT INTO "stored_uploads" ("key") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "key"`, [key]);
    return claimed.length === 1;
  }

  async markConfirmed(key: string): Promise<void> {
    await this.table.update({ key }, { confirmedAt: () => 'now()' });
  }

  /** Gives up a claim whose object failed its checks (a confirmed key is never released). */
  async release(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "stored_uploads" WHERE "key" = $1 AND "confirmedAt" IS NULL`, [key]);
  }

  /** Those of `keys` that are not confirmed uploads. */
  async unconfirmedAmong(keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows: { key: string }[] = await this.dataSource.query(`SELECT "key" FROM "stored_uploads" WHERE "key" = ANY($1::varchar[]) AND "confirmedAt" IS NOT NULL`, [keys]);
    const confirmed = new Set(rows.map((row) => row.key));
    return keys.filter((key) => !confirmed.has(key));
  }

  /** The files are gone from storage: no record may point at them again. */
  async forget(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.dataSource.query(`DELETE FROM "stored_uploads" WHERE "key" = ANY($1::varchar[])`, [keys]);
  }

  /** Claims older than `before` that never became confirmed (a confirm that died midway), forgotten; their keys. */
  async forgetStalledClaims(before: Date): Promise<string[]> {
    const rows: [{ key: string }[], number] = await this.dataSource.query(`DELETE FROM "stored_uploads" WHERE "confirmedAt" IS NULL AND "createdAt" < $1 RETURNING "key"`, [before]);
    return rows[0].map((row) => row.key);
  }
}
