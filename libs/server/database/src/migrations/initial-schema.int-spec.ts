import { AUDIT_ACTOR_KINDS, CONTACT_SUBJECTS, FOLLOW_UP_KINDS, CONTRACT_STATUSES, NOTIFICATION_CALL_STATUSES, NOTIFICATION_CALL_TRIGGERS, PHONE_PROVIDERS, CRAWL_RESULT_STATUSES, CRAWL_SITES, CRAWL_TASK_STATUSES, EMPLOYMENT_TYPES, JOB_CHECK_OUTCOMES, JOB_CLOSED_REASONS, LEAD_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, SEARCH_SITES, STUDENT_ACCOUNT_KINDS, STUDENT_ACCOUNT_STATUSES, STUDENT_STATUSES } from '@aipm/contracts';
import { DataSource } from 'typeorm';
import { User } from '../auth/user.entity';
import { CrawlTask } from '../crawler/crawl-task.entity';
import { ALL_MIGRATIONS, createDataSourceOptions } from '../data-source';
import { PublishedJob } from '../jobs/published-job.entity';
import { StudentContract } from '../students/student-contract.entity';
import { StudentPayment } from '../students/student-payment.entity';
import { Student } from '../students/student.entity';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { InitialSchema1763800000000 } from './1763800000000-initial-schema';

const DATA_MODEL_TABLES = [
  'admin_config',
  'attendance',
  'audit_log',
  'backup_runs',
  'change_markers',
  'cohorts',
  'contact_messages',
  'crawl_result_sightings',
  'crawl_results',
  'crawl_runs',
  'crawl_tasks',
  'crawler_site_sessions',
  'follow_ups',
  'landing_publications',
  'lead_import_batches',
  'lead_import_rows',
  'lead_merges',
  'lead_notifications',
  'learned_selectors',
  'login_failures_hourly',
  'notification_call_details',
  'notification_call_leads',
  'notification_calls',
  'published_jobs',
  'registrations',
  'session',
  'stored_uploads',
  'student_accounts',
  'student_contracts',
  'student_files',
  'student_outcomes',
  'student_password_resets',
  'student_payments',
  'students',
  'users',
  'wechat_share_config',
];

describe(InitialSchema1763800000000.name, () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  const rows = <T>(sql: string, parameters: unknown[] = []): Promise<T[]> => dataSource.query(sql, parameters);

  const publicTables = async (): Promise<string[]> =>
    (
      await rows<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      )
    ).map((row) => row.table_name);

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = new DataSource(createDataSourceOptions(database.url));
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
  });

  afterAll(async () => {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await database?.drop();
  });

  it('creates every table of the data model', async () => {
    expect(await publicTables()).toEqual([...DATA_MODEL_TABLES, 'migrations'].sort());
  });

  it('creates the session table exactly as connect-pg-simple expects', async () => {
    const columns = await rows<{ column_name: string; data_type: string; is_nullable: string; datetime_precision: number | null }>(
      `SELECT column_name, data_type, is_nullable, datetime_precision FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = 'session' ORDER BY ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: 'sid', data_type: 'character varying', is_nullable: 'NO', datetime_precision: null },
      { column_name: 'sess', data_type: 'json', is_nullable: 'NO', datetime_precision: null },
      { column_name: 'expire', data_type: 'timestamp without time zone', is_nullable: 'NO', datetime_precision: 6 },
    ]);
    const [primaryKey] = await rows<{ conname: string }>(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'public.session'::regclass AND contype = 'p'`,
    );
    expect(primaryKey.conname).toBe('session_pkey');
  });

  it('names every unique constraint', async () => {
    const uniques = await rows<{ table: string; name: string; columns: string }>(
      `SELECT c.conrelid::regclass::text AS "table", c.conname AS name,
              string_agg(a.attname, ',' ORDER BY a.attnum) AS columns
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
       WHERE c.contype = 'u' AND c.connamespace = 'public'::regnamespace
       GROUP BY 1, 2 ORDER BY 2`,
    );
    expect(uniques).toEqual(
      [
        { table: 'admin_config', name: 'UQ_admin_config_key', columns: 'key' },
        { table: 'crawl_results', name: 'UQ_crawl_results_sourceUrl', columns: 'sourceUrl' },
        { table: 'crawl_runs', name: 'UQ_crawl_runs_jobId_site', columns: 'jobId,site' },
        { table: 'lead_notifications', name: 'UQ_lead_notifications_contactMessageId', columns: 'contactMessageId' },
        { table: 'lead_notifications', name: 'UQ_lead_notifications_registrationId', columns: 'registrationId' },
        { table: 'published_jobs', name: 'UQ_published_jobs_crawlResultId', columns: 'crawlResultId' },
        { table: 'student_contracts', name: 'UQ_student_contracts_contractNumber', columns: 'contractNumber' },
        { table: 'student_files', name: 'UQ_student_files_accessUrl', columns: 'accessUrl' },
        { table: 'student_password_resets', name: 'UQ_student_password_resets_tokenHash', columns: 'tokenHash' },
        { table: 'student_payments', name: 'UQ_student_payments_paymentNumber', columns: 'paymentNumber' },
        { table: 'users', name: 'UQ_users_email', columns: 'email' },
        { table: 'wechat_share_config', name: 'UQ_wechat_share_config_pageUrl', columns: 'pageUrl' },
      ].sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
  });

  it('links tables with the intended ON DELETE rules', async () => {
    const foreignKeys = await rows<{ name: string; table: string; column: string; references: string; onDelete: string }>(
      `SELECT c.conname AS name, c.conrelid::regclass::text AS "table", a.attname AS "column",
              c.confrelid::regclass::text AS "references",
              CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'r' THEN 'RESTRICT'
                                 WHEN 'd' THEN 'SET DEFAULT' ELSE 'NO ACTION' END AS "onDelete"
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace ORDER BY c.conname`,
    );
    expect(foreignKeys).toEqual([
      // A mark is part of its cohort's and its student's record (docs/product/cohorts.md#attendance).
      { name: 'FK_attendance_cohort', table: 'attendance', column: 'cohortId', references: 'cohorts', onDelete: 'CASCADE' },
      { name: 'FK_attendance_student', table: 'attendance', column: 'studentId', references: 'students', onDelete: 'CASCADE' },
      // A merge is undone by hand; a merged lead stands alone again when its merge goes with the other lead (ADR 072).
      { name: 'FK_contact_messages_merge', table: 'contact_messages', column: 'mergeId', references: 'lead_merges', onDelete: 'SET NULL' },
      // A lead keeps its history when its student is deleted (docs/product/students.md#enrol-a-lead).
      { name: 'FK_contact_messages_student', table: 'contact_messages', column: 'studentId', references: 'students', onDelete: 'SET NULL' },
      { name: 'FK_crawl_result_sightings_result', table: 'crawl_result_sightings', column: 'resultId', references: 'crawl_results', onDelete: 'CASCADE' },
      { name: 'FK_crawl_result_sightings_task', table: 'crawl_result_sightings', column: 'taskId', references: 'crawl_tasks', onDelete: 'CASCADE' },
      { name: 'FK_crawl_results_task', table: 'crawl_results', column: 'taskId', references: 'crawl_tasks', onDelete: 'SET NULL' },
      { name: 'FK_crawl_runs_task', table: 'crawl_runs', column: 'taskId', references: 'crawl_tasks', onDelete: 'SET NULL' },
      { name: 'FK_crawl_tasks_createdBy', table: 'crawl_tasks', column: 'createdBy', references: 'users', onDelete: 'SET NULL' },
      // A lead's follow-ups go with it (an erasure, ADR 073).
      { name: 'FK_follow_ups_contactMessage', table: 'follow_ups', column: 'contactMessageId', references: 'contact_messages', onDelete: 'CASCADE' },
      { name: 'FK_follow_ups_registration', table: 'follow_ups', column: 'registrationId', references: 'registrations', onDelete: 'CASCADE' },
      // An import's rows go with their batch, and with their lead (an erasure leaves no before-image behind; ADR 075).
      { name: 'FK_lead_import_rows_batch', table: 'lead_import_rows', column: 'batchId', references: 'lead_import_batches', onDelete: 'CASCADE' },
      { name: 'FK_lead_import_rows_registration', table: 'lead_import_rows', column: 'registrationId', references: 'registrations', onDelete: 'CASCADE' },
      // A merge holds copies of both leads: it goes with either of them (erasure included).
      { name: 'FK_lead_merges_mergedMessage', table: 'lead_merges', column: 'mergedMessageId', references: 'contact_messages', onDelete: 'CASCADE' },
      { name: 'FK_lead_merges_mergedRegistration', table: 'lead_merges', column: 'mergedRegistrationId', references: 'registrations', onDelete: 'CASCADE' },
      { name: 'FK_lead_merges_survivorMessage', table: 'lead_merges', column: 'survivorMessageId', references: 'contact_messages', onDelete: 'CASCADE' },
      { name: 'FK_lead_merges_survivorRegistration', table: 'lead_merges', column: 'survivorRegistrationId', references: 'registrations', onDelete: 'CASCADE' },
      { name: 'FK_lead_notifications_call', table: 'lead_notifications', column: 'callId', references: 'notification_calls', onDelete: 'SET NULL' },
      { name: 'FK_lead_notifications_contactMessage', table: 'lead_notifications', column: 'contactMessageId', references: 'contact_messages', onDelete: 'CASCADE' },
      { name: 'FK_lead_notifications_registration', table: 'lead_notifications', column: 'registrationId', references: 'registrations', onDelete: 'CASCADE' },
      { name: 'FK_notification_call_details_call', table: 'notification_call_details', column: 'callId', references: 'notification_calls', onDelete: 'CASCADE' },
      { name: 'FK_notification_call_leads_call', table: 'notification_call_leads', column: 'callId', references: 'notification_calls', onDelete: 'CASCADE' },
      {
        name: 'FK_notification_call_leads_lead',
        table: 'notification_call_leads',
        column: 'leadNotificationId',
        references: 'lead_notifications',
        onDelete: 'CASCADE',
      },
      {
        name: 'FK_published_jobs_crawlResult',
        table: 'published_jobs',
        column: 'crawlResultId',
        references: 'crawl_results',
        onDelete: 'SET NULL',
      },
      { name: 'FK_registrations_merge', table: 'registrations', column: 'mergeId', references: 'lead_merges', onDelete: 'SET NULL' },
      { name: 'FK_registrations_student', table: 'registrations', column: 'studentId', references: 'students', onDelete: 'SET NULL' },
      { name: 'FK_student_accounts_student', table: 'student_accounts', column: 'studentId', references: 'students', onDelete: 'CASCADE' },
      {
        name: 'FK_student_contracts_student',
        table: 'student_contracts',
        column: 'studentId',
        references: 'students',
        onDelete: 'CASCADE',
      },
      { name: 'FK_student_files_contract', table: 'student_files', column: 'contractId', references: 'student_contracts', onDelete: 'SET NULL' },
      // A removed outcome's evidence stays with the student (docs/product/outcomes.md#evidence).
      { name: 'FK_student_files_outcome', table: 'student_files', column: 'outcomeId', references: 'student_outcomes', onDelete: 'SET NULL' },
      { name: 'FK_student_files_student', table: 'student_files', column: 'studentId', references: 'students', onDelete: 'CASCADE' },
      { name: 'FK_student_outcomes_student', table: 'student_outcomes', column: 'studentId', references: 'students', onDelete: 'CASCADE' },
      { name: 'FK_student_password_resets_account', table: 'student_password_resets', column: 'accountId', references: 'student_accounts', onDelete: 'CASCADE' },
      {
        name: 'FK_student_payments_contract',
        table: 'student_payments',
        column: 'contractId',
        references: 'student_contracts',
        onDelete: 'SET NULL',
      },
      { name: 'FK_student_payments_student', table: 'student_payments', column: 'studentId', references: 'students', onDelete: 'CASCADE' },
      // A cohort with students is not deleted (docs/product/cohorts.md).
      { name: 'FK_students_cohort', table: 'students', column: 'cohortId', references: 'cohorts', onDelete: 'RESTRICT' },
    ]);
  });

  it('creates every named index the admin lists and lookups need', async () => {
    const indexes = await rows<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE schemaname = 'public' AND indexname LIKE 'IDX\\_%' ORDER BY indexname`,
    );
    // Index definition as PostgreSQL prints it, from "ON" onwards.
    const expected: Record<string, string> = {
      IDX_contact_messages_createdAt_id: 'contact_messages USING btree ("createdAt" DESC NULLS LAST, id DESC)',
      IDX_contact_messages_phoneGrams: 'contact_messages USING gin ("phoneGrams")',
      IDX_contact_messages_searchGrams: 'contact_messages USING gin ("searchGrams")',
      IDX_attendance_studentId: 'attendance USING btree ("studentId")',
      IDX_audit_log_action_createdAt: 'audit_log USING btree (action, "createdAt" DESC)',
      IDX_audit_log_actorId_createdAt: 'audit_log USING btree ("actorId", "createdAt" DESC)',
      IDX_audit_log_createdAt_id: 'audit_log USING btree ("createdAt" DESC, id DESC)',
      IDX_audit_log_entity_createdAt: 'audit_log USING btree (entity, "createdAt" DESC)',
      IDX_audit_log_entityId_createdAt: 'audit_log USING btree ("entityId", "createdAt" DESC)',
      IDX_backup_runs_finished: 'backup_runs USING btree ("finishedAt")',
      IDX_cohorts_startDate: 'cohorts USING btree ("startDate")',
      IDX_contact_messages_email: 'contact_messages USING btree (email)',
      IDX_contact_messages_mergeId: 'contact_messages USING btree ("mergeId")',
      IDX_contact_messages_phoneNormalized: 'contact_messages USING btree ("phoneNormalized")',
      IDX_contact_messages_status_createdAt_id: 'contact_messages USING btree (status, "createdAt" DESC NULLS LAST, id DESC)',
      IDX_contact_messages_studentId: 'contact_messages USING btree ("studentId")',
      IDX_contact_messages_subject_createdAt_id: 'contact_messages USING btree (subject, "createdAt" DESC NULLS LAST, id DESC)',
      IDX_crawl_result_sightings_taskId_item: 'crawl_result_sightings USING btree ("taskId", "itemCreatedAt" DESC, "itemId") INCLUDE ("itemStatus")',
      IDX_crawl_results_dedupeKey_status_createdAt_id: 'crawl_results USING btree ("dedupeKey", status, "createdAt", id)',
      IDX_crawl_results_representatives_createdAt_id: 'crawl_results USING btree ("createdAt" DESC, id) WHERE "isRepresentative"',
      IDX_crawl_results_representatives_dedupeKey: 'crawl_results USING btree ("dedupeKey") WHERE "isRepresentative"',
      IDX_crawl_results_representatives_site_createdAt_id: 'crawl_results USING btree (site, "createdAt" DESC, id) WHERE "isRepresentative"',
      IDX_crawl_results_representatives_status_createdAt_id: 'crawl_results USING btree (status, "createdAt" DESC, id) WHERE "isRepresentative"',
      IDX_crawl_results_taskId: 'crawl_results USING btree ("taskId")',
      IDX_crawl_runs_site_finishedAt: 'crawl_runs USING btree (site, "finishedAt" DESC)',
      IDX_crawl_runs_taskId: 'crawl_runs USING btree ("taskId")',
      IDX_crawl_tasks_createdAt: 'crawl_tasks USING btree ("createdAt" DESC)',
      IDX_crawl_tasks_createdBy: 'crawl_tasks USING btree ("createdBy")',
      IDX_crawl_tasks_status: 'crawl_tasks USING btree (status)',
      IDX_follow_ups_contactMessageId_dueAt: 'follow_ups USING btree ("contactMessageId", "dueAt")',
      IDX_follow_ups_open_dueAt_id: 'follow_ups USING btree ("dueAt", id) WHERE ("doneAt" IS NULL)',
      IDX_follow_ups_registrationId_dueAt: 'follow_ups USING btree ("registrationId", "dueAt")',
      IDX_lead_import_batches_createdAt_id: 'lead_import_batches USING btree ("createdAt" DESC NULLS LAST, id DESC)',
      IDX_lead_import_rows_registrationId: 'lead_import_rows USING btree ("registrationId")',
      IDX_lead_merges_mergedMessageId: 'lead_merges USING btree ("mergedMessageId")',
      IDX_lead_merges_mergedRegistrationId: 'lead_merges USING btree ("mergedRegistrationId")',
      IDX_lead_merges_survivorMessageId: 'lead_merges USING btree ("survivorMessageId")',
      IDX_lead_merges_survivorRegistrationId: 'lead_merges USING btree ("survivorRegistrationId")',
      IDX_lead_notifications_announcedAt_createdAt: 'lead_notifications USING btree ("announcedAt", "createdAt")',
      IDX_lead_notifications_callId: 'lead_notifications USING btree ("callId")',
      IDX_lead_notifications_enqueuedAt_createdAt: 'lead_notifications USING btree ("enqueuedAt", "createdAt")',
      IDX_learned_selectors_site_urlPattern_confidence: 'learned_selectors USING btree (site, "urlPattern", confidence DESC)',
      IDX_notification_call_leads_leadNotificationId: 'notification_call_leads USING btree ("leadNotificationId")',
      IDX_notification_calls_calledNumber_createdAt: 'notification_calls USING btree ("calledNumber", "createdAt" DESC)',
      IDX_notification_calls_createdAt: 'notification_calls USING btree ("createdAt" DESC)',
      IDX_published_jobs_createdAt: 'published_jobs USING btree ("createdAt" DESC)',
      IDX_published_jobs_isActive_publishedAt: 'published_jobs USING btree ("isActive", "publishedAt" DESC)',
      IDX_registrations_createdAt_id: 'registrations USING btree ("createdAt" DESC NULLS LAST, id DESC)',
      IDX_registrations_phoneGrams: 'registrations USING gin ("phoneGrams")',
      IDX_registrations_searchGrams: 'registrations USING gin ("searchGrams")',
      IDX_registrations_email: 'registrations USING btree (email)',
      IDX_registrations_mergeId: 'registrations USING btree ("mergeId")',
      IDX_registrations_phoneNormalized_createdAt: 'registrations USING btree ("phoneNormalized", "createdAt" DESC)',
      IDX_registrations_status_createdAt_id: 'registrations USING btree (status, "createdAt" DESC NULLS LAST, id DESC)',
      IDX_registrations_studentId: 'registrations USING btree ("studentId")',
      IDX_session_expire: 'session USING btree (expire)',
      IDX_student_accounts_studentId: 'student_accounts USING btree ("studentId")',
      IDX_student_contracts_status: 'student_contracts USING btree (status)',
      IDX_student_contracts_studentId_createdAt: 'student_contracts USING btree ("studentId", "createdAt" DESC)',
      IDX_student_files_contractId: 'student_files USING btree ("contractId")',
      IDX_student_files_outcomeId: 'student_files USING btree ("outcomeId")',
      IDX_student_files_studentId_createdAt: 'student_files USING btree ("studentId", "createdAt")',
      IDX_student_outcomes_pending: `student_outcomes USING btree ("createdAt") WHERE (("reviewState")::text = 'pending'::text)`,
      IDX_student_outcomes_studentId_date: 'student_outcomes USING btree ("studentId", date)',
      IDX_student_password_resets_accountId: 'student_password_resets USING btree ("accountId")',
      IDX_student_payments_contractId: 'student_payments USING btree ("contractId")',
      IDX_student_payments_paymentDate: 'student_payments USING btree ("paymentDate")',
      IDX_student_payments_studentId_paymentDate: 'student_payments USING btree ("studentId", "paymentDate" DESC, "createdAt" DESC)',
      IDX_students_cohortId: 'students USING btree ("cohortId")',
      IDX_students_createdAt_id: 'students USING btree ("createdAt" DESC NULLS LAST, id DESC)',
      IDX_students_email: 'students USING btree (email)',
      IDX_students_email_lower: 'students USING btree (lower((email)::text))',
      IDX_students_phoneNormalized: 'students USING btree ("phoneNormalized")',
      IDX_students_phoneGrams: 'students USING gin ("phoneGrams")',
      IDX_students_searchGrams: 'students USING gin ("searchGrams")',
      IDX_students_status_createdAt_id: 'students USING btree (status, "createdAt" DESC NULLS LAST, id DESC)',
    };
    expect(Object.fromEntries(indexes.map((index) => [index.name, index.definition.replace(/^.* ON public\./, '')]))).toEqual(
      expected,
    );
  });

  it('keeps 1,000 statistics entries for the search grams, so the planner estimates rare grams (SearchGramStatistics)', async () => {
    const targets = await rows<{ target: string }>(
      `SELECT attrelid::regclass || '.' || attname || ' ' || attstattarget AS target FROM pg_attribute
       WHERE attname IN ('searchGrams', 'phoneGrams') AND attrelid::regclass::text IN ('registrations', 'contact_messages', 'students')
       ORDER BY 1`,
    );
    expect(targets.map((row) => row.target)).toEqual(
      ['contact_messages', 'registrations', 'students'].flatMap((table) => [`${table}.phoneGrams 1000`, `${table}.searchGrams 1000`]),
    );
  });

  it('limits every enum-like column to the values of its contracts enum', async () => {
    const checks = await rows<{ name: string; definition: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE contype = 'c' AND connamespace = 'public'::regnamespace`,
    );
    const allowedValues = (name: string): string[] => {
      const check = checks.find((candidate) => candidate.name === name);
      if (!check) throw new Error(`missing check constraint ${name}`);
      return [...check.definition.matchAll(/'([^']*)'::/g)].map((match) => match[1]).sort();
    };
    const enumChecks: Record<string, readonly string[]> = {
      CHK_contact_messages_subject: CONTACT_SUBJECTS,
      CHK_contact_messages_status: LEAD_STATUSES,
      CHK_registrations_status: LEAD_STATUSES,
      CHK_learned_selectors_site: CRAWL_SITES,
      CHK_crawl_tasks_site: CRAWL_SITES,
      CHK_crawl_tasks_status: CRAWL_TASK_STATUSES,
      CHK_crawl_results_status: CRAWL_RESULT_STATUSES,
      CHK_crawl_results_site: CRAWL_SITES,
      CHK_crawl_runs_site: CRAWL_SITES,
      CHK_crawl_runs_status: ['completed', 'failed'],
      CHK_crawler_site_sessions_site: SEARCH_SITES,
      CHK_published_jobs_employmentType: EMPLOYMENT_TYPES,
      CHK_published_jobs_closedReason: JOB_CLOSED_REASONS,
      CHK_published_jobs_sourceCheckOutcome: JOB_CHECK_OUTCOMES,
      CHK_students_status: STUDENT_STATUSES,
      CHK_student_contracts_status: CONTRACT_STATUSES,
      CHK_student_payments_status: PAYMENT_STATUSES,
      CHK_student_payments_paymentMethod: PAYMENT_METHODS,
      CHK_student_accounts_status: STUDENT_ACCOUNT_STATUSES,
      CHK_student_accounts_kind: STUDENT_ACCOUNT_KINDS,
      CHK_audit_log_actorKind: AUDIT_ACTOR_KINDS,
      CHK_notification_calls_provider: PHONE_PROVIDERS,
      CHK_notification_calls_status: NOTIFICATION_CALL_STATUSES,
      CHK_notification_calls_trigger: NOTIFICATION_CALL_TRIGGERS,
      CHK_follow_ups_kind: FOLLOW_UP_KINDS,
    };
    for (const [name, values] of Object.entries(enumChecks)) {
      expect({ name, values: allowedValues(name) }).toEqual({ name, values: [...values].sort() });
    }
  });

  it('fills the defaults of the data model', async () => {
    const user = await dataSource.getRepository(User).save({ email: 'admin@example.com', password: 'hash' });
    const task = await dataSource.getRepository(CrawlTask).save({ name: 'AI产品经理 长沙' });
    const job = await dataSource
      .getRepository(PublishedJob)
      .save({ title: 'AI产品经理', company: '某科技', sourceUrl: 'https://example.com/jobs/1' });
    const student = await dataSource.getRepository(Student).save({ name: '张三', phone: '13800000000' });
    const contract = await dataSource.getRepository(StudentContract).save({
      studentId: student.id,
      contractNumber: 'C-2025-001',
      courseName: 'AI产品经理训练营',
      contractAmount: 1_980_000,
      startDate: '2025-09-20',
      endDate: '2025-10-25',
    });
    const payment = await dataSource.getRepository(StudentPayment).save({
      studentId: student.id,
      paymentNumber: 'PAY-20250901-AB12CD',
      amount: 1_980_000,
      paymentMethod: 'transfer',
      paymentDate: '2025-09-01',
    });

    const [today] = await rows<{ today: string }>(`SELECT CURRENT_DATE::text AS today`);
    expect(await dataSource.getRepository(User).findOneByOrFail({ id: user.id })).toMatchObject({ isAdmin: false });
    expect(await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: task.id })).toMatchObject({
      status: 'pending',
      keywords: [],
      targetUrls: [],
      crawlConfig: {},
      maxResults: 100,
      createdBy: null,
    });
    expect(await dataSource.getRepository(PublishedJob).findOneByOrFail({ id: job.id })).toMatchObject({
      remote: false,
      isActive: true,
      salaryCurrency: 'CNY',
      skillTags: [],
    });
    expect(await dataSource.getRepository(Student).findOneByOrFail({ id: student.id })).toMatchObject({
      status: 'active',
      enrollmentDate: today.today,
    });
    expect(await dataSource.getRepository(StudentContract).findOneByOrFail({ id: contract.id })).toMatchObject({
      currency: 'CNY',
      status: 'active',
    });
    expect(await dataSource.getRepository(StudentPayment).findOneByOrFail({ id: payment.id })).toMatchObject({
      currency: 'CNY',
      status: 'completed',
      amount: 1_980_000,
      contractId: null,
    });
  });

  it('rejects a negative payment amount and an unknown status', async () => {
    const [student] = await rows<{ id: string }>(`INSERT INTO students (name, phone) VALUES ('李四', '13900000000') RETURNING id`);
    await expect(
      rows(
        `INSERT INTO student_payments ("studentId", "paymentNumber", amount, "paymentMethod", "paymentDate")
         VALUES ($1, 'PAY-NEG', -1, 'cash', '2025-09-01')`,
        [student.id],
      ),
    ).rejects.toThrow(/CHK_student_payments_amount/);
    await expect(rows(`UPDATE students SET status = 'expelled' WHERE id = $1`, [student.id])).rejects.toThrow(
      /CHK_students_status/,
    );
  });

  it('removes a student with its contracts, payments and accounts, and keeps payments of a removed contract', async () => {
    const [student] = await rows<{ id: string }>(`INSERT INTO students (name, phone) VALUES ('王五', '13700000000') RETURNING id`);
    const [contract] = await rows<{ id: string }>(
      `INSERT INTO student_contracts ("studentId", "contractNumber", "courseName", "contractAmount", "startDate", "endDate")
       VALUES ($1, 'C-WW', 'AI产品经理训练营', 0, '2025-09-20', '2025-10-25') RETURNING id`,
      [student.id],
    );
    await rows(
      `INSERT INTO student_payments ("studentId", "contractId", "paymentNumber", amount, "paymentMethod", "paymentDate")
       VALUES ($1, $2, 'PAY-WW', 100, 'cash', '2025-09-01')`,
      [student.id, contract.id],
    );
    await rows(`INSERT INTO student_accounts ("studentId", username, email, password) VALUES ($1, 'wangwu', 'ww@example.com', 'hash')`, [
      student.id,
    ]);

    await rows(`DELETE FROM student_contracts WHERE id = $1`, [contract.id]);
    expect(await rows(`SELECT "contractId" FROM student_payments WHERE "paymentNumber" = 'PAY-WW'`)).toEqual([{ contractId: null }]);

    await rows(`DELETE FROM students WHERE id = $1`, [student.id]);
    const [left] = await rows<{ payments: number; accounts: number }>(
      `SELECT (SELECT count(*)::int FROM student_payments WHERE "studentId" = $1) AS payments,
              (SELECT count(*)::int FROM student_accounts WHERE "studentId" = $1) AS accounts`,
      [student.id],
    );
    expect(left).toEqual({ payments: 0, accounts: 0 });
  });

  it('registers a lead in one call: a new lead with its phone call, then a repeat that fills what it lacked (RegisterLeadFunction)', async () => {
    const register = (email: string | null, goals: string | null) =>
      rows<{ lead_id: string; outcome: string }>(
        `SELECT * FROM aipm_register_lead('+8613600009999', 24, $1, $2, '赵六', '13600009999', '中南大学', '计算机', '{"utm_source":"wechat"}', 'v1', now(), '127.0.0.1', 'jest')`,
        [email, goals],
      );
    const [created] = await register(null, null);
    expect(created.outcome).toBe('new');
    const [repeated] = await register('zl@example.com', '转岗');
    expect(repeated).toEqual({ lead_id: created.lead_id, outcome: 'repeat' });

    const [lead] = await rows<Record<string, unknown>>(`SELECT email, goals, "repeatCount", source FROM registrations WHERE id = $1`, [created.lead_id]);
    expect(lead).toEqual({ email: 'zl@example.com', goals: '转岗', repeatCount: 1, source: { utm_source: 'wechat' } });
    expect(await rows(`SELECT "registrationId" FROM lead_notifications WHERE "registrationId" = $1`, [created.lead_id])).toHaveLength(1);

    // Outside the window the same phone is a new lead.
    await rows(`UPDATE registrations SET "createdAt" = now() - interval '25 hours' WHERE id = $1`, [created.lead_id]);
    const [later] = await register(null, null);
    expect(later.outcome).toBe('new');
    expect(later.lead_id).not.toBe(created.lead_id);
  });

  it('matches the entity metadata exactly (no schema drift)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('undoes itself completely and applies again', async () => {
    // Later migrations build on this one: undo them all, newest first, down to an empty schema.
    for (let index = 0; index < ALL_MIGRATIONS.length; index += 1) await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await publicTables()).toEqual(['migrations']);

    await dataSource.runMigrations({ transaction: 'each' });
    expect(await publicTables()).toEqual([...DATA_MODEL_TABLES, 'migrations'].sort());
    expect((await dataSource.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  });
});
