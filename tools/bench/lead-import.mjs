#!/usr/bin/env node
// A lead import at the size of the brief (docs/product/back-office.md#lead-import, ADR 075): --existing
// registrations seeded in SQL, then a CSV of --rows rows of which 10% are the phones of existing people (merged),
// 1% invalid phones and 1% repeats of an earlier row of the file (skipped), the rest new (created). Through the
// API as the back office sends it: preview, dry run, import, undo. Printed: each step's time and rows per second,
// beside the preview (reading and parsing the same file, nothing planned or written) measured in the same run; the
// counts against the exact expected ones; the registrations table before and after the undo, every column of
// every row (to_jsonb, hashed in id order), and the new-lead outbox untouched.
//
//   npm run build -w @aipm/api        (or: npx nx run-many -t build -p @aipm/api)
//   node tools/with-services.mjs -- node tools/bench/lead-import.mjs [--rows 20000] [--existing 20000] [--timeout 600]
//
// The exit code is 1 when a count is not the expected one, the undo does not give the table back, or an import
// rang the phone. Not in npm test.
/* global FormData -- Node's own (undici), as fetch is */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Blob } from 'node:buffer';
import pg from 'pg';
import { requireServices, startBenchApi } from './lib/bench-api.mjs';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' },
    existing: { type: 'string', default: '20000' },
    timeout: { type: 'string', default: '600' },
  },
});
const ROWS = Number(values.rows);
const EXISTING = Number(values.existing);
const MERGED = Math.floor(ROWS / 10);
const INVALID = Math.floor(ROWS / 100);
const REPEATED = Math.floor(ROWS / 100);
const CREATED = ROWS - MERGED - INVALID - REPEATED;
if (MERGED > EXISTING) throw new Error('--existing must be at least a tenth of --rows');

requireServices('tools/bench/lead-import.mjs');
const deadline = setTimeout(() => {
  console.error(`lead-import: still running after ${values.timeout} s, giving up`);
  process.exit(1);
}, Number(values.timeout) * 1000);
deadline.unref();

/** Existing people: 139 and the index; the file's new people: 137 and theirs, so the two never meet by chance. */
const existingPhone = (i) => `139${String(i).padStart(8, '0')}`;
const newPhone = (i) => `137${String(i).padStart(8, '0')}`;

function importFile() {
  const lines = ['姓名,手机号,邮箱,学校,专业,备注,来源'];
  let created = 0;
  for (let row = 0; row < ROWS; row += 1) {
    if (row % 10 === 5 && row / 10 < MERGED) {
      // Every tenth row, a person already registered (spread through the file, each existing person once).
      const i = Math.floor(row / 10) * Math.floor(EXISTING / MERGED);
      lines.push(`老${i},${existingPhone(i)},old${i}@example.com,中南大学,软件工程,再次咨询,douyin`);
    } else if (row % 100 === 7 && Math.floor(row / 100) < INVALID) {
      lines.push(`错${row},12${String(row).padStart(4, '0')},,,,,`);
    } else if (row % 100 === 9 && Math.floor(row / 100) < REPEATED && created > 0) {
      // The same phone as the first new row: the file's own repeat.
      lines.push(`重复${row},${newPhone(0)},,,,,`);
    } else {
      lines.push(`新${created},${newPhone(created)},new${created}@example.com,湖南大学,金融,展会名单,baidu`);
      created += 1;
    }
  }
  return lines.join('\r\n');
}

const api = await startBenchApi('lead_import');
const db = new pg.Client({ connectionString: api.databaseUrl });
let failed = false;
const check = (what, actual, expected) => {
  const ok = JSON.stringify(actual) === JSON.stringify(expected);
  if (!ok) failed = true;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}: ${JSON.stringify(actual)}${ok ? '' : ` (expected ${JSON.stringify(expected)})`}`);
};
/** Every column of every registration, in id order, as one hash: what undo must give back exactly. */
const tableState = async () =>
  (await db.query(`SELECT count(*)::int AS rows, md5(coalesce(string_agg(to_jsonb(r)::text, E'\\n' ORDER BY id), '')) AS hash FROM registrations r`)).rows[0];

try {
  await db.connect();
  const seedStarted = performance.now();
  await db.query(
    `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, status, note, source, "createdAt")
     SELECT '老' || i, '139' || lpad(i::text, 8, '0'), '+86139' || lpad(i::text, 8, '0'),
            CASE WHEN i % 2 = 0 THEN 'lead' || i || '@example.com' END, CASE WHEN i % 3 = 0 THEN '' ELSE '湘潭大学' END, '英语',
            (ARRAY['new','contacted','invalid'])[1 + i % 3], CASE WHEN i % 4 = 0 THEN '上次未接' END,
            CASE WHEN i % 5 = 0 THEN NULL ELSE '{"utm_source": "wechat"}'::jsonb END, now() - i * interval '1 minute'
     FROM generate_series(0, $1::int - 1) AS i`,
    [EXISTING],
  );
  // A status of invalid needs no reason in SQL here (CHK only ties a reason to the status, not the other way).
  await db.query('VACUUM ANALYZE registrations');
  console.log(`lead-import: ${EXISTING} registrations seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const csv = importFile();
  console.log(`lead-import: a CSV of ${ROWS} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(2)} MB; expected created ${CREATED}, merged ${MERGED}, skipped ${INVALID + REPEATED}`);
  await api.signIn();
  const mapping = JSON.stringify({ name: '姓名', phone: '手机号', email: '邮箱', school: '学校', major: '专业', note: '备注', source: '来源' });
  const send = async (path, { withFile = true, withMapping = true } = {}) => {
    const form = new FormData();
    if (withMapping) form.set('mapping', mapping);
    if (withFile) form.set('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
    const started = performance.now();
    const response = await fetch(`${api.base}/api/admin/lead-imports${path}`, { method: 'POST', headers: { cookie: api.cookie() }, body: withFile ? form : undefined });
    const body = await response.json();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return { ms, data: body.data };
  };
  const line = (what, ms) => console.log(`  ${what.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms  ${((ROWS / ms) * 1000).toFixed(0).padStart(7)} rows/s`);

  const before = await tableState();
  const outboxBefore = (await db.query('SELECT count(*)::int AS n FROM lead_notifications')).rows[0].n;
  const preview = await send('/preview', { withMapping: false });
  const dryRun = await send('/dry-run');
  const imported = await send('');
  const afterImport = await tableState();
  const outboxAfter = (await db.query('SELECT count(*)::int AS n FROM lead_notifications')).rows[0].n;
  const undo = await send(`/${imported.data.id}/undo`, { withFile: false, withMapping: false });
  const afterUndo = await tableState();

  console.log(`lead-import: times at load average ${os.loadavg().map((value) => value.toFixed(2)).join(', ')} (the preview reads and parses the same file: the baseline of this run)`);
  line('preview (baseline)', preview.ms);
  line('dry run', dryRun.ms);
  line('import (one transaction)', imported.ms);
  line('undo (one transaction)', undo.ms);
  console.log(`  import / preview: ${(imported.ms / preview.ms).toFixed(2)}×, dry run / preview: ${(dryRun.ms / preview.ms).toFixed(2)}×`);
  console.log('lead-import: checks');
  check('preview rows', preview.data.rowCount, ROWS);
  const counts = ({ created, merged, skipped }) => ({ created, merged, skipped });
  const expected = { created: CREATED, merged: MERGED, skipped: INVALID + REPEATED };
  check('dry run counts', counts(dryRun.data), expected);
  check('dry run skipped by reason', dryRun.data.skippedByReason, { phone_invalid: INVALID, repeated_in_file: REPEATED });
  check('import counts', counts(imported.data), expected);
  check('registrations after the import', afterImport.rows, before.rows + CREATED);
  check('new-lead calls queued by the import', outboxAfter - outboxBefore, 0);
  check('undone', undo.data.undoneAt !== null, true);
  check('registrations after the undo (rows, hash of every column)', afterUndo, before);
} catch (error) {
  failed = true;
  console.error(`lead-import: ${error.stack ?? error}`);
} finally {
  await db.end().catch(() => {});
  await api.cleanUp();
}
process.exit(failed ? 1 : 0);
