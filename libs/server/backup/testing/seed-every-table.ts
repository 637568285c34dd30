import type { Client } from 'pg';

/**
 * One or more rows in every table of the schema, of every kind the product writes (leads and their calls, the
 * crawler's tasks, runs and results, students with cohorts, attendance, contracts, payments, files and outcomes, the
 * administrator, sessions, settings, the landing's publications, the audit log), with the value types that a dump must carry across: Chinese
 * text, JSON, arrays, nulls, timestamps, numerics. The restore drill checks afterwards that no table of the schema is
 * empty, so a table added later fails the drill, by name, until a row of it is seeded here.
 */
export async function seedEveryTable(sql: Client, fileKeys: { contract: string; evidence: string }): Promise<void> {
  const one = async (text: string, values: unknown[] = []) => (await sql.query<{ id: string }>(text, values)).rows[0]!.id;

  const adminId = await one(`INSERT INTO users (email, password, "mustChangePassword") VALUES ('admin@example.com', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA', false) RETURNING id`);
  await sql.query(`INSERT INTO session (sid, sess, expire) VALUES ('drill-session', $1, now() + interval '1 day')`, [JSON.stringify({ cookie: { httpOnly: true }, adminId, realm: 'admin' })]);
  await sql.query(`INSERT INTO login_failures_hourly (hour, ip, "accountExists", failures) VALUES (date_trunc('hour', now()), '203.0.113.7', false, 3)`);
  await sql.query(
    `INSERT INTO admin_config (key, value) VALUES ('site_cohort_month', '2027-03'), ('site_address', '湖南省长沙市岳麓区麓谷大道 668 号'), ('request_delay', '5000')`,
  );
  await sql.query(`INSERT INTO landing_publications (content, "publishedBy", "restoredFrom") VALUES ($1, NULL, NULL), ($1, 'admin@example.com', 1)`, [
    JSON.stringify({ faq: { items: [{ question: { zh: '没有技术背景可以参加吗？', en: 'Can I join without a technical background?' } }] } }),
  ]);
  await sql.query(`INSERT INTO wechat_share_config ("pageUrl", title, description, "imageUrl") VALUES ('https://aipm.example.com/', 'AI 产品经理训练营', '35 天，成为 AI 产品经理', 'https://aipm.example.com/og.png')`);

  // Leads, their notification and the call that announced them.
  const cohortId = await one(`INSERT INTO cohorts (name, "startDate", "moduleDays", capacity, status, "daysOff") VALUES ('2026年3月期', '2026-03-02', '{2,6,7,4,3,9,4}', 30, 'finished', '{2026-04-05}') RETURNING id`);
  const studentId = await one(
    `INSERT INTO students (name, phone, email, school, major, status, "enrollmentDate", "graduationDate", notes, "cohortId")
     VALUES ('王一', '13800138000', 'wangyi@example.com', '中南大学', '软件工程', 'graduated', '2026-02-20', '2026-04-12', '备注：“引号”与 emoji 🎓', $1) RETURNING id`,
    [cohortId],
  );
  await one(`INSERT INTO students (name, phone, status) VALUES ('李二', '+8613900139000', 'active') RETURNING id`);
  const registrationId = await one(
    `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, goals, status, source, "agreementVersion", "agreedAt", "studentId", "firstContactedAt")
     VALUES ('王一', '138 0013 8000', '+8613800138000', 'wangyi@example.com', '中南大学', '软件工程', '转行 AI 产品', 'enrolled', $1, '2025-08-13', now(), $2, now()) RETURNING id`,
    [JSON.stringify({ utm_source: 'wechat', landingPath: '/?utm_source=wechat' }), studentId],
  );
  const messageId = await one(
    `INSERT INTO contact_messages (name, phone, "phoneNormalized", subject, message, status, "statusReason", "statusNote") VALUES ('张三', '13700137000', '+8613700137000', 'pricing', '学费可以分期吗？', 'lost', 'budget', '明年再说') RETURNING id`,
  );
  // Follow-ups: one done with its result, one still open.
  await sql.query(
    `INSERT INTO follow_ups ("registrationId", "dueAt", kind, note, result, "doneAt") VALUES ($1, now() - interval '1 day', 'phone', '问清楚每周能投入的时间', '已沟通，周末来面谈', now())`,
    [registrationId],
  );
  await sql.query(`INSERT INTO follow_ups ("contactMessageId", "dueAt", kind) VALUES ($1, now() + interval '1 day', 'wechat')`, [messageId]);
  // A second registration of 王一, merged into the first (ADR 072): both rows as they were, in the merge.
  const duplicateId = await one(
    `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, status) VALUES ('王一', '13800138000', '+8613800138000', 'wangyi@example.com', '中南大学', '软件工程', 'new') RETURNING id`,
  );
  const image = JSON.stringify({ survivor: { id: registrationId, name: '王一' }, merged: { id: duplicateId, name: '王一' } });
  const mergeId = await one(
    `INSERT INTO lead_merges ("survivorRegistrationId", "mergedRegistrationId", before, after) VALUES ($1, $2, $3, $3) RETURNING id`,
    [registrationId, duplicateId, image],
  );
  await sql.query(`UPDATE registrations SET "mergeId" = $1 WHERE id = $2`, [mergeId, duplicateId]);
  const callId = await one(`INSERT INTO notification_calls (provider, status, trigger, "calledNumber", "leadCount", "providerCallId", "durationSeconds") VALUES ('aliyun', 'placed', 'batch', '+8673188886666', 2, 'call-1', 31) RETURNING id`);
  const firstNotice = await one(`INSERT INTO lead_notifications ("registrationId", "callId", "announcedAt") VALUES ($1, $2, now()) RETURNING id`, [registrationId, callId]);
  await one(`INSERT INTO lead_notifications ("contactMessageId") VALUES ($1) RETURNING id`, [messageId]);
  await sql.query(`INSERT INTO notification_call_leads ("callId", "leadNotificationId") VALUES ($1, $2)`, [callId, firstNotice]);
  await sql.query(`INSERT INTO notification_call_details ("callId", state, answered, "durationSeconds", price, "priceUnit") VALUES ($1, '200000', true, 31, 0.0650, 'CNY')`, [callId]);
  // A lead import that merged into the registration above, before-image and all (ADR 075).
  const importId = await one(
    `INSERT INTO lead_import_batches ("fileName", mapping, "rowCount", created, merged, skipped, "skippedByReason", "importedBy") VALUES ('展会名单.xlsx', '{"phone": "手机号", "name": "姓名"}', 2, 0, 1, 1, '{"phone_invalid": 1}', 'admin@example.com') RETURNING id`,
  );
  await sql.query(
    `INSERT INTO lead_import_rows ("batchId", "registrationId", kind, line, before, "afterHash") SELECT $1, id, 'merged', 2, to_jsonb(registrations), md5('x') FROM registrations WHERE id = $2`,
    [importId, registrationId],
  );

  // The crawler: a task, its run, a result, its sighting, the published job, a learned selector.
  const taskId = await one(
    `INSERT INTO crawl_tasks (name, site, keywords, "targetUrls", status, "crawlConfig", "createdBy", schedule) VALUES ('AI 产品经理 · 长沙', 'zhaopin', '{AI 产品经理,大模型}', '{}', 'completed', $1, $2, '0 9 * * 1-5') RETURNING id`,
    [JSON.stringify({ city: '长沙', waitTime: 2000 }), adminId],
  );
  await sql.query(`INSERT INTO crawl_runs ("taskId", "jobId", site, status, "startedAt", "finishedAt", "pagesDone", found, failures) VALUES ($1, 'job-1', 'zhaopin', 'completed', now() - interval '2 minutes', now(), 3, 1, $2)`, [
    taskId,
    JSON.stringify([{ reason: 'captcha', url: 'https://www.zhaopin.com/sou/jl749/kw01' }]),
  ]);
  const resultId = await one(
    `INSERT INTO crawl_results ("taskId", title, company, location, salary, "skillTags", "sourceUrl", "rawData", status, site, "salaryMin", "salaryMax", "salaryCurrency", "salaryPeriod", "salaryMonths", "dedupeKey")
     VALUES ($1, 'AI 产品经理', '长沙某科技', '长沙', '15-25K·14薪', '{Prompt,RAG}', 'https://www.zhaopin.com/jobdetail/1.htm', $2, 'published', 'zhaopin', 15000, 25000, 'CNY', 'month', 14, 'ai-pm|长沙某科技|长沙') RETURNING id`,
    [taskId, JSON.stringify({ html: '<li>…</li>' })],
  );
  await sql.query(`INSERT INTO crawl_result_sightings ("resultId", "taskId", "itemId", "itemCreatedAt", "itemStatus", "lastJobId") VALUES ($1, $2, $1, now(), 'published', 'job-1')`, [resultId, taskId]);
  await sql.query(
    `INSERT INTO published_jobs ("crawlResultId", title, company, location, "employmentType", "salaryMin", "salaryMax", "skillTags", "sourceUrl", "postedAt") VALUES ($1, 'AI 产品经理', '长沙某科技', '长沙', 'full_time', 15000, 25000, '{Prompt,RAG}', 'https://www.zhaopin.com/jobdetail/1.htm', now())`,
    [resultId],
  );
  await sql.query(`INSERT INTO learned_selectors (site, "urlPattern", "selectorType", selector, confidence, "successCount", "lastUsed") VALUES ('zhaopin', 'https://www.zhaopin.com/sou/*', 'card', '.joblist-box__item', 0.875, 7, now())`);

  // The student's record: attendance, a contract with its file, payments, an outcome with its evidence, accounts.
  await sql.query(`INSERT INTO attendance ("cohortId", date, "studentId", mark) VALUES ($1, '2026-03-02', $2, 'present'), ($1, '2026-03-03', $2, 'late')`, [cohortId, studentId]);
  const contractId = await one(
    `INSERT INTO student_contracts ("studentId", "contractNumber", "courseName", "contractAmount", "startDate", "endDate", "signedDate", guaranteed) VALUES ($1, 'HT-2026-001', 'AI 产品经理训练营', 1980000, '2026-03-02', '2026-04-12', '2026-02-20', true) RETURNING id`,
    [studentId],
  );
  await sql.query(
    `INSERT INTO student_payments ("studentId", "contractId", "paymentNumber", amount, "paymentMethod", "paymentDate", kind) VALUES ($1, $2, 'PAY-20260220-A1B2C3', 1980000, 'wechat', '2026-02-20', 'tuition'), ($1, $2, 'PAY-20261020-D4E5F6', -1980000, 'transfer', '2026-10-20', 'refund')`,
    [studentId, contractId],
  );
  const outcomeId = await one(
    `INSERT INTO student_outcomes ("studentId", category, date, employer, title, city, "startDate", "monthlyBase", "monthsPerYear", "fixedExtras") VALUES ($1, 'in_field_full_time', '2026-05-10', '长沙某科技', 'AI 产品经理', '长沙', '2026-06-01', 1500000, 14, 2400000) RETURNING id`,
    [studentId],
  );
  await sql.query(`INSERT INTO stored_uploads (key, "confirmedAt", "claimedAt", "originalName", size, "contentType") VALUES ($1, now(), now(), '合同.pdf', 1024, 'application/pdf')`, [fileKeys.contract]);
  await sql.query(
    `INSERT INTO student_files ("studentId", "contractId", "accessUrl", "originalName", size, "contentType") VALUES ($1, $2, $3, '合同.pdf', 1024, 'application/pdf')`,
    [studentId, contractId, fileKeys.contract],
  );
  await sql.query(
    `INSERT INTO student_files ("studentId", "outcomeId", "evidenceKind", "accessUrl", "originalName", size, "contentType") VALUES ($1, $2, 'offer_letter', $3, 'offer.png', 67, 'image/png')`,
    [studentId, outcomeId, fileKeys.evidence],
  );
  await sql.query(`INSERT INTO student_accounts ("studentId", kind, username, email, password) VALUES ($1, 'vpn', 'wangyi-vpn', NULL, NULL)`, [studentId]);
  const loginId = await one(
    `INSERT INTO student_accounts ("studentId", kind, username, email, password) VALUES ($1, 'student_login', 'wangyi', 'wangyi@example.com', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA') RETURNING id`,
    [studentId],
  );
  // A reset link the administrator handed out, used once (only the token's hash is kept).
  await sql.query(
    `INSERT INTO student_password_resets ("accountId", "tokenHash", "createdBy", "expiresAt", "usedAt") VALUES ($1, repeat('ab', 32), $2, now() + interval '1 day', now())`,
    [loginId, adminId],
  );

  await sql.query(
    `INSERT INTO backup_runs (trigger, status, "startedAt", "finishedAt", name, location, "sizeBytes", tables, rows, files, "fileBytes") VALUES ('schedule', 'succeeded', now() - interval '1 day 30 seconds', now() - interval '1 day', 'aipm-backup-20261128-030000.tar', '/srv/aipm/.data/backups/aipm-backup-20261128-030000.tar', 52400000, 30, 100512, 40, 48000000)`,
  );
  // Sealed bytes stand in for a real sign-in: a restore copies them as they are and the same key opens them.
  await sql.query(`INSERT INTO crawler_site_sessions (site, sealed, "capturedAt", "lastSuccessAt", "lastRefusalAt", "lastRefusal") VALUES ('zhipin', '\\x01a1b2c3'::bytea, now() - interval '3 days', now() - interval '1 hour', now() - interval '1 day', 'login_wall: 请登录后查看')`);
  await sql.query(`INSERT INTO backup_runs (trigger, status, "startedAt", "finishedAt", error) VALUES ('manual', 'failed', now() - interval '2 days', now() - interval '2 days', 'pg_dump failed (exit 1): connection refused')`);
  await sql.query(`INSERT INTO audit_log ("actorId", "actorName", ip, action, entity, "entityId", before, after) VALUES ($1, 'admin@example.com', '203.0.113.7', 'student.update', 'student', $2, $3, $4)`, [
    adminId,
    studentId,
    JSON.stringify({ status: 'active' }),
    JSON.stringify({ status: 'graduated' }),
  ]);
}
