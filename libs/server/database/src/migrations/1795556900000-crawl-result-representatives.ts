import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The posting's rank (ADR 020): published 0, reviewed 1, pending 2, then the first found, the id breaking ties. */
const RANKED = `ORDER BY CASE status WHEN 'published' THEN 0 WHEN 'pending' THEN 2 ELSE 1 END, "createdAt", id`;

/**
 * ADR 028 point 5 (and ADR 020, "The representative as a stored flag"): one review item per posting
 * becomes `crawl_results."isRepresentative"`, kept by statement-level triggers, instead of an anti-join probed
 * for every row a page walks. The list then walks partial indexes of the representatives in its own order.
 *
 * - `aipm_refresh_crawl_representatives(keys, alone)` ranks the members of the postings `keys` again and writes
 *   the flag where it changed; rows without a key (`alone`) stand alone. Before reading, it takes a transaction
 *   advisory lock per posting bucket (hashtext of the key into 1,024 buckets, in ascending order so two
 *   writers never wait on each other in opposite orders): two writers adding the first rows of one posting at
 *   once refresh one after the other, and the second, under READ COMMITTED, reads the first's committed row
 *   (each statement of the function takes a new snapshot after the lock). Without it both would see only their
 *   own row and both rows would stand for the posting.
 * - One trigger function for INSERT, UPDATE and DELETE (transition tables need one trigger per event): an
 *   update refreshes the old and new key of every row whose key, status or createdAt changed, so the refresh's
 *   own update (the flag only) finds nothing to do and does not recurse.
 * - The flag defaults to true: a row without a key is its own item without any refresh work.
 */
export class CrawlResultRepresentatives1795556900000 implements MigrationInterface {
  name = 'CrawlResultRepresentatives1795556900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `ALTER TABLE "crawl_results" ADD "isRepresentative" boolean NOT NULL DEFAULT true`,
      `UPDATE "crawl_results" r SET "isRepresentative" = false
       FROM (SELECT id, row_number() OVER (PARTITION BY "dedupeKey" ${RANKED}) AS place FROM "crawl_results" WHERE "dedupeKey" IS NOT NULL) ranked
       WHERE r.id = ranked.id AND ranked.place > 1`,

      `CREATE FUNCTION aipm_refresh_crawl_representatives(keys text[], alone uuid[]) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
          bucket integer;
        BEGIN
          FOR bucket IN SELECT DISTINCT hashtext(key) & 1023 FROM unnest(keys) AS key WHERE key IS NOT NULL ORDER BY 1 LOOP
            PERFORM pg_advisory_xact_lock(hashtext('crawl_results.isRepresentative'), bucket);
          END LOOP;
          UPDATE crawl_results r SET "isRepresentative" = ranked.place = 1
          FROM (SELECT id, row_number() OVER (PARTITION BY "dedupeKey" ${RANKED}) AS place FROM crawl_results WHERE "dedupeKey" = ANY (keys)) ranked
          WHERE r.id = ranked.id AND r."isRepresentative" <> (ranked.place = 1);
          UPDATE crawl_results SET "isRepresentative" = true WHERE id = ANY (alone) AND "dedupeKey" IS NULL AND NOT "isRepresentative";
        END
      $$`,
      `CREATE FUNCTION aipm_crawl_representatives_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          keys text[];
          alone uuid[];
        BEGIN
          IF TG_OP = 'INSERT' THEN
            SELECT array_agg(DISTINCT "dedupeKey") FILTER (WHERE "dedupeKey" IS NOT NULL), array_agg(id) FILTER (WHERE "dedupeKey" IS NULL)
              INTO keys, alone FROM new_rows;
          ELSIF TG_OP = 'UPDATE' THEN
            SELECT array_agg(DISTINCT key) FILTER (WHERE key IS NOT NULL), array_agg(DISTINCT n.id) FILTER (WHERE n."dedupeKey" IS NULL)
              INTO keys, alone
              FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL (VALUES (o."dedupeKey"), (n."dedupeKey")) AS touched (key)
              WHERE (o."dedupeKey", o.status, o."createdAt") IS DISTINCT FROM (n."dedupeKey", n.status, n."createdAt");
          ELSE
            SELECT array_agg(DISTINCT "dedupeKey") FILTER (WHERE "dedupeKey" IS NOT NULL) INTO keys FROM old_rows;
          END IF;
          IF keys IS NOT NULL OR alone IS NOT NULL THEN
            PERFORM aipm_refresh_crawl_representatives(coalesce(keys, '{}'), coalesce(alone, '{}'));
          END IF;
          RETURN NULL;
        END
      $$`,
      `CREATE TRIGGER "TRG_crawl_results_representatives_insert" AFTER INSERT ON "crawl_results"
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aipm_crawl_representatives_changed()`,
      `CREATE TRIGGER "TRG_crawl_results_representatives_update" AFTER UPDATE ON "crawl_results"
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aipm_crawl_representatives_changed()`,
      `CREATE TRIGGER "TRG_crawl_results_representatives_delete" AFTER DELETE ON "crawl_results"
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION aipm_crawl_representatives_changed()`,

      // The list's order over the representatives only, alone and behind its status and site filters.
      `DROP INDEX "IDX_crawl_results_createdAt_id"`,
      `CREATE INDEX "IDX_crawl_results_representatives_createdAt_id" ON "crawl_results" ("createdAt" DESC, "id") WHERE "isRepresentative"`,
      `DROP INDEX "IDX_crawl_results_status_createdAt_id"`,
      `CREATE INDEX "IDX_crawl_results_representatives_status_createdAt_id" ON "crawl_results" ("status", "createdAt" DESC, "id") WHERE "isRepresentative"`,
      `DROP INDEX "IDX_crawl_results_site_createdAt_id"`,
      `CREATE INDEX "IDX_crawl_results_representatives_site_createdAt_id" ON "crawl_results" ("site", "createdAt" DESC, "id") WHERE "isRepresentative"`,
      // The task filter: the representatives by id with their place in the list (index-only), the rows that are
      // not with their key, and a posting's representative by key.
      `CREATE INDEX "IDX_crawl_results_representatives_id_createdAt" ON "crawl_results" ("id") INCLUDE ("createdAt") WHERE "isRepresentative"`,
      `CREATE INDEX "IDX_crawl_results_others_id_dedupeKey" ON "crawl_results" ("id") INCLUDE ("dedupeKey") WHERE NOT "isRepresentative"`,
      `CREATE INDEX "IDX_crawl_results_representatives_dedupeKey" ON "crawl_results" ("dedupeKey") WHERE "isRepresentative"`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `DROP INDEX "IDX_crawl_results_representatives_dedupeKey"`,
      `DROP INDEX "IDX_crawl_results_others_id_dedupeKey"`,
      `DROP INDEX "IDX_crawl_results_representatives_id_createdAt"`,
      `DROP INDEX "IDX_crawl_results_representatives_site_createdAt_id"`,
      `CREATE INDEX "IDX_crawl_results_site_createdAt_id" ON "crawl_results" ("site", "createdAt" DESC, "id", "dedupeKey", "status")`,
      `DROP INDEX "IDX_crawl_results_representatives_status_createdAt_id"`,
      `CREATE INDEX "IDX_crawl_results_status_createdAt_id" ON "crawl_results" ("status", "createdAt" DESC, "id", "dedupeKey")`,
      `DROP INDEX "IDX_crawl_results_representatives_createdAt_id"`,
      `CREATE INDEX "IDX_crawl_results_createdAt_id" ON "crawl_results" ("createdAt" DESC, "id", "dedupeKey", "status")`,
      `DROP TRIGGER "TRG_crawl_results_representatives_delete" ON "crawl_results"`,
      `DROP TRIGGER "TRG_crawl_results_representatives_update" ON "crawl_results"`,
      `DROP TRIGGER "TRG_crawl_results_representatives_insert" ON "crawl_results"`,
      `DROP FUNCTION aipm_crawl_representatives_changed()`,
      `DROP FUNCTION aipm_refresh_crawl_representatives(text[], uuid[])`,
      `ALTER TABLE "crawl_results" DROP "isRepresentative"`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
