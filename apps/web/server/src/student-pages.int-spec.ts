import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type { MyRecordResponse } from '@aipm/contracts';
import type { ServerBuild } from '@remix-run/node';
import { pino } from 'pino';
import request from 'supertest';

import { createFrontDoorListener } from './front-door';
import { CACHED_PAGES } from './page-cache';

// src → apps/web/server → apps/web
const webDir = path.resolve(__dirname, '..', '..');
const serverBuildFile = path.join(webDir, 'build', 'server', 'index.js');

function loadServerBuild(): ServerBuild {
  if (!fs.existsSync(serverBuildFile)) throw new Error(`The web build is missing (${serverBuildFile}): run \`npm run build -w @aipm/web\` before this spec.`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(serverBuildFile) as ServerBuild;
}

/** What the stand-in API received: the student pages must forward only the student's own cookies. */
/** 李四's own records as GET /api/student/me answers them: a cohort with today its 4th class day, one of each kind. */
const LISI_RECORD: MyRecordResponse['data'] = {
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
      contractAmount: 1_980_000,
      currency: 'CNY',
      startDate: '2026-11-23',
      endDate: '2027-01-22',
      signedDate: null,
      status: 'active',
      paidAmount: 1_000_000,
      outstandingAmount: 980_000,
      guaranteed: true,
      files: [{ id: 'f1', name: '合同.pdf', size: 1000, contentType: 'application/pdf', url: '/api/student/files/f1' }],
    },
  ],
  payments: {
    items: [{ id: 'p1', paymentNumber: 'PAY-20261120-7KQ2ZD', kind: 'tuition', amount: 1_000_000, currency: 'CNY', paymentMethod: 'wechat', paymentDate: '2026-11-20', status: 'completed' }],
    total: [{ currency: 'CNY', amount: 1_500_000 }],
    completed: [{ currency: 'CNY', amount: 1_000_000 }],
    pending: [{ currency: 'CNY', amount: 500_000 }],
    balance: [{ currency: 'CNY', amount: 980_000 }],
  },
  toolAccounts: [{ id: 'a1', kind: 'vpn', username: 'vpn-01', email: null, status: 'active' }],
  guarantee: [{ contractNumber: 'HT-2026-0001', status: 'open', windowEnd: null, need: { code: 'graduate_first', target: 20_000_000, currency: 'CNY', windowDays: 180, minAttendance: 90 } }],
};

interface Received {
  method: string;
  url: string;
  cookie: string | undefined;
  body: string;
}

/**
 * A stand-in of the API's student realm (docs/product/student-portal.md): `aipm.student=good` is a signed-in
 * session of 李四; the password `right` signs in; every reset token is unknown. Anything else (the site settings the
 * root reads) is a 404, which the site answers with its defaults.
 */
async function startStudentApi(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const json = (res: http.ServerResponse, status: number, body: object, headers: Record<string, string | string[]> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', cookie: req.headers.cookie, body });
      const signedIn = /(?:^|; )aipm\.student=good(?:;|$)/.test(req.headers.cookie ?? '');
      const student = { success: true, data: { username: 'lisi', name: '李四' } };
      if (req.url === '/api/student/session') return signedIn ? json(res, 200, student) : json(res, 401, { success: false, code: 'STUDENT_UNAUTHORIZED' });
      if (req.url === '/api/student/me') return signedIn ? json(res, 200, { success: true, data: LISI_RECORD }) : json(res, 401, { success: false, code: 'STUDENT_UNAUTHORIZED' });
      if (req.url === '/api/student/login') {
        const { password } = JSON.parse(body) as { password: string };
        return password === 'right'
          ? json(res, 200, student, { 'Set-Cookie': 'aipm.student=good; Path=/; HttpOnly; SameSite=Lax' })
          : json(res, 401, { success: false, code: 'STUDENT_INVALID_CREDENTIALS' });
      }
      if (req.url === '/api/student/reset') return json(res, 404, { success: false, code: 'RESET_LINK_NOT_FOUND' });
      json(res, 404, { success: false, code: 'NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/*
 * The /student pages through the whole front door, its page cache included (createFrontDoorListener): a student's
 * page is never kept, by the front door, the browser or a proxy, whoever asks and however often.
 */
describe('the student pages through the front door', () => {
  const build = loadServerBuild();
  let api: Awaited<ReturnType<typeof startStudentApi>>;
  let adminDist: string;
  let server: http.Server;

  beforeAll(async () => {
    api = await startStudentApi();
    adminDist = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-admin-dist-'));
    fs.writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><html><body></body></html>');
    const listener = createFrontDoorListener({ apiUrl: api.url, adminDist, build, clientDir: path.join(webDir, 'build', 'client'), logger: pino({ level: 'silent' }) });
    server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await api.close();
    fs.rmSync(adminDist, { recursive: true, force: true });
  });

  it('leaves every student page out of the page cache', () => {
    expect([...CACHED_PAGES].filter((page) => page.startsWith('/student'))).toEqual([]);
  });

  it('answers the sign-in page with no-store, every time', async () => {
    for (let load = 0; load < 3; load += 1) {
      const res = await request(server).get('/student');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('学员登录');
    }
  });

  it('signs in through the form without JavaScript, never cached, and forwards only the student cookies', async () => {
    const wrong = await request(server).post('/student').type('form').send({ login: 'lisi', password: 'wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['cache-control']).toBe('no-store');
    expect(wrong.text).toContain('用户名/邮箱或密码错误');

    const right = await request(server).post('/student').set('Cookie', 'aipm.sid=the-administrators').type('form').send({ login: 'lisi', password: 'right' });
    expect(right.status).toBe(302);
    expect(right.headers['location']).toBe('/student/home');
    expect(right.headers['cache-control']).toBe('no-store');
    expect(right.headers['set-cookie']).toEqual(['aipm.student=good; Path=/; HttpOnly; SameSite=Lax']);
    const login = api.received.filter(({ url }) => url === '/api/student/login').at(-1)!;
    expect(login.cookie).toBeUndefined();
    expect(JSON.parse(login.body)).toEqual({ login: 'lisi', password: 'right' });
  });

  it("answers the student's page with no-store for them, and sends anyone else to the sign-in", async () => {
    const home = await request(server).get('/student/home').set('Cookie', 'aipm.sid=the-administrators; aipm.student=good; lng=zh');
    expect(home.status).toBe(200);
    expect(home.headers['cache-control']).toBe('no-store');
    expect(home.text).toContain('你好，李四');
    expect(api.received.filter(({ url }) => url === '/api/student/me').at(-1)!.cookie).toBe('aipm.student=good');
    // Their own records, server-rendered (no JavaScript needed): each section, today marked, money as ¥ with two decimals.
    for (const heading of ['我的班级', '出勤', '合同', '缴费', '工具账号', '薪资保障', '账户']) expect(home.text).toContain(`>${heading}</h2>`);
    expect(home.text).toContain('今天：模块 02 第 2 天');
    expect(home.text).toContain('aria-current="date"');
    expect(home.text).toContain('出勤率：66%（2/3 天）');
    expect(home.text).toContain('href="/api/student/files/f1"');
    expect(home.text).toContain('合计：¥15,000.00（已完成 ¥10,000.00，待确认 ¥5,000.00）');
    expect(home.text).toContain('待缴余额：¥9,800.00');
    expect(home.text).toContain('vpn-01');
    expect(home.text).toContain('请先完成学业并毕业：毕业后 180 天内报告一份年薪不低于 ¥200,000.00 的对口录用即可达标');

    const stranger = await request(server).get('/student/home');
    expect(stranger.status).toBe(302);
    expect(stranger.headers['location']).toBe('/student');
    expect(stranger.headers['cache-control']).toBe('no-store');
  });

  it('keeps the reset page and its token out of caches and Referer headers', async () => {
    const page = await request(server).get('/student/reset/some-token');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toMatch(/(^|, )no-referrer$/);

    const refused = await request(server).post('/student/reset/some-token').type('form').send({ password: 'secret1', confirmPassword: 'secret1' });
    expect(refused.status).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.text).toContain('重置链接无效，请向管理员索取新的链接');
  });

  it("answers the client's data requests with no-store too", async () => {
    const data = await request(server).get('/student/home.data').set('Cookie', 'aipm.student=good');
    expect(data.status).toBe(200);
    expect(data.headers['cache-control']).toMatch(/no-store/);
  });
});
