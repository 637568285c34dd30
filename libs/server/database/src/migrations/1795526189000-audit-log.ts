import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 030: the append-only audit log. The trigger refuses UPDATE and DELETE of a row and
 * TRUNCATE of the table for every role, the app's included; only dropping the table (this migration's down,
 * a deliberate schema change) removes entries.
 */
export class AuditLog1795526189000 implements MigrationInterface {
  name = 'AuditLog1795526189000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "audit_log" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "actorId" uuid,
        "actorName" character varying(255),
        "ip" character varying(64),
        "action" character varying(64) NOT NULL,
        "entity" character varying(32) NOT NULL,
        "entityId" character varying(255),
        "before" jsonb,
        "after" jsonb,
        "details" jsonb,
        CONSTRAINT "PK_audit_log" PRIMARY KEY ("id")
      )`,
      `CREATE INDEX "IDX_audit_log_createdAt_id" ON "audit_log" ("createdAt" DESC, "id" DESC)`,
      `CREATE INDEX "IDX_audit_log_action_createdAt" ON "audit_log" ("action", "createdAt" DESC)`,
      `CREATE INDEX "IDX_audit_log_entity_createdAt" ON "audit_log" ("entity", "createdAt" DESC)`,
      `CREATE INDEX "IDX_audit_log_actorId_createdAt" ON "audit_log" ("actorId", "createdAt" DESC)`,
      `CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
        END
      $$`,
      `CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"()`,
      `CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"()`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_log"`);
    await queryRunner.query(`DROP FUNCTION "audit_log_append_only"()`);
  }
}
