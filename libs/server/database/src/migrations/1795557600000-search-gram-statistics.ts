import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose `q` search reads stored grams (ADR 028 point 1). */
const GRAM_TABLES = ['registrations', 'contact_messages', 'students'] as const;

/**
 * ADR 028 point 6: the planner's statistics of the gram columns at target 1000 instead of the
 * default 100. `"searchGrams" @> aipm_query_grams(q)` is estimated from the most common grams; with 100 the
 * rarer grams of a name or a phone's digits fall outside the list and the planner guesses, choosing between
 * the GIN index and the list's order index on a wrong count. ANALYZE so the new target counts from now on.
 */
export class SearchGramStatistics1795557600000 implements MigrationInterface {
  name = 'SearchGramStatistics1795557600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of GRAM_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ALTER "searchGrams" SET STATISTICS 1000, ALTER "phoneGrams" SET STATISTICS 1000`);
      await queryRunner.query(`ANALYZE "${table}" ("searchGrams", "phoneGrams")`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of GRAM_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ALTER "searchGrams" SET STATISTICS -1, ALTER "phoneGrams" SET STATISTICS -1`);
    }
  }
}
