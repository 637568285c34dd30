import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `aipm_register_lead` (migration RegisterLeadFunction1795600000000) by its argument types. */
const REGISTER_LEAD = `aipm_register_lead(varchar, integer, varchar, text, varchar, varchar, varchar, varchar, jsonb, varchar, timestamptz, varchar, varchar)`;

/**
 * ADR 033: PL/pgSQL caches each statement's plan per connection, and after five calls keeps
 * a generic one. A connection that registered its first leads while `registrations` was nearly empty (a new
 * deployment, the bench's fresh database) kept plans that read the whole table, since that was cheapest then;
 * the plans are not made again as the table grows, only after an ANALYZE, so every registration then scanned
 * every row: PostgreSQL spent 0.9 ms of CPU a registration instead of 0.4 in the bench, in most runs. Every
 * read of this function has an index (the phone's earlier lead, the lead by id, the phone call's foreign key),
 * so sequential scans are switched off inside it, and its plans are the index plans whatever the table's size
 * when they were made.
 */
export class RegisterLeadPlans1795900000000 implements MigrationInterface {
  name = 'RegisterLeadPlans1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER FUNCTION ${REGISTER_LEAD} SET enable_seqscan = off`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER FUNCTION ${REGISTER_LEAD} RESET enable_seqscan`);
  }
}
