import { type SchemaArea, sql } from './schema-area';

/**
 * Crawl results: one representative per posting and each sighting's item, kept by triggers (ADR 020, ADR 028).
 * The current definition, as PostgreSQL prints it (`pg_get_functiondef`, `pg_get_triggerdef`); see schema-area.ts.
 */
export const CRAWLER_SCHEMA: SchemaArea = {
  functions: [
    sql`
CREATE OR REPLACE FUNCTION public.aipm_crawl_items_of(results uuid[])
 RETURNS TABLE("resultId" uuid, "itemId" uuid, "itemCreatedAt" timestamp with time zone, "itemStatus" character varying)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT sighted.id, coalesce(item.id, sighted.id), coalesce(item."createdAt", sighted."createdAt"), coalesce(item.status, sighted.status)
  FROM crawl_results sighted LEFT JOIN crawl_results item ON item."dedupeKey" = sighted."dedupeKey" AND item."isRepresentative"
  WHERE sighted.id = ANY (results)
$function$
`,
    sql`
CREATE OR REPLACE FUNCTION public.aipm_crawl_sighting_item()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  BEGIN
    SELECT item."itemId", item."itemCreatedAt", item."itemStatus" INTO NEW."itemId", NEW."itemCreatedAt", NEW."itemStatus"
    FROM aipm_crawl_items_of(ARRAY[NEW."resultId"]) item;
    RETURN NEW;
  END
$function$
`,
    sql`
CREATE OR REPLACE FUNCTION public.aipm_crawl_sightings_added()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$
`,
    sql`
CREATE OR REPLACE FUNCTION public.aipm_rank_crawl_postings(keys text[], alone uuid[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
  DECLARE
    bucket integer;
  BEGIN
    FOR bucket IN SELECT DISTINCT hashtext(key) & 1023 FROM unnest(keys) AS key WHERE key IS NOT NULL ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock(hashtext('crawl_results.isRepresentative'), bucket);
    END LOOP;
    UPDATE crawl_results r SET "isRepresentative" = ranked.place = 1
    FROM (SELECT id, row_number() OVER (PARTITION BY "dedupeKey" ORDER BY CASE status WHEN 'published' THEN 0 WHEN 'pending' THEN 2 ELSE 1 END, "createdAt", id) AS place FROM crawl_results WHERE "dedupeKey" = ANY (keys)) ranked
    WHERE r.id = ranked.id AND r."isRepresentative" <> (ranked.place = 1);
    UPDATE crawl_results SET "isRepresentative" = true WHERE id = ANY (alone) AND "dedupeKey" IS NULL AND NOT "isRepresentative";
  END
$function$
`,
    sql`
CREATE OR REPLACE FUNCTION public.aipm_refresh_crawl_sighting_items(results uuid[])
 RETURNS void
 LANGUAGE sql
AS $function$
  UPDATE crawl_result_sightings sighting SET "itemId" = item."itemId", "itemCreatedAt" = item."itemCreatedAt", "itemStatus" = item."itemStatus"
  FROM aipm_crawl_items_of(results) item
  WHERE sighting."resultId" = item."resultId"
    AND (sighting."itemId", sighting."itemCreatedAt", sighting."itemStatus") IS DISTINCT FROM (item."itemId", item."itemCreatedAt", item."itemStatus")
$function$
`,
    sql`
CREATE OR REPLACE FUNCTION public.aipm_refresh_crawl_representatives(keys text[], alone uuid[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
  BEGIN
    PERFORM aipm_rank_crawl_postings(keys, alone);
    PERFORM aipm_refresh_crawl_sighting_items(ARRAY(SELECT id FROM crawl_results WHERE "dedupeKey" = ANY (keys)) || alone);
  END
$function$
`,
    sql`
CREATE OR REPLACE FUNCTION public.aipm_crawl_representatives_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$
`,
  ],
  triggers: [
    sql`
CREATE TRIGGER "TRG_crawl_results_representatives_insert"
  AFTER INSERT ON public.crawl_results
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION aipm_crawl_representatives_changed()
`,
    sql`
CREATE TRIGGER "TRG_crawl_results_representatives_update"
  AFTER UPDATE ON public.crawl_results
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION aipm_crawl_representatives_changed()
`,
    sql`
CREATE TRIGGER "TRG_crawl_results_representatives_delete"
  AFTER DELETE ON public.crawl_results
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION aipm_crawl_representatives_changed()
`,
    sql`
CREATE TRIGGER "TRG_crawl_result_sightings_item"
  BEFORE INSERT ON public.crawl_result_sightings
  FOR EACH ROW
  EXECUTE FUNCTION aipm_crawl_sighting_item()
`,
    sql`
CREATE TRIGGER "TRG_crawl_result_sightings_added"
  AFTER INSERT ON public.crawl_result_sightings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION aipm_crawl_sightings_added()
`,
  ],
};
