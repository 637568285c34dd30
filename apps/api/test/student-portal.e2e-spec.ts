import { AUTH_ERRORS, STUDENT_PORTAL_ERRORS } from '@aipm/contracts';
import request from 'supertest';
import { createHash } from 'node:crypto';
import { useApiSuite } from './support/api-suite';
import { STUDENT_SESSION_COOKIE_NAME } from '../src/common/student-session';

/** A distinct address per call site, so the sign-in limits of one test never meet another's. */
let addresses = 0;
const nextAddress = () => `192.0.2.${(addresses += 1) % 250}`;

/** "name=value" of a response's cookie, or undefined. */
function cookieOf(response: request.Response, name: string): string | undefined {
  const lines = [response.headers['set-cookie'] ?? []].flat() as string[];
  return lines.find((line) => line.startsWith(`${name}=`))?.split(';')[0];
}

/**
 * The student's own sign-in (docs/product/student-portal.md, ADR 061): sign-in by username or email, refused states,
 * the session and its rotation, sign-out, the administrator's one-time reset link, the audit entries with the
 * student as the actor, and the throttle that strangers cannot turn into a lock-out.
 */
describe('student portal', () => {
  const suite = useApiSuite(5);
  let logins = 0;

  /** A student with a 学员登录 (status as given); answers the ids and the credentials. */
  async function studentLogin(status: 'active' | 'suspended' | 'inactive' = 'active') {
    logins += 1;
    const username = `student-${logins}-${Date.now().toString(36)}`;
    const password = 'student-pass-1';
    const student = await suite.admin.post('/api/admin/students').send({ name: `学员${logins}`, phone: `1380000${String(1000 + logins).slice(-4)}` }).expect(201);
    const account = await suite.admin
      .post('/api/admin/student-accounts')
      .send({ studentId: student.body.data.id, kind: 'student_login', username, email: `${username}@example.com`, password, status })
      .expect(201);
    return { studentId: student.body.data.id as string, accountId: account.body.data.id as string, username, email: `${username}@example.com`, password, name: `学员${logins}` };
  }

  const server = () => suite.app.getHttpServer();
  const signIn = (login: string, password: string, address = nextAddress(), cookie?: string) => {
    const call = request(server()).post('/api/student/login').set('X-Forwarded-For', address);
    if (cookie) call.set('Cookie', cookie);
    return call.send({ login, password });
  };
  const auditOf = async (action: string, entityId: string) =>
    (await suite.sql.query(`SELECT "actorId", "actorName", "actorKind", entity, "entityId", before, after, details FROM audit_log WHERE action = $1 AND "entityId" = $2`, [action, entityId])) as {
      actorId: string | null;
      actorName: string | null;
      actorKind: string;
      entity: string;
    }[];

  it('signs in by username or by email, answers who is signed in, stamps the last login and records the student as the actor', async () => {
    const login = await studentLogin();
    const byUsername = await signIn(login.username, login.password).expect(200);
    expect(byUsername.body).toEqual({ success: true, message: '登录成功', data: { username: login.username, name: login.name } });
    const cookie = cookieOf(byUsername, STUDENT_SESSION_COOKIE_NAME)!;
    expect(cookie).toBeDefined();
    expect(cookieOf(byUsername, 'aipm.sid')).toBeUndefined();
    expect(byUsername.headers['cache-control']).toBe('no-store');
    const session = await request(server()).get('/api/student/session').set('Cookie', cookie).expect(200);
    expect(session.body.data).toEqual({ username: login.username, name: login.name });

    await signIn(login.email.toUpperCase(), login.password).expect(200);
    const [account] = (await suite.sql.query(`SELECT "lastLogin" FROM student_accounts WHERE id = $1`, [login.accountId])) as [{ lastLogin: Date | null }];
    expect(account.lastLogin).not.toBeNull();
    const entries = await auditOf('student.login', login.accountId);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actorId: login.accountId, actorName: `student:${login.accountId}`, actorKind: 'student', entity: 'account' });
  });

  it('refuses a wrong password and an unknown login alike, and sets no session', async () => {
    const login = await studentLogin();
    const wrong = await signIn(login.username, 'not-the-password').expect(401);
    const unknown = await signIn('nobody-here', 'not-the-password').expect(401);
    for (const answer of [wrong, unknown]) {
      expect(answer.body).toMatchObject({ code: 'STUDENT_INVALID_CREDENTIALS', message: STUDENT_PORTAL_ERRORS.STUDENT_INVALID_CREDENTIALS });
      expect(cookieOf(answer, STUDENT_SESSION_COOKIE_NAME)).toBeUndefined();
    }
    expect(await auditOf('student.login.fail', login.accountId)).toEqual([expect.objectContaining({ actorId: null, actorName: `student:${login.accountId}`, actorKind: 'student' })]);
  });

  it('refuses a suspended or inactive login with its own wording, only after the right password', async () => {
    const suspended = await studentLogin('suspended');
    const inactive = await signIn((await studentLogin('inactive')).username, 'student-pass-1').expect(403);
    const refused = await signIn(suspended.username, suspended.password).expect(403);
    expect(refused.body).toMatchObject({ code: 'STUDENT_ACCOUNT_SUSPENDED', message: '该账户已停用，请联系管理员' });
    expect(inactive.body).toMatchObject({ code: 'STUDENT_ACCOUNT_INACTIVE', message: '该账户尚未激活，请联系管理员' });
    expect(cookieOf(refused, STUDENT_SESSION_COOKIE_NAME)).toBeUndefined();
    // A wrong password says nothing about the state.
    await signIn(suspended.username, 'wrong-guess').expect(401);
  });

  it('signs a student out at once when the administrator suspends the login', async () => {
    const login = await studentLogin();
    const cookie = cookieOf(await signIn(login.username, login.password).expect(200), STUDENT_SESSION_COOKIE_NAME)!;
    await suite.admin.patch(`/api/admin/student-accounts/${login.accountId}`).send({ status: 'suspended' }).expect(200);
    const answer = await request(server()).get('/api/student/session').set('Cookie', cookie).expect(401);
    expect(answer.body).toMatchObject({ code: 'STUDENT_UNAUTHORIZED', message: STUDENT_PORTAL_ERRORS.STUDENT_UNAUTHORIZED });
  });

  it('changes the password: checks the current one, rotates this session and ends the others', async () => {
    const login = await studentLogin();
    const first = cookieOf(await signIn(login.username, login.password).expect(200), STUDENT_SESSION_COOKIE_NAME)!;
    const other = cookieOf(await signIn(login.username, login.password).expect(200), STUDENT_SESSION_COOKIE_NAME)!;
    const change = (body: object) => request(server()).post('/api/student/password').set('Cookie', first).send(body);

    expect((await change({ currentPassword: 'wrong', newPassword: 'student-pass-2' }).expect(400)).body.code).toBe('WRONG_CURRENT_PASSWORD');
    expect((await change({ currentPassword: login.password, newPassword: '12345' }).expect(400)).body).toMatchObject({ code: 'ACCOUNT_PASSWORD_TOO_SHORT', message: '密码至少6个字符' });
    const changed = await change({ currentPassword: login.password, newPassword: 'student-pass-2' }).expect(200);
    const rotated = cookieOf(changed, STUDENT_SESSION_COOKIE_NAME)!;
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(first);

    await request(server()).get('/api/student/session').set('Cookie', first).expect(401);
    await request(server()).get('/api/student/session').set('Cookie', other).expect(401);
    await request(server()).get('/api/student/session').set('Cookie', rotated).expect(200);
    await signIn(login.username, login.password).expect(401);
    await signIn(login.username, 'student-pass-2').expect(200);
    const [entry] = await auditOf('student.password.change', login.accountId);
    expect(entry).toMatchObject({ actorId: login.accountId, actorKind: 'student' });
    expect(JSON.stringify(entry)).not.toContain('student-pass-2');
  });

  it('signs out: the session ends and the sign-out is recorded', async () => {
    const login = await studentLogin();
    const cookie = cookieOf(await signIn(login.username, login.password).expect(200), STUDENT_SESSION_COOKIE_NAME)!;
    await request(server()).post('/api/student/logout').set('Cookie', cookie).expect(200);
    await request(server()).get('/api/student/session').set('Cookie', cookie).expect(401);
    expect(await auditOf('student.logout', login.accountId)).toEqual([expect.objectContaining({ actorId: login.accountId, actorKind: 'student' })]);
    // Again, with the ended session: still 200, nothing more recorded.
    await request(server()).post('/api/student/logout').set('Cookie', cookie).expect(200);
    expect(await auditOf('student.logout', login.accountId)).toHaveLength(1);
  });

  describe('reset link made by the administrator', () => {
    const tokenOf = (path: string) => path.replace('/student/reset/', '');
    const reset = (token: string, password: string) => request(server()).post('/api/student/reset').send({ token, password });

    it('sets the password once, ends the sessions, keeps only a hash and records both sides', async () => {
      const login = await studentLogin();
      const session = cookieOf(await signIn(login.username, login.password).expect(200), STUDENT_SESSION_COOKIE_NAME)!;
      const made = await suite.admin.post(`/api/admin/student-accounts/${login.accountId}/reset-link`).expect(201);
      expect(made.body.data.path).toMatch(/^\/student\/reset\/[A-Za-z0-9_-]{43}$/);
      const hours = (Date.parse(made.body.data.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      const token = tokenOf(made.body.data.path);
      const stored = (await suite.sql.query(`SELECT "tokenHash" FROM student_password_resets WHERE "accountId" = $1`, [login.accountId])) as { tokenHash: string }[];
      expect(stored).toEqual([{ tokenHash: createHash('sha256').update(token).digest('hex') }]);
      expect(JSON.stringify(await suite.sql.query(`SELECT * FROM audit_log`))).not.toContain(token);

      await reset(token, 'fresh-pass-1').expect(200);
      const again = await reset(token, 'fresh-pass-2').expect(410);
      expect(again.body).toMatchObject({ code: 'RESET_LINK_USED', message: STUDENT_PORTAL_ERRORS.RESET_LINK_USED });
      await request(server()).get('/api/student/session').set('Cookie', session).expect(401);
      await signIn(login.username, 'fresh-pass-1').expect(200);
      await signIn(login.username, 'fresh-pass-2').expect(401);

      expect(await auditOf('account.reset_link.create', login.accountId)).toEqual([expect.objectContaining({ actorKind: 'admin', actorName: 'leads-admin@example.com' })]);
      expect(await auditOf('student.password.reset', login.accountId)).toEqual([expect.objectContaining({ actorId: login.accountId, actorName: `student:${login.accountId}`, actorKind: 'student' })]);
    });

    it('refuses an expired, a replaced and an unknown link, and a too short password', async () => {
      const login = await studentLogin();
      const older = tokenOf((await suite.admin.post(`/api/admin/student-accounts/${login.accountId}/reset-link`).expect(201)).body.data.path);
      const newer = tokenOf((await suite.admin.post(`/api/admin/student-accounts/${login.accountId}/reset-link`).expect(201)).body.data.path);
      expect((await reset(older, 'fresh-pass-1').expect(410)).body.code).toBe('RESET_LINK_EXPIRED');
      expect((await reset(newer, '12345').expect(400)).body.code).toBe('ACCOUNT_PASSWORD_TOO_SHORT');
      await suite.sql.query(`UPDATE student_password_resets SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = $1`, [createHash('sha256').update(newer).digest('hex')]);
      expect((await reset(newer, 'fresh-pass-1').expect(410)).body).toMatchObject({ code: 'RESET_LINK_EXPIRED', message: STUDENT_PORTAL_ERRORS.RESET_LINK_EXPIRED });
      expect((await reset('no-such-token', 'fresh-pass-1').expect(404)).body.code).toBe('RESET_LINK_NOT_FOUND');
      await signIn(login.username, login.password).expect(200);
    });

    it('makes links for student logins only, and only for the administrator', async () => {
      const login = await studentLogin();
      const tool = await suite.admin.post('/api/admin/student-accounts').send({ studentId: login.studentId, kind: 'vpn', username: 'vpn-01' }).expect(201);
      expect((await suite.admin.post(`/api/admin/student-accounts/${tool.body.data.id}/reset-link`).expect(400)).body.code).toBe('RESET_LINK_NOT_FOR_TOOL_ACCOUNT');
      await suite.admin.post('/api/admin/student-accounts/00000000-0000-4000-8000-000000000000/reset-link').expect(404);
      const cookie = cookieOf(await signIn(login.username, login.password).expect(200), STUDENT_SESSION_COOKIE_NAME)!;
      const refused = await request(server()).post(`/api/admin/student-accounts/${login.accountId}/reset-link`).set('Cookie', cookie).expect(401);
      expect(refused.body.message).toBe(AUTH_ERRORS.UNAUTHORIZED);
    });
  });

  describe('sign-in throttling (the administrator design, its own counts)', () => {
    it('a stranger guessing from many addresses cannot lock the student out of a browser that signed in before', async () => {
      const login = await studentLogin();
      // The student's everyday phone: it signed in before the attack and keeps the device cookie.
      const first = await signIn(login.username, login.password).expect(200);
      const device = cookieOf(first, 'aipm.student-device')!;
      expect(device).toBeDefined();
      expect([first.headers['set-cookie']].flat().find((line: string) => line.startsWith('aipm.student-device='))).toContain('Path=/api/student/login');

      const answers: number[] = [];
      for (let address = 0; address < 6; address += 1) {
        const from = nextAddress();
        for (let attempt = 0; attempt < 5; attempt += 1) answers.push((await signIn(login.username, `guess-${address}-${attempt}`, from)).status);
      }
      // Ten free failures, then the account is paced for unknown browsers: 429 LOGIN_THROTTLED, never a lock.
      expect(answers.filter((status) => status === 401).length).toBeLessThanOrEqual(13);
      expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
      const paced = await signIn(login.username, login.password, nextAddress());
      expect(paced.status).toBe(429);
      expect(paced.body.code).toBe('LOGIN_THROTTLED');
      expect(Number(paced.headers['retry-after'])).toBeGreaterThan(0);

      const owner = await signIn(login.username, login.password, nextAddress(), device).expect(200);
      expect(cookieOf(owner, STUDENT_SESSION_COOKIE_NAME)).toBeDefined();
    });

    it('limits one address at 10 failures per login, and keeps those counts apart from the administrator', async () => {
      const login = await studentLogin();
      const from = nextAddress();
      for (let attempt = 0; attempt < 10; attempt += 1) await signIn(login.username, `guess-${attempt}`, from).expect(401);
      const limited = await signIn(login.username, login.password, from).expect(429);
      expect(limited.body).toMatchObject({ code: 'LOGIN_RATE_LIMITED', message: AUTH_ERRORS.LOGIN_RATE_LIMITED });
      // The administrator at the same address is not held by the student realm's counts.
      await request(server()).post('/api/admin/login').set('X-Forwarded-For', from).send({ email: 'leads-admin@example.com', password: 'leads-admin-password-1' }).expect(200);
    });
  });
});
