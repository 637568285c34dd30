import { addDays, COHORT_ERRORS, ERROR_MESSAGES, formatIsoDate } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError, expectFieldError } from './support/api-errors';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

type Body = Record<string, unknown>;

const patch = (changes: Body) => (base: Body) => ({ ...base, ...changes });
const without = (field: string) => (base: Body) => {
  const body = { ...base };
  delete body[field];
  return body;
};

/** docs/product/validation.md#cohort */
const COHORT_RULES: Array<[string, (base: Body) => Body, string, string]> = [
  ['name missing', without('name'), 'name', COHORT_ERRORS.COHORT_NAME_REQUIRED],
  ['name blank', patch({ name: '   ' }), 'name', COHORT_ERRORS.COHORT_NAME_REQUIRED],
  ['name too long', patch({ name: '期'.repeat(51) }), 'name', COHORT_ERRORS.COHORT_NAME_TOO_LONG],
  ['start missing', without('startDate'), 'startDate', COHORT_ERRORS.INVALID_COHORT_START_DATE],
  ['start not a day', patch({ startDate: '2026-02-30' }), 'startDate', COHORT_ERRORS.INVALID_COHORT_START_DATE],
  ['capacity missing', without('capacity'), 'capacity', COHORT_ERRORS.INVALID_CAPACITY],
  ['capacity zero', patch({ capacity: 0 }), 'capacity', COHORT_ERRORS.INVALID_CAPACITY],
  ['capacity too large', patch({ capacity: 501 }), 'capacity', COHORT_ERRORS.INVALID_CAPACITY],
  ['capacity not whole', patch({ capacity: 2.5 }), 'capacity', COHORT_ERRORS.INVALID_CAPACITY],
  ['six modules', patch({ moduleDays: [2, 6, 7, 4, 3, 9] }), 'moduleDays', COHORT_ERRORS.INVALID_MODULE_DAYS],
  ['a module of no day', patch({ moduleDays: [2, 6, 7, 0, 3, 9, 4] }), 'moduleDays', COHORT_ERRORS.INVALID_MODULE_DAYS],
  ['a module of 31 days', patch({ moduleDays: [2, 6, 7, 31, 3, 9, 4] }), 'moduleDays', COHORT_ERRORS.INVALID_MODULE_DAYS],
  ['module days as text', patch({ moduleDays: '2,6,7,4,3,9,4' }), 'moduleDays', COHORT_ERRORS.INVALID_MODULE_DAYS],
  ['a day off that is no day', patch({ daysOff: ['2026-03-32'] }), 'daysOff', COHORT_ERRORS.INVALID_DAYS_OFF],
  ['101 days off', patch({ daysOff: Array.from({ length: 101 }, (_, day) => `2026-0${1 + Math.floor(day / 28)}-${String(1 + (day % 28)).padStart(2, '0')}`) }), 'daysOff', COHORT_ERRORS.INVALID_DAYS_OFF],
  ['status not of the list', patch({ status: 'closed' }), 'status', COHORT_ERRORS.INVALID_COHORT_STATUS],
  ['unknown field', patch({ seatsTaken: 3 }), 'seatsTaken', ERROR_MESSAGES.UNKNOWN_FIELD],
];

/** 期次 (docs/product/cohorts.md): the calendar, seats and the rules that keep them true. */
describe('cohorts API', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let sequence = 0;

  const nextName = () => `第${(sequence += 1)}期-${Date.now() % 100000}`;
  const nextPhone = () => `134${String(10_000_000 + (sequence += 1)).slice(-8)}`;
  const cohortBody = (body: Body = {}): Body => ({ name: nextName(), startDate: '2026-03-02', capacity: 30, ...body });
  const createCohort = async (body: Body = {}) => (await admin.post('/api/admin/cohorts').send(cohortBody(body)).expect(201)).body.data;
  const addStudent = (cohortId: string | null) => admin.post('/api/admin/students').send({ name: '周八', phone: nextPhone(), cohortId });

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(10) }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  it.each(COHORT_RULES)('refuses %s with 400 and its message', async (_case, body, field, message) => {
    expectFieldError((await admin.post('/api/admin/cohorts').send(body(cohortBody())).expect(400)).body, field, message);
  });

  it("adds a cohort with the programme's calendar: 35 class days from the start, skipping its days off", async () => {
    const cohort = await createCohort({ startDate: '2026-03-02', daysOff: ['2026-03-08', '2026-03-07', '2026-03-08'] });
    expect(cohort).toMatchObject({ startDate: '2026-03-02', moduleDays: [2, 6, 7, 4, 3, 9, 4], daysOff: ['2026-03-07', '2026-03-08'], status: 'enrolling', capacity: 30, seatsTaken: 0 });
    // 35 days from 03-02 end on 04-05; two days off push the end two days later.
    expect(cohort.endDate).toBe('2026-04-07');

    const changed = (await admin.patch(`/api/admin/cohorts/${cohort.id}`).send({ daysOff: [], moduleDays: [1, 1, 1, 1, 1, 1, 1], status: 'running' }).expect(200)).body.data;
    expect(changed).toMatchObject({ endDate: '2026-03-08', status: 'running', daysOff: [] });
  });

  it('refuses a second cohort of the same name', async () => {
    const { name } = await createCohort();
    expect((await admin.post('/api/admin/cohorts').send(cohortBody({ name })).expect(409)).body).toEqual(apiError('COHORT_NAME_TAKEN'));
  });

  it('seats students, counts them in the list, and refuses one more than the capacity', async () => {
    const cohort = await createCohort({ capacity: 2 });
    const first = (await addStudent(cohort.id).expect(201)).body.data;
    expect(first.cohortId).toBe(cohort.id);
    // A student added without a cohort, then moved into it.
    const second = (await addStudent(null).expect(201)).body.data;
    await admin.patch(`/api/admin/students/${second.id}`).send({ cohortId: cohort.id }).expect(200);

    const listed = await admin.get('/api/admin/cohorts').query({ filter: JSON.stringify({ id: cohort.id }) }).expect(200);
    expect(listed.body.data[0]).toMatchObject({ id: cohort.id, seatsTaken: 2, capacity: 2 });
    // The students list filtered by the cohort: its students and no one else.
    const seated = await admin.get('/api/admin/students').query({ filter: JSON.stringify({ cohortId: cohort.id }) }).expect(200);
    expect(seated.body.data.map((student: Body) => student.id).sort()).toEqual([first.id, second.id].sort());
    expect((await admin.get('/api/admin/students').query({ filter: JSON.stringify({ cohortId: 'not-an-id' }) }).expect(400)).body.code).toBe('INVALID_LIST_QUERY');
    expect((await addStudent(cohort.id).expect(409)).body).toEqual(apiError('COHORT_FULL'));
    const third = (await addStudent(null).expect(201)).body.data;
    expect((await admin.patch(`/api/admin/students/${third.id}`).send({ cohortId: cohort.id }).expect(409)).body).toEqual(apiError('COHORT_FULL'));
    expect((await admin.get(`/api/admin/students/${third.id}`).expect(200)).body.data.cohortId).toBeNull();
    // Saving a seated student again does not count them twice.
    await admin.patch(`/api/admin/students/${first.id}`).send({ cohortId: cohort.id, notes: '第一排' }).expect(200);
    expect((await admin.patch(`/api/admin/cohorts/${cohort.id}`).send({ capacity: 1 }).expect(409)).body).toEqual(apiError('CAPACITY_BELOW_SEATS'));
  });

  it('gives the last seat to one of two students added at the same moment', async () => {
    const cohort = await createCohort({ capacity: 1 });
    const answers = await Promise.all([addStudent(cohort.id), addStudent(cohort.id), addStudent(cohort.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect((await sql.query(`SELECT count(*)::int AS n FROM students WHERE "cohortId" = $1`, [cohort.id]))[0].n).toBe(1);
  });

  it('deletes an empty cohort only, and answers unknown and malformed ids with their codes', async () => {
    const cohort = await createCohort();
    const student = (await addStudent(cohort.id).expect(201)).body.data;
    expect((await admin.delete(`/api/admin/cohorts/${cohort.id}`).expect(409)).body).toEqual(apiError('COHORT_HAS_STUDENTS'));
    await admin.patch(`/api/admin/students/${student.id}`).send({ cohortId: null }).expect(200);
    await admin.delete(`/api/admin/cohorts/${cohort.id}`).expect(200);

    expect((await admin.get(`/api/admin/cohorts/${cohort.id}`).expect(404)).body).toEqual(apiError('COHORT_NOT_FOUND'));
    expect((await admin.get('/api/admin/cohorts/not-an-id').expect(400)).body.code).toBe('INVALID_COHORT_ID');
    expect((await addStudent(cohort.id).expect(404)).body).toEqual(apiError('COHORT_NOT_FOUND'));
    expectFieldError((await addStudent('not-an-id').expect(400)).body, 'cohortId', COHORT_ERRORS.INVALID_COHORT_ID);
  });

  it('lists newest start first by default, sorts, searches the name and filters the status', async () => {
    const tag = `排序${Date.now() % 100000}`;
    await createCohort({ name: `${tag}甲`, startDate: '2027-01-04', status: 'finished' });
    await createCohort({ name: `${tag}乙`, startDate: '2027-05-04' });
    const byStart = await admin.get('/api/admin/cohorts').query({ filter: JSON.stringify({ q: tag }), sort: JSON.stringify(['startDate', 'DESC']) }).expect(200);
    expect(byStart.headers['content-range']).toBe('cohorts 0-1/2');
    expect(byStart.body.data.map((cohort: Body) => cohort.name)).toEqual([`${tag}乙`, `${tag}甲`]);
    const finished = await admin.get('/api/admin/cohorts').query({ filter: JSON.stringify({ q: tag, status: 'finished' }) }).expect(200);
    expect(finished.body.data.map((cohort: Body) => cohort.name)).toEqual([`${tag}甲`]);
  });

  describe('attendance (docs/product/cohorts.md#attendance)', () => {
    const put = (cohortId: string, date: string, studentId: string, mark: unknown) => admin.put(`/api/admin/cohorts/${cohortId}/attendance/${date}/${studentId}`).send({ mark });

    it("opens a class day's grid of the cohort's students, saves each mark as it is set, and sums it on the card", async () => {
      // Class days 2026-03-02, 03 (module 01), 05, 06 … (module 02): 03-04 is a day off.
      const cohort = await createCohort({ startDate: '2026-03-02', daysOff: ['2026-03-04'] });
      const [wang, li] = [(await admin.post('/api/admin/students').send({ name: '王一', phone: nextPhone(), cohortId: cohort.id }).expect(201)).body.data, (await admin.post('/api/admin/students').send({ name: '李二', phone: nextPhone(), cohortId: cohort.id }).expect(201)).body.data];
      await addStudent(null).expect(201); // not in the cohort: not in its grid

      const grid = (await admin.get(`/api/admin/cohorts/${cohort.id}/attendance`).query({ date: '2026-03-05' }).expect(200)).body.data;
      expect(grid).toEqual({ cohortId: cohort.id, date: '2026-03-05', module: 2, dayOfModule: 1, students: [{ studentId: li.id, name: '李二', mark: null }, { studentId: wang.id, name: '王一', mark: null }] });

      for (const [date, mark] of [['2026-03-02', 'present'], ['2026-03-03', 'late'], ['2026-03-05', 'absent'], ['2026-03-06', 'leave']] as const) {
        expect((await put(cohort.id, date, wang.id, mark).expect(200)).body.data).toEqual({ mark });
      }
      await put(cohort.id, '2026-03-05', wang.id, 'present').expect(200);
      expect((await admin.get(`/api/admin/cohorts/${cohort.id}/attendance`).query({ date: '2026-03-05' }).expect(200)).body.data.students[1]).toEqual({ studentId: wang.id, name: '王一', mark: 'present' });
      // 出勤 and 迟到 count, 请假 does not: 3 of 4.
      expect((await admin.get(`/api/admin/students/${wang.id}`).expect(200)).body.data.attendance).toEqual({ attended: 3, marked: 4 });
      // Cleared: unmarked again.
      await put(cohort.id, '2026-03-06', wang.id, null).expect(200);
      expect((await admin.get(`/api/admin/students/${wang.id}`).expect(200)).body.data.attendance).toEqual({ attended: 3, marked: 3 });

      const entries = await sql.query(`SELECT "before", "after", "details" FROM audit_log WHERE "action" = 'attendance.mark' AND "entityId" = $1 ORDER BY "createdAt"`, [wang.id]);
      expect(entries).toHaveLength(6);
      expect(entries[4]).toEqual({ before: { mark: 'absent' }, after: { mark: 'present' }, details: { cohortId: cohort.id, date: '2026-03-05' } });

      // PIPL: the student's export carries the marks, and erasing the person takes them along.
      expect((await admin.get(`/api/admin/students/${wang.id}/export`).expect(200)).body.data.attendance).toEqual([
        { cohortId: cohort.id, date: '2026-03-02', mark: 'present' },
        { cohortId: cohort.id, date: '2026-03-03', mark: 'late' },
        { cohortId: cohort.id, date: '2026-03-05', mark: 'present' },
      ]);
      await admin.post('/api/admin/people/erase').send({ resource: 'students', id: wang.id }).expect(200);
      expect((await sql.query(`SELECT count(*)::int AS n FROM attendance WHERE "studentId" = $1`, [wang.id]))[0].n).toBe(0);
    });

    it('refuses a day outside the calendar, a student outside the cohort and an unknown mark, saving nothing', async () => {
      const cohort = await createCohort({ startDate: '2026-03-02', daysOff: ['2026-03-04'] });
      const student = (await addStudent(cohort.id).expect(201)).body.data;
      const outsider = (await addStudent(null).expect(201)).body.data;
      const marks = async () => (await sql.query(`SELECT count(*)::int AS n FROM attendance WHERE "cohortId" = $1`, [cohort.id]))[0].n;

      expectFieldError((await put(cohort.id, '2026-03-04', student.id, 'present').expect(400)).body, 'date', COHORT_ERRORS.NOT_A_CLASS_DAY);
      expectFieldError((await put(cohort.id, '2026-03-01', student.id, 'present').expect(400)).body, 'date', COHORT_ERRORS.NOT_A_CLASS_DAY);
      expectFieldError((await put(cohort.id, '2026-04-30', student.id, 'present').expect(400)).body, 'date', COHORT_ERRORS.NOT_A_CLASS_DAY);
      expectFieldError((await put(cohort.id, '2026-02-30', student.id, 'present').expect(400)).body, 'date', COHORT_ERRORS.INVALID_ATTENDANCE_DATE);
      expect((await put(cohort.id, '2026-03-02', outsider.id, 'present').expect(409)).body).toEqual(apiError('STUDENT_NOT_IN_COHORT'));
      expectFieldError((await put(cohort.id, '2026-03-02', student.id, 'sick').expect(400)).body, 'mark', COHORT_ERRORS.INVALID_ATTENDANCE_MARK);
      expectFieldError((await admin.put(`/api/admin/cohorts/${cohort.id}/attendance/2026-03-02/${student.id}`).send({}).expect(400)).body, 'mark', COHORT_ERRORS.INVALID_ATTENDANCE_MARK);
      expect((await put(cohort.id, '2026-03-02', 'nobody', 'present').expect(400)).body.code).toBe('INVALID_STUDENT_ID');
      expect((await put('00000000-0000-4000-8000-000000000000', '2026-03-02', student.id, 'present').expect(404)).body).toEqual(apiError('COHORT_NOT_FOUND'));
      expectFieldError((await admin.get(`/api/admin/cohorts/${cohort.id}/attendance`).query({ date: '2026-03-04' }).expect(400)).body, 'date', COHORT_ERRORS.NOT_A_CLASS_DAY);
      expect(await marks()).toBe(0);
    });

    it('opens on today when it is a class day, else the last class day before it, else the first', async () => {
      const today = formatIsoDate(new Date());
      const running = await createCohort({ startDate: addDays(today, -3), moduleDays: [1, 1, 1, 1, 1, 1, 1], daysOff: [today] });
      expect((await admin.get(`/api/admin/cohorts/${running.id}/attendance`).expect(200)).body.data.date).toBe(addDays(today, -1));
      const upcoming = await createCohort({ startDate: addDays(today, 10) });
      expect((await admin.get(`/api/admin/cohorts/${upcoming.id}/attendance`).expect(200)).body.data.date).toBe(addDays(today, 10));
      const current = await createCohort({ startDate: addDays(today, -1) });
      expect((await admin.get(`/api/admin/cohorts/${current.id}/attendance`).expect(200)).body.data).toMatchObject({ date: today, module: 1, dayOfModule: 2 });
    });
  });

  it('answers strangers with 401', async () => {
    const { default: request } = await import('supertest');
    await request(app.getHttpServer()).get('/api/admin/cohorts').expect(401);
    await request(app.getHttpServer()).post('/api/admin/cohorts').send(cohortBody()).expect(401);
  });
});
