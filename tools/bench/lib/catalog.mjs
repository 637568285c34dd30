// @ts-check
// The benches `npm run bench` runs (tools/bench/all.mjs), in order. tools/bench-catalog.spec.ts fails when a bench
// file under tools/bench/ is missing here, so a new bench cannot be left out of the run.

/**
 * What each bench measures, and its arguments at the quick and the full size. `env` adds variables for
 * benches that read their size from the environment. `minutes` bounds one run (full size).
 */
export const BENCHES = [
  { name: 'admin-js', what: 'back-office JavaScript per route (gzip)', quick: [], full: [], minutes: 2 },
  {
    name: 'admin-lighthouse',
    what: 'Lighthouse mobile, signed in, on the dashboard and the first list, against another build or the login page',
    quick: [],
    full: [],
    env: { quick: { BENCH_LIGHTHOUSE_RUNS: '1' }, full: { BENCH_LIGHTHOUSE_RUNS: '3' } },
    minutes: 20,
  },
  { name: 'landing-js', what: 'landing JavaScript (gzip), desktop and WeChat', quick: [], full: [], minutes: 2 },
  { name: 'student-js', what: 'student portal JavaScript (gzip) on /student, /student/home and /student/offers, against its budget', quick: [], full: [], minutes: 2 },
  {
    name: 'site',
    what: 'Lighthouse mobile, SSR / and legal pages against a bare static server',
    quick: ['--no-build'],
    full: ['--no-build'],
    env: { quick: { BENCH_REQUESTS: '500' }, full: { BENCH_REQUESTS: '2000' } },
    minutes: 10,
  },
  {
    name: 'lists',
    what: 'back-office lists (first page, filter, q, deep page) against a one-query read',
    quick: ['--rows', '10000', '--requests', '100'],
    full: ['--rows', '100000', '--requests', '300'],
    minutes: 20,
  },
  {
    name: 'registrations',
    what: 'registrations stored per second, stored = acknowledged, against a one-query read',
    quick: ['--count', '2000', '--concurrency', '50'],
    full: ['--count', '10000', '--concurrency', '50'],
    minutes: 10,
  },
  {
    name: 'students',
    what: 'students list and payments against a one-query read',
    quick: ['--students', '2000', '--requests', '500'],
    full: [],
    minutes: 10,
  },
  {
    name: 'outcomes',
    what: 'the guarantee ledger, its totals and the outcomes report, computed on read, against a one-query read',
    quick: ['--cohorts', '40', '--requests', '100'],
    full: [],
    minutes: 10,
  },
  {
    name: 'lead-import',
    what: 'a 20,000-row CSV import with 10% duplicates of existing people: exact counts, its time against reading the file alone, and an undo that restores the table',
    quick: ['--rows', '5000', '--existing', '5000'],
    full: [],
    minutes: 10,
  },
  {
    name: 'backup',
    what: 'a backup and its restore (100,000 leads, 1 GB of files), checked to 0 differences, against pg_dump and a read of every file',
    quick: ['--leads', '10000', '--file-mb', '64'],
    full: ['--leads', '100000', '--file-mb', '1024'],
    minutes: 20,
  },
  {
    name: 'lead-calls',
    what: 'new-lead phone calls under a burst, provider limits kept',
    quick: ['--count', '200'],
    full: ['--count', '1000'],
    minutes: 10,
  },
  {
    name: 'crawl',
    what: 'pages per minute and browser memory of one worker (fixture sites)',
    quick: ['--tasks', '4', '--pages', '2'],
    full: [],
    minutes: 15,
  },
];
