#!/usr/bin/env node
// Back-office lists at 100,000 rows (docs/product/back-office.md#long-lists, ADR 028): registrations, messages,
// crawl results and students, each seeded with --rows rows, and 今日待办 over the registrations and messages with
// their follow-ups (ADR 073), read as the admin reads them (first page, a status
// filter, the `q` search, a deep page), beside a one-query baseline measured in the same run and at the same
// concurrency. `people` reads the person page (docs/product/back-office.md#person-page, ADR 071) at --rows people,
// each with a registration, a message and a student of the same phone, a status change in the audit log and a
// payment.
//
//   npm run build -w @aipm/api        (or: npx nx run-many -t build -p @aipm/api)
//   node tools/with-services.mjs -- node tools/bench/lists.mjs [--rows 100000] [--requests 300] [--concurrency 4] [--only registrations,messages,students,crawl,people,today] [--through-front-door]
//
// Targets: p95 ≤ 50 ms for the first page, a filter and the search; ≤ 100 ms for a deep page (offset 50,000
// of 100,000). On a loaded machine the one-query baseline alone can miss 50 ms, so a row also passes when its
// p95 is within RATIO_LIMIT × the baseline's p95 (the figure that compares runs). The exit code is 1 when a
// row misses both, or when an answer is not 200. Bounded by --timeout seconds (default 600). Not in npm test.
// --through-front-door reads every row as the administrator reaches it: through the built front door
// (apps/web/server/dist/main.js, needs the web build) in front of the API, both at their default log level, with
// the one-query read through the same door as the baseline and, for the first pages, filters and searches, a
// further target: p95 at most DOOR_RATIO_LIMIT × that read's, the two alternating request by request so both meet
// the same load (docs/decisions/059-front-door-cost.md); the direct read is printed beside it.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { requireServices, startBenchApi } from './lib/bench-api.mjs';
import { startBenchFrontDoor } from './lib/bench-front-door.mjs';
import { load, percentile } from './lib/load.mjs';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '4' },
    timeout: { type: 'string', default: '600' },
    only: { type: 'string', default: '' },
    'through-front-door': { type: 'boolean', default: false },
  },
});
/** `--only students,crawl`: just the lists whose names start so (only they are seeded). */
const ONLY = values.only ? values.only.split(',').map((name) => name.trim()) : null;
const selected = (list) => !ONLY || ONLY.some((name) => list.startsWith(name));
const ROWS = Number(values.rows);
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const DEEP_OFFSET = Math.floor(ROWS / 2);
const TARGET_MS = { page: 50, deep: 100 };
/** A list read runs two or three queries (page, count or its estimate) where the baseline runs one. */
const RATIO_LIMIT = { page: 3, deep: 6 };
/** Through the front door, a first page, a filter or a search costs at most this many one-query reads through it. */
const DOOR_RATIO_LIMIT = 1.5;
const THROUGH_DOOR = values['through-front-door'];

requireServices('tools/bench/lists.mjs');

// Seeded with SQL: the bench measures reads; 400,000 rows through the API would only measure the seeding.
// Names, schools and texts vary like real ones, so the planner's statistics and the search see real spread.
const SURNAMES = `(ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗'])`;
const GIVEN = `(ARRAY['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀英','霞','平'])`;
const SCHOOLS = `(ARRAY['中南大学','湖南大学','湖南师范大学','长沙理工大学','湘潭大学','湖南农业大学','中南林业科技大学','湖南科技大学','南华大学','吉首大学'])`;
const MAJORS = `(ARRAY['计算机科学与技术','软件工程','市场营销','工商管理','数学与应用数学','电子信息工程','汉语言文学','英语','统计学','设计学'])`;
const STATUS = `(ARRAY['new','new','new','new','new','new','contacted','contacted','enrolled','invalid'])[1 + (i * 7) % 10]`;
const NAME = `${SURNAMES}[1 + i % 20] || ${GIVEN}[1 + (i / 20) % 20] || ${GIVEN}[1 + (i / 400) % 20]`;
const PHONE = `'13' || lpad(((i * 7919) % 1000000000)::text, 9, '0')`;
const CREATED = `now() - (i * interval '10 minutes')`;
const TASK_ID = (n) => `('00000000-0000-4000-8000-' || lpad((${n})::text, 12, '0'))::uuid`;

const SEED = [
  ['registrations', `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, goals, status, "createdAt")
   SELECT ${NAME}, ${PHONE}, '+86' || ${PHONE}, 'lead' || i || '@example.com', ${SCHOOLS}[1 + i % 10], ${MAJORS}[1 + (i / 10) % 10],
          '希望转行做 AI 产品经理', ${STATUS}, ${CREATED}
   FROM generate_series(1, $1::int) AS i`],
  ['messages', `INSERT INTO contact_messages (name, phone, "phoneNormalized", email, subject, message, status, "createdAt")
   SELECT ${NAME}, ${PHONE}, '+86' || ${PHONE}, 'ask' || i || '@example.com',
          (ARRAY['course','pricing','enterprise','technical','other'])[1 + i % 5],
          '想了解第 ' || (i % 50) || ' 期训练营的课程安排和学费', ${STATUS}, ${CREATED}
   FROM generate_series(1, $1::int) AS i`],
  ['students', `INSERT INTO students (name, phone, "phoneNormalized", email, school, major, status, "enrollmentDate", "createdAt")
   SELECT ${NAME}, ${PHONE}, '+86' || ${PHONE}, 'student' || i || '@example.com', ${SCHOOLS}[1 + i % 10], ${MAJORS}[1 + (i / 10) % 10],
          (ARRAY['active','graduated','suspended','withdrawn'])[1 + i % 4], date '2025-09-01' + (i % 300), ${CREATED}
   FROM generate_series(1, $1::int) AS i`],
  // 50 tasks found the postings, each its share (task 1 + i % 50); task 51 is a re-run that found again 1 in
  // 100 postings another task found first, all of them still pending or reviewed (the task filter of
  // docs/product/crawler.md#review-queue).
  ['crawl results', `INSERT INTO crawl_tasks (id, name, keywords) SELECT ${TASK_ID('t')}, 'bench task ' || t, ARRAY['AI产品经理']
   FROM generate_series(1, 51) AS t WHERE $1::int > 0`],
  // One posting in ten is found on a second site too (the same dedupeKey), as cross-site duplicates are.
  ['crawl results', `INSERT INTO crawl_results ("taskId", title, company, location, salary, description, "sourceUrl", site, "dedupeKey", status, "createdAt")
   SELECT ${TASK_ID('1 + i % 50')}, 'AI产品经理' || (i % 500), '长沙某科技有限公司' || (i / 10 % 3000), '长沙', '15-25K', '负责大模型产品的需求分析与落地',
          'https://www.' || (ARRAY['zhaopin.com','zhipin.com','51job.com','liepin.com','lagou.com'])[1 + i % 5] || '/job/' || i || '.html',
          (ARRAY['zhaopin','zhipin','job51','liepin','lagou'])[1 + i % 5],
          'ai产品经理' || (CASE WHEN i % 10 = 1 THEN i - 1 ELSE i END),
          (ARRAY['pending','pending','pending','approved','rejected','published'])[1 + i % 6], ${CREATED}
   FROM generate_series(1, $1::int) AS i`],
  // What staff did to each person and what they paid: the timeline's audit-log and payment sources read them.
  ['people', `INSERT INTO audit_log ("actorName", action, entity, "entityId", before, after)
   SELECT 'bench@example.com', 'lead.status.change', 'registration', id::text, '{"status":"new"}', '{"status":"contacted"}'
   FROM registrations WHERE $1::int > 0`],
  ['people', `INSERT INTO student_payments ("studentId", "paymentNumber", amount, "paymentMethod", "paymentDate")
   SELECT id, 'PAY-BENCH-' || id, 990000, 'wechat', "enrollmentDate" FROM students WHERE $1::int > 0`],
];
/**
 * 今日待办's follow-ups: one on every other registration and every third message, due from five days ago to five
 * days ahead, a fifth of them done. Seeded after the leads; `today` needs both lists.
 */
const FOLLOW_UPS = [
  `INSERT INTO follow_ups ("registrationId", "dueAt", kind, note, result, "doneAt")
   SELECT id, now() + ((n % 41) - 20) * interval '6 hours', (ARRAY['phone','wechat','meeting'])[1 + n % 3], '回电确认意向',
          CASE WHEN n % 5 = 0 THEN '已沟通' END, CASE WHEN n % 5 = 0 THEN now() END
   FROM (SELECT id, row_number() OVER (ORDER BY "createdAt") AS n FROM registrations) AS lead WHERE n % 2 = 0`,
  `INSERT INTO follow_ups ("contactMessageId", "dueAt", kind, result, "doneAt")
   SELECT id, now() + ((n % 37) - 18) * interval '6 hours', 'wechat', CASE WHEN n % 5 = 0 THEN '已回复' END, CASE WHEN n % 5 = 0 THEN now() END
   FROM (SELECT id, row_number() OVER (ORDER BY "createdAt") AS n FROM contact_messages) AS lead WHERE n % 3 = 0`,
];
/** Lists another list's cases need seeded: the person page reads the lead and student tables, 今日待办 the leads. */
const SEEDED_FOR = { people: ['registrations', 'messages', 'students'], today: ['registrations', 'messages'] };
const seeded = (list) => selected(list) || Object.entries(SEEDED_FOR).some(([needing, lists]) => selected(needing) && lists.includes(list));

/** Who found what, where the schema records it (crawl_result_sightings, ADR 020); absent before it. */
const SIGHTINGS = [
  `INSERT INTO crawl_result_sightings ("resultId", "taskId", "foundAt") SELECT id, "taskId", "createdAt" FROM crawl_results`,
  `INSERT INTO crawl_result_sightings ("resultId", "taskId", "foundAt") SELECT id, ${TASK_ID(51)}, now() FROM crawl_results WHERE "sourceUrl" LIKE '%00.html'`,
];

// Through the door, both at their default level, as they run for the administrator.
const api = await startBenchApi('lists', THROUGH_DOOR ? { LOG_LEVEL: 'info' } : {});
let door = null;
try {
  if (THROUGH_DOOR) door = await startBenchFrontDoor(api, { LOG_LEVEL: 'info' }, { connections: Number(values.concurrency) });
} catch (error) {
  await api.cleanUp();
  throw error;
}
/** Where the rows are read: through the door with --through-front-door, else the API's own port. */
const reader = door ?? api;
const deadline = setTimeout(() => {
  console.error(`bench failed: still running after ${values.timeout} s`);
  api.cleanUp().finally(() => process.exit(1));
}, Number(values.timeout) * 1000);

const BENCH_TASK = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const range = (from, size) => `range=${encodeURIComponent(JSON.stringify([from, from + size - 1]))}`;
const filter = (value) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
const newestFirst = `sort=${encodeURIComponent('["createdAt","DESC"]')}`;

/** What the admin asks of each list; `kind` picks the target. */
const CASES = [
  ['registrations', 'page', 'first page', `/api/registrations?${range(0, 25)}&${newestFirst}`],
  ['registrations', 'page', 'status', `/api/registrations?${range(0, 25)}&${newestFirst}&${filter({ status: ['contacted'] })}`],
  ['registrations', 'page', 'q name', `/api/registrations?${range(0, 25)}&${newestFirst}&${filter({ q: '王芳' })}`],
  ['registrations', 'page', 'q phone', `/api/registrations?${range(0, 25)}&${newestFirst}&${filter({ q: '5678' })}`],
  ['registrations', 'deep', `offset ${DEEP_OFFSET}`, `/api/registrations?${range(DEEP_OFFSET, 25)}&${newestFirst}`],
  ['messages', 'page', 'first page', `/api/contact?${range(0, 25)}&${newestFirst}`],
  ['messages', 'page', 'subject', `/api/contact?${range(0, 25)}&${newestFirst}&${filter({ subject: ['pricing'] })}`],
  ['messages', 'page', 'q text', `/api/contact?${range(0, 25)}&${newestFirst}&${filter({ q: '学费' })}`],
  ['messages', 'deep', `offset ${DEEP_OFFSET}`, `/api/contact?${range(DEEP_OFFSET, 25)}&${newestFirst}`],
  ['students', 'page', 'first page', `/api/admin/students?${range(0, 25)}&${newestFirst}`],
  ['students', 'page', 'status', `/api/admin/students?${range(0, 25)}&${newestFirst}&${filter({ status: ['suspended'] })}`],
  ['students', 'page', 'q name', `/api/admin/students?${range(0, 25)}&${newestFirst}&${filter({ q: '李娜' })}`],
  ['students', 'deep', `offset ${DEEP_OFFSET}`, `/api/admin/students?${range(DEEP_OFFSET, 25)}&${newestFirst}`],
  ['crawl results', 'page', 'latest 20', `/api/admin/crawl-results?limit=20`],
  ['crawl results', 'page', 'status', `/api/admin/crawl-results?limit=20&status=pending`],
  ['crawl results', 'page', 'site', `/api/admin/crawl-results?limit=20&site=zhipin`],
  ['crawl results', 'page', 'site other', `/api/admin/crawl-results?limit=20&site=other`],
  ['crawl results', 'page', 'task', `/api/admin/crawl-results?limit=20&taskId=${BENCH_TASK(7)}`],
  ['crawl results', 'page', 'task re-run', `/api/admin/crawl-results?limit=20&taskId=${BENCH_TASK(51)}`],
  // Pending: task 7's items are pending or rejected only (the seed's status follows i % 6), so 'approved' was empty.
  ['crawl results', 'page', 'task+status', `/api/admin/crawl-results?limit=20&taskId=${BENCH_TASK(7)}&status=pending`],
  ['crawl results', 'page', 'show all, page 2', `/api/admin/crawl-results?limit=20&offset=20`],
  ['crawl results', 'deep', `offset ${DEEP_OFFSET}`, `/api/admin/crawl-results?limit=20&offset=${DEEP_OFFSET}`],
  ['crawl results', 'deep', `task, offset 1000`, `/api/admin/crawl-results?limit=20&offset=1000&taskId=${BENCH_TASK(7)}`],
  // Due and overdue follow-ups with their totals, then the leads nobody has contacted (four statements).
  ['today', 'page', '今日待办', '/api/admin/follow-ups/today'],
];

/**
 * REQUESTS reads of `url` and as many one-query reads, alternating, at CONCURRENCY: each summarised as load() does,
 * so a row and its baseline are measured under the same load rather than minutes apart.
 */
async function alternating(url) {
  const latencies = { row: [], beside: [] };
  const statusesOf = { row: new Map(), beside: new Map() };
  await load(2 * REQUESTS, CONCURRENCY, async (index) => {
    const which = index % 2 === 0 ? 'row' : 'beside';
    const started = performance.now();
    const status = await reader.get(which === 'row' ? url : '/api/admin/check');
    latencies[which].push(performance.now() - started);
    statusesOf[which].set(status, (statusesOf[which].get(status) ?? 0) + 1);
    return status;
  });
  const summary = (which) => {
    const sorted = latencies[which].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), statuses: statusesOf[which] };
  };
  return { run: summary('row'), beside: summary('beside') };
}

try {
  const seedStarted = performance.now();
  const db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  try {
    for (const [list, statement] of SEED) if (seeded(list)) await db.query(statement, [ROWS]);
    if (selected('people')) {
      // A person half-way down the lists: their registration's page, their message's and their student's.
      const person = (resource, table) => db.query(`SELECT id FROM ${table} ORDER BY "createdAt" DESC OFFSET $1 LIMIT 1`, [Math.floor(ROWS / 2)]).then(({ rows }) => `/api/admin/people/${resource}/${rows[0].id}/timeline`);
      CASES.push(
        ['people', 'page', 'from a registration', await person('registrations', 'registrations')],
        ['people', 'page', 'from a message', await person('contact', 'contact_messages')],
        ['people', 'page', 'from a student', await person('students', 'students')],
      );
    }
    if (selected('today')) for (const statement of FOLLOW_UPS) await db.query(statement);
    const sightings = (await db.query(`SELECT to_regclass('crawl_result_sightings') AS name`)).rows[0].name;
    if (selected('crawl results') && sightings) for (const statement of SIGHTINGS) await db.query(statement);
    // What autovacuum does soon after a bulk load: statistics, and the visibility map index-only scans need.
    await db.query('VACUUM ANALYZE');
    // The seed's dirty pages go to disk now, not through the checkpointer while the first rows are measured (the
    // baseline, measured first, came out slower than most list pages). The bench's role may not be allowed to.
    await db.query('CHECKPOINT').catch((error) => console.error(`no CHECKPOINT before measuring: ${error.message}`));
  } finally {
    await db.end();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.error(`seeded ${ROWS} rows in each list in ${seedSeconds.toFixed(1)} s`);

  await api.signIn();
  const cases = CASES.filter(([list]) => selected(list));
  for (const [list, , name, url] of cases) {
    const status = await reader.get(url);
    if (status !== 200) throw new Error(`${list} ${name} answers ${status}: ${url}`);
  }
  // Warm-up: connection pool, JIT, plan cache, the pages in shared buffers; not counted.
  await load(100, CONCURRENCY, () => reader.get(cases[0][3]));

  const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
  const statuses = (map) => [...map].map(([status, n]) => `${status}×${n}`).join(', ');
  console.log(
    `lists bench: ${ROWS} rows in each of ${[...new Set(cases.map(([list]) => list))].join(', ')} (seeded in ${seedSeconds.toFixed(1)} s); ` +
      `${REQUESTS} GETs per row at concurrency ${CONCURRENCY}, loopback (Node http, kept alive), ${door ? 'through the front door' : 'on the API\'s port'}, node ${process.version}`
  );
  if (door) {
    const direct = await load(REQUESTS, CONCURRENCY, () => api.get('/api/admin/check'));
    console.log(`  ${'baseline, API port'.padEnd(34)} p50 ${ms(direct.p50)}  p95 ${ms(direct.p95)}  GET /api/admin/check (one SELECT), not through the door`);
  }
  const baseline = await load(REQUESTS, CONCURRENCY, () => reader.get('/api/admin/check'));
  console.log(`  ${'baseline'.padEnd(34)} p50 ${ms(baseline.p50)}  p95 ${ms(baseline.p95)}  GET /api/admin/check (one SELECT)`);
  // Each row is printed as soon as it is measured: a slow list shows where the time goes.
  let failed = false;
  for (const [list, kind, name, url] of cases) {
    // Through the door, each read of the row alternates with a one-query read, so the two meet the same load.
    const { run, beside } = door ? await alternating(url) : { run: await load(REQUESTS, CONCURRENCY, () => reader.get(url)), beside: null };
    const absolute = run.p95 <= TARGET_MS[kind];
    const relative = run.p95 <= RATIO_LIMIT[kind] * baseline.p95;
    const allOk = run.statuses.size === 1 && run.statuses.get(200) === REQUESTS;
    const doorMet = !beside || kind !== 'page' || run.p95 <= DOOR_RATIO_LIMIT * beside.p95;
    if (!(absolute || relative) || !allOk || !doorMet) failed = true;
    console.log(
      `  ${`${list}: ${name}`.padEnd(34)} p50 ${ms(run.p50)}  p95 ${ms(run.p95)}  (${(run.p95 / baseline.p95).toFixed(2)} × baseline)` +
        `  target ≤ ${TARGET_MS[kind]} ms: ${absolute ? 'met ✔' : relative ? `missed, within ${RATIO_LIMIT[kind]} × baseline` : 'MISSED ✘'}` +
        (beside && kind === 'page'
          ? `  one-query read beside it p95 ${ms(beside.p95).trim()}: ${(run.p95 / beside.p95).toFixed(2)} ×, ≤ ${DOOR_RATIO_LIMIT} × ${doorMet ? 'met ✔' : 'MISSED ✘'}`
          : '') +
        (allOk ? '' : `  [${statuses(run.statuses)}] ✘`)
    );
  }
  process.exitCode = failed ? 1 : 0;
} catch (error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await door?.cleanUp();
  await api.cleanUp();
}
