import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The salary guarantee's ledger (docs/product/guarantee.md): a contract's guarantee and its own terms, and payments
 * of a kind — tuition, or a refund (negative) or bonus the guarantee paid.
 */
export class SalaryGuarantee1796800000000 implements MigrationInterface {
  name = 'SalaryGuarantee1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "student_contracts"
      ADD "guaranteed" boolean NOT NULL DEFAULT false,
      ADD "guaranteeTarget" integer,
      ADD "refundRate" smallint,
      ADD "bonusThreshold" smallint,
      ADD "bonusRate" smallint,
      ADD "guaranteeWindowDays" smallint,
      ADD "minAttendance" smallint`);
    await queryRunner.query(`COMMENT ON COLUMN "student_contracts"."guaranteeTarget" IS 'amount in cents (1/100 of the currency unit)'`);
    await queryRunner.query(`ALTER TABLE "student_contracts" ADD CONSTRAINT "CHK_student_contracts_guarantee" CHECK (("guaranteeTarget" IS NULL OR "guaranteeTarget" > 0) AND ("refundRate" IS NULL OR "refundRate" BETWEEN 0 AND 100) AND ("bonusThreshold" IS NULL OR "bonusThreshold" BETWEEN 100 AND 1000) AND ("bonusRate" IS NULL OR "bonusRate" BETWEEN 0 AND 100) AND ("guaranteeWindowDays" IS NULL OR "guaranteeWindowDays" BETWEEN 1 AND 3650) AND ("minAttendance" IS NULL OR "minAttendance" BETWEEN 0 AND 100))`);
    await queryRunner.query(`ALTER TABLE "student_payments" ADD "kind" varchar(16) NOT NULL DEFAULT 'tuition'`);
    await queryRunner.query(`ALTER TABLE "student_payments" ADD CONSTRAINT "CHK_student_payments_kind" CHECK ("kind" IN ('tuition', 'refund', 'bonus'))`);
    await queryRunner.query(`ALTER TABLE "student_payments" DROP CONSTRAINT "CHK_student_payments_amount"`);
    await queryRunner.query(
      `ALTER TABLE "student_payments" ADD CONSTRAINT "CHK_student_payments_amount" CHECK (("kind" = 'refund' AND "amount" < 0) OR ("kind" <> 'refund' AND "amount" >= 0))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "student_payments" WHERE "kind" <> 'tuition'`);
    await queryRunner.query(`ALTER TABLE "student_payments" DROP CONSTRAINT "CHK_student_payments_amount"`);
    await queryRunner.query(`ALTER TABLE "student_payments" ADD CONSTRAINT "CHK_student_payments_amount" CHECK ("amount" >= 0)`);
    await queryRunner.query(`ALTER TABLE "student_payments" DROP CONSTRAINT "CHK_student_payments_kind"`);
    await queryRunner.query(`ALTER TABLE "student_payments" DROP COLUMN "kind"`);
    await queryRunner.query(`ALTER TABLE "student_contracts" DROP CONSTRAINT "CHK_student_contracts_guarantee"`);
    await queryRunner.query(`ALTER TABLE "student_contracts" DROP COLUMN "guaranteed", DROP COLUMN "guaranteeTarget", DROP COLUMN "refundRate", DROP COLUMN "bonusThreshold", DROP COLUMN "bonusRate", DROP COLUMN "guaranteeWindowDays", DROP COLUMN "minAttendance"`);
  }
}
