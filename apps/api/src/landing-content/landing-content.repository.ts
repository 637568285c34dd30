import type { LandingContent } from '@aipm/contracts';
import { LandingPublication } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The largest value of a Postgres `serial` (integer) column. */
const MAX_SERIAL = 2_147_483_647;

/** The draft is one admin_config value (ADR 074): overwritten at each save, never listed. */
export const LANDING_DRAFT_KEY = 'landing_content_draft';

// Any fixed number: it only has to be the same in every API process that may make the first publication.
const FIRST_PUBLICATION_LOCK = 7_202_611_074;

export interface StoredDraft {
  content: LandingContent;
  savedAt: Date;
}

/** The landing page's publications and its draft (ADR 044: the SQL of a feature in one place). */
@Injectable()
export class LandingContentRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get publications() {
    return this.dataSource.getRepository(LandingPublication);
  }

  /** The live publication: the newest. */
  live(): Promise<LandingPublication | null> {
    return this.publications.findOne({ where: {}, order: { id: 'DESC' } });
  }

  /** Only the live publication's id: the public read's cheap check (an unchanged ETag answers 304). */
  async liveId(): Promise<number | null> {
    const [row] = (await this.dataSource.query(`SELECT max(id) AS id FROM landing_publications`)) as Array<{ id: number | null }>;
    return row?.id ?? null;
  }

  /**
   * Publishes `content` as the first publication unless one exists: several API processes may answer the first
   * read at once, and only one first publication must be made (they queue on a transaction-scoped lock).
   */
  async publishFirst(content: LandingContent): Promise<LandingPublication> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [FIRST_PUBLICATION_LOCK]);
      const existing = await manager.getRepository(LandingPublication).findOne({ where: {}, order: { id: 'DESC' } });
      return existing ?? manager.getRepository(LandingPublication).save({ content, publishedBy: null, restoredFrom: null });
    });
  }

  /** A new publication (live at once), and the draft set to what it says. */
  async publish(content: LandingContent, publishedBy: string, restoredFrom: number | null): Promise<LandingPublication> {
    return this.dataSource.transaction(async (manager) => {
      const publication = await manager.getRepository(LandingPublication).save({ content, publishedBy, restoredFrom });
      await this.writeDraft(manager, content);
      return publication;
    });
  }

  /** Every publication, newest first, without its content. */
  history(): Promise<LandingPublication[]> {
    return this.publications.find({ select: { id: true, publishedAt: true, publishedBy: true, restoredFrom: true }, order: { id: 'DESC' } });
  }

  async byId(id: number): Promise<LandingPublication | null> {
    // The id column is a 4-byte serial: a larger number (a path's 99999999999999999999) is no row, not a database error.
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_SERIAL) return null;
    return this.publications.findOneBy({ id });
  }

  async draft(): Promise<StoredDraft | null> {
    const [row] = (await this.dataSource.query(`SELECT value, "updatedAt" FROM admin_config WHERE key = $1`, [LANDING_DRAFT_KEY])) as Array<{ value: string; updatedAt: Date }>;
    return row ? { content: JSON.parse(row.value) as LandingContent, savedAt: row.updatedAt } : null;
  }

  async saveDraft(content: LandingContent): Promise<void> {
    await this.writeDraft(this.dataSource.manager, content);
  }

  private async writeDraft(manager: DataSource['manager'], content: LandingContent): Promise<void> {
    await manager.query(
      `INSERT INTO admin_config (key, value) VALUES ($1, $2)
       ON CONFLICT ON CONSTRAINT "UQ_admin_config_key" DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()`,
      [LANDING_DRAFT_KEY, JSON.stringify(content)],
    );
  }
}
