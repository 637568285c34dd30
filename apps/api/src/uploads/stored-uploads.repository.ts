import { StoredUpload } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A confirmed upload as the record of it holds it (ADR 045): what a student file takes its name, size and type from. */
export interface ConfirmedUpload {
  key: string;
  originalName: string | null;
  size: number | null;
  contentType: string | null;
}

/**
 * The `stored_uploads` table (ADR 036): which stored keys the confirm step wrote. Step 1 records the key it handed
 * out with the uploader's file name (ADR 045); a key is claimed by exactly one confirm, then confirmed or released.
 */
@Injectable()
export class StoredUploadsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get table() {
    return this.dataSource.getRepository(StoredUpload);
  }

  /** Step 1: the key handed out and the name the uploader's file has (it is shown by that name once saved). */
  async record(key: string, originalName: string): Promise<void> {
    await this.dataSource.query(`INSERT INTO "stored_uploads" ("key", "originalName") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [key, originalName]);
  }

  /**
   * Claims the key for this confirm: `{ originalName }` (null when step 1 recorded none) when this call claimed it;
   * null when a confirm has claimed it before (done or under way). The row's lock decides between concurrent ones.
   */
  async claim(key: string): Promise<{ originalName: string | null } | null> {
    const claimed: { originalName: string | null }[] = await this.dataSource.query(
      `INSERT INTO "stored_uploads" ("key", "claimedAt") VALUES ($1, now())
       ON CONFLICT ("key") DO UPDATE SET "claimedAt" = now() WHERE "stored_uploads"."claimedAt" IS NULL AND "stored_uploads"."confirmedAt" IS NULL
       RETURNING "originalName"`,
      [key],
    );
    return claimed[0] ?? null;
  }

  /** A file the API stored and checked itself (a form's file): recorded confirmed in one statement. */
  async recordConfirmed(key: string, originalName: string, size: number, contentType: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "stored_uploads" ("key", "originalName", "claimedAt", "confirmedAt", "size", "contentType") VALUES ($1, $2, now(), now(), $3, $4)`,
      [key, originalName, size, contentType],
    );
  }

  async markConfirmed(key: string, size: number, contentType: string): Promise<void> {
    await this.table.update({ key }, { confirmedAt: () => 'now()', size, contentType });
  }

  /** Gives up a claim whose object failed its checks (a confirmed key is never released); the name stays for a retry. */
  async release(key: string): Promise<void> {
    await this.dataSource.query(`UPDATE "stored_uploads" SET "claimedAt" = NULL WHERE "key" = $1 AND "confirmedAt" IS NULL`, [key]);
  }

  /** The confirmed upload at this key, or null when there is none. */
  async confirmed(key: string): Promise<ConfirmedUpload | null> {
    const rows: ConfirmedUpload[] = await this.dataSource.query(
      `SELECT "key", "originalName", "size", "contentType" FROM "stored_uploads" WHERE "key" = $1 AND "confirmedAt" IS NOT NULL`,
      [key],
    );
    return rows[0] ?? null;
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

  /**
   * Keys older than `before` that never became confirmed (a link never confirmed, or a confirm that died midway),
   * forgotten; their keys.
   */
  async forgetStalledClaims(before: Date): Promise<string[]> {
    const rows: [{ key: string }[], number] = await this.dataSource.query(`DELETE FROM "stored_uploads" WHERE "confirmedAt" IS NULL AND "createdAt" < $1 RETURNING "key"`, [before]);
    return rows[0].map((row) => row.key);
  }
}
