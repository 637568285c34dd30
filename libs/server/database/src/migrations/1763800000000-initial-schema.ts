import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole data model of docs/product/data-model.md, written by hand so every name and ON DELETE rule is deliberate.
 * Enum values are spelled out rather than imported: a migration must never change after it ran.
 * `gen_random_uuid()` is built into PostgreSQL 13+, so no extension is needed.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      // ── auth ─────────────────────────────────────────────────────────────
      `CREATE TABLE "users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" varchar(255) NOT NULL,
        "password" varchar(255) NOT NULL,
        "isAdmin" boolean NOT NULL DEFAULT false,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_users" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_users_email" UNIQUE ("email")
      )`,
      `COMMENT ON COLUMN "users"."password" IS 'password hash, never the plain password'`,

      // ── settings ─────────────────────────────────────────────────────────
      `CREATE TABLE "admin_config" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "key" varchar(255) NOT NULL,
        "value" text NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_admin_config" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_admin_config_key" UNIQUE ("key")
      )`,

      // ── leads ────────────────────────────────────────────────────────────
      `CREATE TABLE "registrations" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(255) NOT NULL,
        "phone" varchar(255) NOT NULL,
        "email" varchar(255),
        "school" varchar(255) NOT NULL,
        "major" varchar(255) NOT NULL,
        "goals" text,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_registrations" PRIMARY KEY ("id")
      )`,
      `CREATE INDEX "IDX_registrations_createdAt" ON "registrations" ("createdAt" DESC)`,

      `CREATE TABLE "contact_messages" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(255) NOT NULL,
        "phone" varchar(255) NOT NULL,
        "email" varchar(255),
        "subject" varchar(32) NOT NULL,
        "message" text,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_contact_messages" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_contact_messages_subject"
          CHECK ("subject" IN ('course', 'pricing', 'enterprise', 'technical', 'other'))
      )`,
      `CREATE INDEX "IDX_contact_messages_createdAt" ON "contact_messages" ("createdAt" DESC)`,

      // ── crawler ──────────────────────────────────────────────────────────
      `CREATE TABLE "learned_selectors" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "site" varchar(32) NOT NULL,
        "urlPattern" text NOT NULL,
        "selectorType" varchar(255) NOT NULL,
        "selector" text NOT NULL,
        "confidence" double precision NOT NULL DEFAULT 0,
        "successCount" integer NOT NULL DEFAULT 0,
        "failCount" integer NOT NULL DEFAULT 0,
        "lastUsed" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_learned_selectors" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_learned_selectors_site"
          CHECK ("site" IN ('zhaopin', 'zhipin', 'job51', 'liepin', 'lagou', 'other'))
      )`,
      `CREATE INDEX "IDX_learned_selectors_site_urlPattern_confidence"
        ON "learned_selectors" ("site", "urlPattern", "confidence" DESC)`,

      `CREATE TABLE "crawl_tasks" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(255) NOT NULL,
        "site" varchar(32),
        "keywords" text[] NOT NULL DEFAULT '{}',
        "targetUrls" text[] NOT NULL DEFAULT '{}',
        "status" varchar(32) NOT NULL DEFAULT 'pending',
        "crawlConfig" jsonb NOT NULL DEFAULT '{}',
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "lastRunAt" timestamptz,
        "createdBy" uuid,
        CONSTRAINT "PK_crawl_tasks" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_crawl_tasks_status" CHECK ("status" IN ('pending', 'running', 'completed', 'failed')),
        CONSTRAINT "CHK_crawl_tasks_site"
          CHECK ("site" IN ('zhaopin', 'zhipin', 'job51', 'liepin', 'lagou', 'other')),
        -- SET NULL: deleting a user account must not erase the crawl history it started.
        CONSTRAINT "FK_crawl_tasks_createdBy" FOREIGN KEY ("createdBy")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`,
      `CREATE INDEX "IDX_crawl_tasks_createdAt" ON "crawl_tasks" ("createdAt" DESC)`,
      `CREATE INDEX "IDX_crawl_tasks_status" ON "crawl_tasks" ("status")`,
      `CREATE INDEX "IDX_crawl_tasks_createdBy" ON "crawl_tasks" ("createdBy")`,

      `CREATE TABLE "crawl_results" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "taskId" uuid,
        "title" text NOT NULL,
        "company" text NOT NULL,
        "location" text,
        "salary" text,
        "description" text,
        "requirements" text,
        "skillTags" text[] NOT NULL DEFAULT '{}',
        "sourceUrl" text NOT NULL,
        "rawData" jsonb,
        "status" varchar(32) NOT NULL DEFAULT 'pending',
        "reviewFeedback" text,
        "extractedAt" timestamptz NOT NULL DEFAULT now(),
        "reviewedAt" timestamptz,
        "publishedAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_crawl_results" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_crawl_results_sourceUrl" UNIQUE ("sourceUrl"),
        CONSTRAINT "CHK_crawl_results_status"
          CHECK ("status" IN ('pending', 'approved', 'published', 'rejected')),
        -- SET NULL: results outlive their task (manual jobs have none at all).
        CONSTRAINT "FK_crawl_results_task" FOREIGN KEY ("taskId")
          REFERENCES "crawl_tasks" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`,
      `CREATE INDEX "IDX_crawl_results_createdAt" ON "crawl_results" ("createdAt" DESC)`,
      `CREATE INDEX "IDX_crawl_results_status" ON "crawl_results" ("status")`,
      `CREATE INDEX "IDX_crawl_results_taskId" ON "crawl_results" ("taskId")`,

      // ── jobs ─────────────────────────────────────────────────────────────
      `CREATE TABLE "published_jobs" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "crawlResultId" uuid,
        "title" text NOT NULL,
        "company" text NOT NULL,
        "companyLogo" text,
        "location" text,
        "remote" boolean NOT NULL DEFAULT false,
        "employmentType" varchar(32),
        "seniority" varchar(255),
        "salaryMin" integer,
        "salaryMax" integer,
        "salaryCurrency" varchar(3) NOT NULL DEFAULT 'CNY',
        "description" text,
        "requirements" text,
        "skillTags" text[] NOT NULL DEFAULT '{}',
        "sourceUrl" text NOT NULL,
        "postedAt" timestamptz,
        "publishedAt" timestamptz NOT NULL DEFAULT now(),
        "isActive" boolean NOT NULL DEFAULT true,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_published_jobs" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_published_jobs_crawlResultId" UNIQUE ("crawlResultId"),
        CONSTRAINT "CHK_published_jobs_employmentType"
          CHECK ("employmentType" IN ('full_time', 'part_time', 'contract', 'internship')),
        CONSTRAINT "CHK_published_jobs_salaryCurrency" CHECK ("salaryCurrency" ~ '^[A-Z]{3}$'),
        CONSTRAINT "CHK_published_jobs_salaryRange"
          CHECK ("salaryMin" >= 0 AND "salaryMax" >= 0 AND "salaryMin" <= "salaryMax"),
        -- SET NULL: clearing history deletes unpublished results; a published job always stays.
        CONSTRAINT "FK_published_jobs_crawlResult" FOREIGN KEY ("crawlResultId")
          REFERENCES "crawl_results" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`,
      `COMMENT ON COLUMN "published_jobs"."salaryMin" IS 'monthly salary lower bound in whole currency units (yuan for CNY)'`,
      `COMMENT ON COLUMN "published_jobs"."salaryMax" IS 'monthly salary upper bound in whole currency units (yuan for CNY)'`,
      `CREATE INDEX "IDX_published_jobs_createdAt" ON "published_jobs" ("createdAt" DESC)`,
      `CREATE INDEX "IDX_published_jobs_isActive_publishedAt" ON "published_jobs" ("isActive", "publishedAt" DESC)`,

      // ── wechat ───────────────────────────────────────────────────────────
      `CREATE TABLE "wechat_share_config" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "pageUrl" text NOT NULL,
        "title" varchar(100) NOT NULL,
        "description" varchar(200) NOT NULL,
        "imageUrl" text NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_wechat_share_config" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_wechat_share_config_pageUrl" UNIQUE ("pageUrl")
      )`,

      // ── students ─────────────────────────────────────────────────────────
      `CREATE TABLE "students" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(255) NOT NULL,
        "phone" varchar(255) NOT NULL,
        "email" varchar(255),
        "school" varchar(255),
        "major" varchar(255),
        "status" varchar(32) NOT NULL DEFAULT 'active',
        -- CURRENT_DATE, spelt the way TypeORM's schema comparison expects it.
        "enrollmentDate" date NOT NULL DEFAULT ('now'::text)::date,
        "graduationDate" date,
        "notes" text,
        "vpnAccount" varchar(255),
        "lovableAccount" varchar(255),
        "replitAccount" varchar(255),
        "traeAccount" varchar(255),
        "qoderAccount" varchar(255),
        "profilePhoto" text,
        "contractFiles" text[] NOT NULL DEFAULT '{}',
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_students" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_students_status"
          CHECK ("status" IN ('active', 'graduated', 'suspended', 'withdrawn'))
      )`,
      `CREATE INDEX "IDX_students_createdAt" ON "students" ("createdAt" DESC)`,
      `CREATE INDEX "IDX_students_status" ON "students" ("status")`,

      `CREATE TABLE "student_contracts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "studentId" uuid NOT NULL,
        "contractNumber" varchar(255) NOT NULL,
        "courseName" varchar(255) NOT NULL,
        "contractAmount" integer NOT NULL,
        "currency" varchar(3) NOT NULL DEFAULT 'CNY',
        "startDate" date NOT NULL,
        "endDate" date NOT NULL,
        "status" varchar(32) NOT NULL DEFAULT 'active',
        "contractFile" text,
        "signedDate" date,
        "notes" text,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_student_contracts" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_student_contracts_contractNumber" UNIQUE ("contractNumber"),
        CONSTRAINT "CHK_student_contracts_status" CHECK ("status" IN ('active', 'completed', 'terminated')),
        CONSTRAINT "CHK_student_contracts_currency" CHECK ("currency" ~ '^[A-Z]{3}$'),
        CONSTRAINT "CHK_student_contracts_contractAmount" CHECK ("contractAmount" >= 0),
        CONSTRAINT "CHK_student_contracts_dates" CHECK ("endDate" >= "startDate"),
        -- CASCADE: a contract belongs to its student and means nothing without one.
        CONSTRAINT "FK_student_contracts_student" FOREIGN KEY ("studentId")
          REFERENCES "students" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`,
      `COMMENT ON COLUMN "student_contracts"."contractAmount" IS 'amount in cents (1/100 of the currency unit)'`,
      `CREATE INDEX "IDX_student_contracts_studentId" ON "student_contracts" ("studentId")`,
      `CREATE INDEX "IDX_student_contracts_status" ON "student_contracts" ("status")`,

      `CREATE TABLE "student_payments" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "studentId" uuid NOT NULL,
        "contractId" uuid,
        "paymentNumber" varchar(255) NOT NULL,
        "amount" integer NOT NULL,
        "currency" varchar(3) NOT NULL DEFAULT 'CNY',
        "paymentMethod" varchar(32) NOT NULL,
        "paymentDate" date NOT NULL,
        "status" varchar(32) NOT NULL DEFAULT 'completed',
        "receipt" text,
        "notes" text,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_student_payments" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_student_payments_paymentNumber" UNIQUE ("paymentNumber"),
        CONSTRAINT "CHK_student_payments_status"
          CHECK ("status" IN ('pending', 'completed', 'failed', 'refunded')),
        CONSTRAINT "CHK_student_payments_paymentMethod"
          CHECK ("paymentMethod" IN ('cash', 'transfer', 'card', 'wechat', 'alipay')),
        CONSTRAINT "CHK_student_payments_currency" CHECK ("currency" ~ '^[A-Z]{3}$'),
        CONSTRAINT "CHK_student_payments_amount" CHECK ("amount" >= 0),
        -- CASCADE: payments are part of the student's record and go with it.
        CONSTRAINT "FK_student_payments_student" FOREIGN KEY ("studentId")
          REFERENCES "students" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        -- SET NULL: money received stays on record even if its contract is removed.
        CONSTRAINT "FK_student_payments_contract" FOREIGN KEY ("contractId")
          REFERENCES "student_contracts" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`,
      `COMMENT ON COLUMN "student_payments"."amount" IS 'amount in cents (1/100 of the currency unit)'`,
      `CREATE INDEX "IDX_student_payments_studentId" ON "student_payments" ("studentId")`,
      `CREATE INDEX "IDX_student_payments_contractId" ON "student_payments" ("contractId")`,

      `CREATE TABLE "student_accounts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "studentId" uuid NOT NULL,
        "username" varchar(255) NOT NULL,
        "email" varchar(255) NOT NULL,
        "password" varchar(255) NOT NULL,
        "status" varchar(32) NOT NULL DEFAULT 'active',
        "lastLogin" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_student_accounts" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_student_accounts_username" UNIQUE ("username"),
        CONSTRAINT "UQ_student_accounts_email" UNIQUE ("email"),
        CONSTRAINT "CHK_student_accounts_status" CHECK ("status" IN ('active', 'suspended', 'inactive')),
        -- CASCADE: a login for a student who no longer exists must not keep working.
        CONSTRAINT "FK_student_accounts_student" FOREIGN KEY ("studentId")
          REFERENCES "students" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`,
      `COMMENT ON COLUMN "student_accounts"."password" IS 'password hash, never the plain password'`,
      `CREATE INDEX "IDX_student_accounts_studentId" ON "student_accounts" ("studentId")`,

      // ── sessions: connect-pg-simple's table.sql, names included ──────────
      `CREATE TABLE "session" (
        "sid" varchar NOT NULL,
        "sess" json NOT NULL,
        "expire" timestamp(6) NOT NULL,
        CONSTRAINT "session_pkey" PRIMARY KEY ("sid")
      )`,
      `CREATE INDEX "IDX_session_expire" ON "session" ("expire")`,
    ];
    for (const statement of statements) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Children before parents; dropping a table drops its indexes and constraints.
    const tables = [
      'session',
      'student_accounts',
      'student_payments',
      'student_contracts',
      'students',
      'wechat_share_config',
      'published_jobs',
      'crawl_results',
      'crawl_tasks',
      'learned_selectors',
      'contact_messages',
      'registrations',
      'admin_config',
      'users',
    ];
    for (const table of tables) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
