#!/usr/bin/env node
// A cohort of 12 students whose outcomes cover every status of the salary guarantee and every figure of the
// outcomes report (docs/product/outcomes-report.md#the-seeded-cohort), seeded through the API as an administrator
// would: the cohort, the students, their guaranteed contracts and tuition, 35 days of attendance, graduation and
// withdrawal dates, job outcomes with an evidence PDF each (three-step upload), a refund and a bonus paid.
// Dates are relative to today in China: the cohort's last class day is 185 days ago, so an on-time graduate's
// 180-day window closed five days ago and a late graduate's is still open.
//
//   node tools/seed/outcomes-cohort.mjs --base http://127.0.0.1:3000 --email admin@example.com --password '…'
//
// Against `npm start` (or the e2e system) the upload addresses are the front door's; `--storage <url>` sends them to
// the S3 server itself instead (an API without a front door, as the API's tests run it). Prints the cohort's id, the
// ledger and the report as the API answers them. Each run adds a new cohort (its name carries the time).

import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const FEE = 1_980_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
/** /storage: where the front door proxies the store (STORAGE_PROXY_PATH in @aipm/contracts). */
const STORAGE_PROXY_PATH = '/storage';

/** 'YYYY-MM-DD' plus days (calendar arithmetic, no time zone). */
export function addDays(date, days) {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Today in China. */
export function chinaToday(now = new Date()) {
  return new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * The twelve students, by what happens to them (L: the cohort's last class day, S: its first). `offer`: a job as
 * [category, days after L, monthly base in cents, months, fixed extras in cents]; `attended` of 35 days.
 */
export const COHORT_PLAN = [
  { name: '王一', graduated: 0, offer: ['in_field_full_time', 30, 1_500_000, 14, 0] }, // ¥210,000: met
  { name: '王二', graduated: 0, offer: ['in_field_full_time', 40, 2_500_000, 12, 0] }, // ¥300,000: bonus due
  { name: '王三', graduated: 0, offer: ['in_field_full_time', 20, 2_600_000, 12, 0], bonusPaid: true }, // ¥312,000: bonus paid
  { name: '王四', graduated: 0, seeking: 60 }, // no offer, window closed: refund due
  { name: '王五', graduated: 0, offer: ['in_field_full_time', 50, 1_200_000, 13, 0], refundPaid: true }, // ¥156,000: refunded
  { name: '王六', graduated: 30, seeking: 40 }, // late, window open: in window
  { name: '王七', graduated: 20, offer: ['out_of_field', 40, 2_000_000, 12, 0] }, // late, out of field: in window
  { name: '王八', withdrew: 0 }, // left on the first class day: never enrolled
  { name: '王九', withdrew: 10 }, // left in the course: not eligible (graduated)
  { name: '王十', graduated: 0, attended: 28, offer: ['in_field_full_time', 30, 1_000_000, 12, 0] }, // 80%: not eligible (attendance)
  { name: '王十一', graduated: 0, offer: ['in_field_contract', 25, 800_000, 12, 0] }, // internship ¥96,000: refund due
  { name: '王十二', graduated: 0, offer: ['in_field_full_time', 35, 1_800_000, 12, 2_400_000] }, // ¥216,000 + ¥24,000: met
];

/** The administrator's API over fetch: JSON in and out, the session cookie kept, failures thrown with their body. */
export function apiClient(base, { storage } = {}) {
  let cookie = '';
  async function call(method, path, body) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), origin: base },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw Object.assign(new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`), { status: response.status, text, headers: response.headers });
    return text ? JSON.parse(text).data : undefined;
  }
  return {
    call,
    /** Signs in (or creates the first administrator), waiting out the unknown-browser gate as a person would. */
    async signIn(email, password) {
      for (let attempt = 0; ; attempt += 1) {
        const response = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password }) });
        if (response.ok) {
          cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
          return;
        }
        const body = await response.json().catch(() => ({}));
        if (body.code === 'LOGIN_THROTTLED' && attempt < 5) {
          await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
          continue;
        }
        throw new Error(`sign-in answered ${response.status} ${body.code ?? ''}`);
      }
    },
    /** A PDF through the three-step upload: its access URL. */
    async uploadPdf(fileName) {
      const { uploadURL, method, headers } = await call('POST', '/api/contracts/upload-url', { fileName });
      const target = /^https?:/.test(uploadURL) ? uploadURL : storage ? `${storage.replace(/\/+$/, '')}${uploadURL.slice(STORAGE_PROXY_PATH.length)}` : `${base}${uploadURL}`;
      const put = await fetch(target, { method, headers, body: PDF });
      if (!put.ok) throw new Error(`the upload of ${fileName} answered ${put.status}`);
      return (await call('POST', '/api/contracts/confirm-upload', { uploadURL })).accessURL;
    },
  };
}

/** Seeds the cohort through `api` (signed in); answers the cohort and the students' ids by name. */
export async function seedOutcomesCohort(api, { today = chinaToday(), label = String(Date.now()) } = {}) {
  const lastDay = addDays(today, -185);
  // 35 class days without a day off end 34 days after the start.
  const start = addDays(lastDay, -34);
  const cohort = await api.call('POST', '/api/admin/cohorts', { name: `就业演示期-${label}`, startDate: start, capacity: 20, status: 'finished' });
  if (cohort.endDate !== lastDay) throw new Error(`the cohort ends ${cohort.endDate}, expected ${lastDay}`);
  const ids = {};
  // 137, six digits of the time, two of the student: a new run does not reuse a phone.
  const run = String(Date.now()).slice(-6);
  for (const [index, plan] of COHORT_PLAN.entries()) {
    const phone = `137${run}${String(index).padStart(2, '0')}`;
    const student = await api.call('POST', '/api/admin/students', { name: plan.name, phone, enrollmentDate: addDays(start, -7), cohortId: cohort.id });
    ids[plan.name] = student.id;
    const contract = await api.call('POST', '/api/admin/contracts', {
      studentId: student.id,
      contractNumber: `HT-DEMO-${label}-${String(index + 1).padStart(2, '0')}`,
      courseName: 'AI 产品经理 35 天训练营',
      contractAmount: FEE,
      startDate: start,
      endDate: lastDay,
      signedDate: addDays(start, -7),
      guaranteed: true,
    });
    await api.call('POST', '/api/admin/payments', { studentId: student.id, contractId: contract.id, amount: FEE, paymentMethod: 'transfer', paymentDate: addDays(start, -7) });

    // Attendance: every class day present up to `attended` (35 by default), absent after; a withdrawal stops it.
    const days = plan.withdrew === undefined ? 35 : plan.withdrew;
    const attended = plan.attended ?? days;
    for (let day = 0; day < days; day += 1) {
      await api.call('PUT', `/api/admin/cohorts/${cohort.id}/attendance/${addDays(start, day)}/${student.id}`, { mark: day < attended ? 'present' : 'absent' });
    }

    if (plan.withdrew !== undefined) {
      await api.call('PATCH', `/api/admin/students/${student.id}`, { status: 'withdrawn', withdrawalDate: addDays(start, plan.withdrew) });
      continue;
    }
    const graduationDate = addDays(lastDay, plan.graduated);
    await api.call('PATCH', `/api/admin/students/${student.id}`, { status: 'graduated', graduationDate });
    if (plan.offer) {
      const [category, after, monthlyBase, monthsPerYear, fixedExtras] = plan.offer;
      const date = addDays(lastDay, after);
      const evidence = [{ accessURL: await api.uploadPdf(`${plan.name}-录用通知书.pdf`), kind: 'offer_letter' }];
      await api.call('POST', '/api/admin/outcomes', {
        studentId: student.id,
        category,
        date,
        employer: '长沙智能科技有限公司',
        title: category === 'out_of_field' ? '销售经理' : 'AI 产品经理',
        city: '长沙',
        startDate: addDays(date, 14),
        monthlyBase,
        monthsPerYear,
        fixedExtras,
        evidence,
      });
    }
    if (plan.seeking !== undefined) await api.call('POST', '/api/admin/outcomes', { studentId: student.id, category: 'seeking', date: addDays(lastDay, plan.seeking) });
    if (plan.refundPaid) await api.call('POST', '/api/admin/payments', { studentId: student.id, contractId: contract.id, kind: 'refund', amount: -FEE, paymentDate: today });
    if (plan.bonusPaid) await api.call('POST', '/api/admin/payments', { studentId: student.id, contractId: contract.id, kind: 'bonus', amount: FEE / 10, paymentDate: today });
  }
  return { cohort, ids };
}

const yuan = (cents) => `¥${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: process.env.AIPM_BASE_URL ?? 'http://127.0.0.1:3000' },
      email: { type: 'string', default: process.env.ADMIN_EMAIL },
      password: { type: 'string', default: process.env.ADMIN_PASSWORD },
      storage: { type: 'string' },
    },
  });
  if (!values.email || !values.password) {
    console.error('usage: node tools/seed/outcomes-cohort.mjs --base <url> --email <administrator> --password <password> [--storage <s3 url>]');
    process.exit(2);
  }
  const api = apiClient(values.base, { storage: values.storage });
  await api.signIn(values.email, values.password);
  const { cohort, ids } = await seedOutcomesCohort(api);
  const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  console.log(`cohort ${cohort.name} (${cohort.id}): ${cohort.startDate} – ${cohort.endDate}`);
  const ledger = await api.call('GET', `/api/admin/guarantee?range=${encodeURIComponent('[0,499]')}`);
  for (const entry of ledger.filter((item) => names[item.studentId])) {
    console.log(`  ${names[entry.studentId].padEnd(4, '　')} ${entry.status.padEnd(11)} owed ${yuan(entry.owed).padStart(11)} exposure ${yuan(entry.exposure).padStart(11)}${entry.failedRule ? ` (${entry.failedRule})` : ''}`);
  }
  const report = await api.call('GET', '/api/admin/outcomes-report?groupBy=cohort');
  const row = report.rows.find((item) => item.key === cohort.id);
  const who = (figure) => `${figure.count} (${figure.studentIds.map((id) => names[id]).join('、')})`;
  for (const key of ['enrolled', 'graduatedOnTime', 'graduatedLate', 'withdrawn', 'placedInField', 'atOrAboveTarget']) console.log(`  ${key}: ${who(row[key])}`);
  console.log(`  median annual base: ${row.medianAnnualBase === null ? '—' : yuan(row.medianAnnualBase)} of ${who(row.medianBasis)}; at or above target ${row.atOrAboveTargetShare}%`);
  console.log(`  refunds paid ${row.refundsPaid.map((total) => yuan(total.amount)).join(' + ') || '¥0.00'}, bonuses paid ${row.bonusesPaid.map((total) => yuan(total.amount)).join(' + ') || '¥0.00'}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
