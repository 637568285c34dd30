import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose `q` search reads stored grams (ADR 028 point 1). */
const GRAM_TABLES = ['registrations', 'contact_messages', 'students'] as const;

/** A row's grams: every run of 1 to `widest` neighbouring characters of the text, lower-cased as ILIKE compares. */
const searchGrams = (widest: number) =>
  `CREATE OR REPLACE FUNCTION aipm_search_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT ARRAY(
      SELECT DISTINCT substr(lowered, i, width)
      FROM lower(value) AS lowered, generate_series(1, length(lowered)) AS i, generate_series(1, ${widest}) AS width
      WHERE i + width - 1 <= length(lowered)
    )
  $$`;

/** What a row's grams must hold to possibly contain `value`: its runs of `widest` characters, or the text itself when shorter. */
const queryGrams = (widest: number) =>
  `CREATE OR REPLACE FUNCTION aipm_query_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE WHEN length(value) <= ${widest} THEN ARRAY[lower(value)]
      ELSE ARRAY(SELECT DISTINCT substr(lower(value), i, ${widest}) FROM generate_series(1, length(value) - ${widest} + 1) AS i) END
  $$`;

/**
 * ADR 028 point 10: the stored grams gain every run of three characters, and a `q` of three
 * characters or more is looked up by its runs of three. Pairs of digits are few (100) and each is in most
 * phones, so "5678" took 324 + 122 candidates from the two gram indexes for 75 matches, each read from the
 * table and checked with ILIKE (4 ms of a 4.3 ms search); its runs of three take 88 + 56 (0.8 ms in all). The
 * trigger computes the grams with these functions, so rewriting each row's normalised phone fills them in.
 */
export class SearchTrigrams1795800000000 implements MigrationInterface {
  name = 'SearchTrigrams1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.useGramsUpTo(queryRunner, 3);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.useGramsUpTo(queryRunner, 2);
  }

  private async useGramsUpTo(queryRunner: QueryRunner, widest: number): Promise<void> {
    await queryRunner.query(searchGrams(widest));
    await queryRunner.query(queryGrams(widest));
    for (const table of GRAM_TABLES) {
      await queryRunner.query(`UPDATE "${table}" SET "phoneNormalized" = "phoneNormalized"`);
      await queryRunner.query(`ANALYZE "${table}" ("searchGrams", "phoneGrams")`);
    }
  }
}
