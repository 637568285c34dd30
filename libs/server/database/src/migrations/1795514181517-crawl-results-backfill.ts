import { crawlDedupeKey, siteOfUrl } from '@aipm/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const BATCH = 500;

interface LegacyRow {
  id: string;
  title: string;
  company: string;
  location: string | null;
  sourceUrl: string;
  site: string | null;
  dedupeKey: string | null;
}

/**
 * Results stored before ADR 020 have no `site` and no `dedupeKey`: they stood alone in the review list and
 * the site filter had to read their address. Both are computed here by the functions the writers use
 * (siteOfUrl, crawlDedupeKey), in batches; a row whose address is on none of the crawled sites keeps a null
 * site, as a manual job with such an address gets one. Data only: nothing to undo on the way down.
 */
export class CrawlResultsBackfill1795514181517 implements MigrationInterface {
  name = 'CrawlResultsBackfill1795514181517';

  async up(queryRunner: QueryRunner): Promise<void> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows: LegacyRow[] = await queryRunner.query(
        `SELECT id, title, company, location, "sourceUrl", site, "dedupeKey" FROM crawl_results
         WHERE (site IS NULL OR "dedupeKey" IS NULL) AND id > $1 ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      const values = rows.map((row) => ({ id: row.id, site: row.site ?? siteOfUrl(row.sourceUrl), key: row.dedupeKey ?? crawlDedupeKey(row) }));
      await queryRunner.query(
        `UPDATE crawl_results AS result SET site = v.site, "dedupeKey" = v.key
         FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, site varchar, key text) WHERE result.id = v.id`,
        [JSON.stringify(values)],
      );
    }
  }

  async down(): Promise<void> {
    // The computed values are what the code would write today: leaving them is harmless.
  }
}
