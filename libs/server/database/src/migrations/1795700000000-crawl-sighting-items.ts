import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 028 point 8: the review list filtered by a task reads the task's sightings in the list's
 * order, instead of probing the representatives for every result the task found and sorting them all.
 *
 * Each sighting carries its **item**: the review item that stands for the sighted result (the representative of
 * its posting, or the result itself without a key; ADR 020), with the item's createdAt and status, the list's
 * order and its status filter. An index on the task and that order then gives a task's page, and its exact count,
 * from the index alone: 2,000 sightings probed 2,000 representatives (6,128 buffer hits, 5.7 ms) and now are read
 * in order (1.9 ms).
 *
 * The item changes only when its posting's representative, or the representative's createdAt or status, changes.
 * All of those go through `aipm_refresh_crawl_representatives` (the statement triggers of crawl_results), which now
 * ranks the postings (the old function, renamed `aipm_rank_crawl_postings`) and then writes the items of their
 * members' sightings. A new sighting gets its item before it is stored (a row trigger), and is checked again
 * under the postings' advisory locks once its statement is done (a statement trigger): a writer that ranked a
 * posting anew while the sighting was being stored could not see the uncommitted sighting, and the sighting's
 * first reading could not see that writer's uncommitted ranking; whoever takes the lock second sees the other's
 * committed rows. There is no foreign key on the item: a deleted item is replaced by the same refresh.
 */
export class CrawlSightingItems1795700000000 implements MigrationInterface {
  name = 'CrawlSightingItems1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      // The item of each of `results`: its posting's representative, or itself without a key.
      `CREATE FUNCTION aipm_crawl_items_of(results uuid[])
        RETURNS TABLE ("resultId" uuid, "itemId" uuid, "itemCreatedAt" timestamptz, "itemStatus" varchar) LANGUAGE sql STABLE AS $$
          SELECT sighted.id, coalesce(item.id, sighted.id), coalesce(item."createdAt", sighted."createdAt"), coalesce(item.status, sighted.status)
          FROM crawl_results sighted LEFT JOIN crawl_results item ON item."dedupeKey" = sighted."dedupeKey" AND item."isRepresentative"
          WHERE sighted.id = ANY (results)
        $$`,
      `ALTER TABLE "crawl_result_sightings" ADD "itemId" uuid, ADD "itemCreatedAt" TIMESTAMP WITH TIME ZONE, ADD "itemStatus" varchar(32)`,
      // Writes the item of every sighting of `results` where it changed.
      `CREATE FUNCTION aipm_refresh_crawl_sighting_items(results uuid[]) RETURNS void LANGUAGE sql AS $$
          UPDATE crawl_result_sightings sighting SET "itemId" = item."itemId", "itemCreatedAt" = item."itemCreatedAt", "itemStatus" = item."itemStatus"
          FROM aipm_crawl_items_of(results) item
          WHERE sighting."resultId" = item."resultId"
            AND (sighting."itemId", sighting."itemCreatedAt", sighting."itemStatus") IS DISTINCT FROM (item."itemId", item."itemCreatedAt", item."itemStatus")
        $$`,
      `SELECT aipm_refresh_crawl_sighting_items(ARRAY(SELECT DISTINCT "resultId" FROM crawl_result_sightings))`,
      `ALTER TABLE "crawl_result_sightings" ALTER "itemId" SET NOT NULL, ALTER "itemCreatedAt" SET NOT NULL, ALTER "itemStatus" SET NOT NULL`,

      // The postings' refresh ranks them (as before), then writes their members' sightings' items.
      `ALTER FUNCTION aipm_refresh_crawl_representatives(text[], uuid[]) RENAME TO aipm_rank_crawl_postings`,
      `CREATE FUNCTION aipm_refresh_crawl_representatives(keys text[], alone uuid[]) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM aipm_rank_crawl_postings(keys, alone);
          PERFORM aipm_refresh_crawl_sighting_items(ARRAY(SELECT id FROM crawl_results WHERE "dedupeKey" = ANY (keys)) || alone);
        END
      $$`,

      // A new sighting's item, before it is stored (the columns are NOT NULL).
      `CREATE FUNCTION aipm_crawl_sighting_item() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          SELECT item."itemId", item."itemCreatedAt", item."itemStatus" INTO NEW."itemId", NEW."itemCreatedAt", NEW."itemStatus"
          FROM aipm_crawl_items_of(ARRAY[NEW."resultId"]) item;
          RETURN NEW;
        END
      $$`,
      `CREATE TRIGGER "TRG_crawl_result_sightings_item" BEFORE INSERT ON "crawl_result_sightings"
        FOR EACH ROW EXECUTE FUNCTION aipm_crawl_sighting_item()`,
      // Checked again under the postings' locks, taken as the ranking takes them (its buckets, ascending).
      `CREATE FUNCTION aipm_crawl_sightings_added() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          results uuid[];
          bucket integer;
        BEGIN
          SELECT array_agg("resultId") INTO results FROM new_rows;
          FOR bucket IN SELECT DISTINCT hashtext("dedupeKey") & 1023 FROM crawl_results WHERE id = ANY (results) AND "dedupeKey" IS NOT NULL ORDER BY 1 LOOP
            PERFORM pg_advisory_xact_lock(hashtext('crawl_results.isRepresentative'), bucket);
          END LOOP;
          PERFORM aipm_refresh_crawl_sighting_items(results);
          RETURN NULL;
        END
      $$`,
      `CREATE TRIGGER "TRG_crawl_result_sightings_added" AFTER INSERT ON "crawl_result_sightings"
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aipm_crawl_sightings_added()`,

      // A task's items in the list's order with their status, index-only; it also serves the task's foreign key.
      `DROP INDEX "IDX_crawl_result_sightings_taskId_resultId"`,
      `CREATE INDEX "IDX_crawl_result_sightings_taskId_item" ON "crawl_result_sightings" ("taskId", "itemCreatedAt" DESC, "itemId") INCLUDE ("itemStatus")`,
      // Only the task filter's probes of the representatives read these; every write of crawl results kept them.
      `DROP INDEX "IDX_crawl_results_representatives_id_createdAt"`,
      `DROP INDEX "IDX_crawl_results_others_id_dedupeKey"`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE INDEX "IDX_crawl_results_others_id_dedupeKey" ON "crawl_results" ("id") INCLUDE ("dedupeKey") WHERE NOT "isRepresentative"`,
      `CREATE INDEX "IDX_crawl_results_representatives_id_createdAt" ON "crawl_results" ("id") INCLUDE ("createdAt") WHERE "isRepresentative"`,
      `DROP INDEX "IDX_crawl_result_sightings_taskId_item"`,
      `CREATE INDEX "IDX_crawl_result_sightings_taskId_resultId" ON "crawl_result_sightings" ("taskId", "resultId")`,
      `DROP TRIGGER "TRG_crawl_result_sightings_added" ON "crawl_result_sightings"`,
      `DROP FUNCTION aipm_crawl_sightings_added()`,
      `DROP TRIGGER "TRG_crawl_result_sightings_item" ON "crawl_result_sightings"`,
      `DROP FUNCTION aipm_crawl_sighting_item()`,
      `DROP FUNCTION aipm_refresh_crawl_representatives(text[], uuid[])`,
      `ALTER FUNCTION aipm_rank_crawl_postings(text[], uuid[]) RENAME TO aipm_refresh_crawl_representatives`,
      `DROP FUNCTION aipm_refresh_crawl_sighting_items(uuid[])`,
      `ALTER TABLE "crawl_result_sightings" DROP "itemStatus", DROP "itemCreatedAt", DROP "itemId"`,
      `DROP FUNCTION aipm_crawl_items_of(uuid[])`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
