// @ts-check
/**
 * The student portal's first load: the JavaScript a browser downloads on `/student` (the sign-in), on
 * `/student/home` (the student's own records) and on `/student/offers` (the offer reports and their form), built
 * (docs/product/student-portal.md#first-load: ≤ 120 KB gzip each, 375 px in WeChat's browser first). Boots the built front door of this tree in this process on a loopback port
 * against a stand-in of the API's student realm on another (signed out for `/student`, signed in with a full record
 * for the other two: every section rendered, so every component the page can use is loaded), server-renders the
 * pages for WeChat's in-app browser, and sums every /assets/*.js the HTML loads (script src, modulepreload, the
 * module script's imports; landing-js.mjs's scriptsOf): raw bytes and gzip at level 6, what the front door's
 * compression sends. The landing's own figure is landing-js.mjs's (and tools/landing-first-load.int-spec.ts's).
 *
 * Usage: npm run build -w @aipm/web -w @aipm/web-server && node tools/bench/student-js.mjs [--json file]
 * Exit code 1 when a page is over the budget.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

import { scriptsOf, USER_AGENTS } from './landing-js.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);

/** docs/product/student-portal.md#first-load. */
export const STUDENT_JS_BUDGET_GZIP = 120 * 1024;

/** A signed-in student's whole record, as GET /api/student/me answers it (one of everything, today a class day). */
const RECORD = {
  today: '2026-11-26',
  name: '李四',
  status: 'active',
  cohort: {
    name: '2026年11月期',
    startDate: '2026-11-23',
    endDate: '2026-12-27',
    status: 'running',
    modules: [
      { module: 1, days: [{ date: '2026-11-23', dayOfModule: 1 }, { date: '2026-11-24', dayOfModule: 2 }] },
      { module: 2, days: [{ date: '2026-11-25', dayOfModule: 1 }, { date: '2026-11-26', dayOfModule: 2 }] },
    ],
    todayClassDay: { date: '2026-11-26', module: 2, dayOfModule: 2 },
  },
  attendance: { attended: 2, marked: 3, rate: 66, days: [{ date: '2026-11-25', mark: 'absent', module: 2, dayOfModule: 1 }] },
  contracts: [
    {
      id: 'c1',
      contractNumber: 'HT-2026-0001',
      courseName: 'AI产品经理训练营',
      contractAmount: 1980000,
      currency: 'CNY',
      startDate: '2026-11-23',
      endDate: '2027-01-22',
      signedDate: null,
      status: 'active',
      paidAmount: 1000000,
      outstandingAmount: 980000,
      guaranteed: true,
      files: [{ id: 'f1', name: '合同.pdf', size: 1000, contentType: 'application/pdf', url: '/api/student/files/f1' }],
    },
  ],
  payments: {
    items: [{ id: 'p1', paymentNumber: 'PAY-20261120-7KQ2ZD', kind: 'tuition', amount: 1000000, currency: 'CNY', paymentMethod: 'wechat', paymentDate: '2026-11-20', status: 'completed' }],
    total: [{ currency: 'CNY', amount: 1500000 }],
    completed: [{ currency: 'CNY', amount: 1000000 }],
    pending: [{ currency: 'CNY', amount: 500000 }],
    balance: [{ currency: 'CNY', amount: 980000 }],
  },
  toolAccounts: [{ id: 'a1', kind: 'vpn', username: 'vpn-01', email: null, status: 'active' }],
  guarantee: [{ contractNumber: 'HT-2026-0001', status: 'open', windowEnd: null, need: { code: 'graduate_first', target: 20000000, currency: 'CNY', windowDays: 180, minAttendance: 90 } }],
};

/** One report in each review state, as GET /api/student/offers answers them: every part of the list renders. */
const offer = (id, reviewState, returnReason = null) => ({
  id,
  studentId: 's1',
  category: 'in_field_full_time',
  date: '2026-11-20',
  employer: '长沙某科技有限公司',
  title: 'AI 产品经理',
  city: '长沙',
  startDate: '2026-12-01',
  monthlyBase: 1500000,
  monthsPerYear: 14,
  fixedExtras: 0,
  annualBase: 21000000,
  contractSalary: 21000000,
  notes: null,
  evidence: [],
  reviewState,
  returnReason,
  reportedByStudent: true,
  reviewedAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
});
const OFFERS = [offer('o1', 'pending'), offer('o2', 'accepted'), offer('o3', 'returned', '录用通知书看不清')];

function option(name) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** The student realm's stand-in: `aipm.student=bench` is signed in; everything else (the site settings) a 404. */
async function startStandInApi() {
  const server = http.createServer((req, res) => {
    const signedIn = /(?:^|; )aipm\.student=bench(?:;|$)/.test(req.headers.cookie ?? '');
    const answer = (/** @type {number} */ status, /** @type {object} */ body) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const refused = { success: false, code: 'STUDENT_UNAUTHORIZED' };
    if (req.url === '/api/student/session') return signedIn ? answer(200, { success: true, data: { username: 'lisi', name: '李四' } }) : answer(401, refused);
    if (req.url === '/api/student/me') return signedIn ? answer(200, { success: true, data: RECORD }) : answer(401, refused);
    if (req.url === '/api/student/offers') return signedIn ? answer(200, { success: true, data: OFFERS }) : answer(401, refused);
    answer(404, { success: false, code: 'NOT_FOUND' });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return { url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`, close: () => server.close() };
}

/**
 * @param {string} treeDir a checkout with apps/web/build and apps/web/server/dist
 * @returns {Promise<Record<'/student' | '/student/home' | '/student/offers', Sizes>>}
 *
 * @typedef {{ files: Array<{ file: string; raw: number; gzip: number }>; raw: number; gzip: number }} Sizes
 */
export async function measureStudentPages(treeDir) {
  const webDir = path.join(treeDir, 'apps', 'web');
  const clientDir = path.join(webDir, 'build', 'client');
  const serverBuild = path.join(webDir, 'build', 'server', 'index.js');
  const frontDoor = path.join(webDir, 'server', 'dist', 'front-door.js');
  for (const file of [serverBuild, frontDoor]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build -w @aipm/web -w @aipm/web-server\` in ${treeDir}`);
  }
  const require = createRequire(frontDoor);
  const { createFrontDoor } = require(frontDoor);
  const { pino } = require('pino');
  const build = await import(pathToFileURL(serverBuild).href);
  const api = await startStandInApi();
  const app = createFrontDoor({ apiUrl: api.url, adminDist: os.tmpdir(), build, clientDir, logger: pino({ level: 'silent' }) });
  const server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const size = (/** @type {string} */ file) => {
    const code = fs.readFileSync(path.join(clientDir, file));
    return { file, raw: code.length, gzip: zlib.gzipSync(code, { level: 6 }).length };
  };
  const total = (/** @type {string[]} */ files) => {
    const sized = files.map(size);
    return { files: sized, raw: sized.reduce((sum, f) => sum + f.raw, 0), gzip: sized.reduce((sum, f) => sum + f.gzip, 0) };
  };
  try {
    const page = async (/** @type {string} */ pathname, /** @type {string | undefined} */ cookie) => {
      const response = await fetch(`http://127.0.0.1:${server.address().port}${pathname}`, {
        headers: { 'user-agent': USER_AGENTS.wechat, 'accept-language': 'zh-CN', ...(cookie ? { cookie } : {}) },
        redirect: 'manual',
      });
      const html = await response.text();
      if (response.status !== 200) throw new Error(`${pathname} answered ${response.status} in ${treeDir}`);
      return total(scriptsOf(html));
    };
    return {
      '/student': await page('/student'),
      '/student/home': await page('/student/home', 'aipm.student=bench'),
      '/student/offers': await page('/student/offers', 'aipm.student=bench'),
    };
  } finally {
    server.close();
    api.close();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const pages = await measureStudentPages(root);
  const name = (/** @type {string} */ file) => file.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');
  let over = false;
  for (const [pathname, sizes] of Object.entries(pages)) {
    console.log(`\n${pathname} (WeChat's browser, signed ${pathname === '/student' ? 'out' : 'in'})`);
    for (const { file, raw, gzip } of sizes.files) console.log(`  ${name(file).padEnd(28)} ${String(raw).padStart(8)} B ${String(gzip).padStart(7)} B gzip`);
    const within = sizes.gzip <= STUDENT_JS_BUDGET_GZIP;
    over ||= !within;
    console.log(
      `  ${'total'.padEnd(28)} ${String(sizes.raw).padStart(8)} B ${String(sizes.gzip).padStart(7)} B gzip (${sizes.files.length} files); budget ${STUDENT_JS_BUDGET_GZIP} B: ${within ? 'within' : 'OVER'}`,
    );
  }
  const jsonFile = option('--json');
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify({ pages, budget: STUDENT_JS_BUDGET_GZIP }, null, 2));
  if (over) process.exitCode = 1;
}
