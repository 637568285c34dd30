import type { DuplicateGroup, LeadMergeSummary } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { adminAgent, phoneSequence, sendMessage, sendRegistration } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

type Body = Record<string, unknown>;
type Row = Record<string, unknown>;

/** Duplicates merged, reversibly (docs/product/back-office.md#duplicates, ADR 072), against a real database. */
describe('duplicates merged, reversibly', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const nextPhone = phoneSequence('136');
  const registration = (body: Body) => sendRegistration(app, { name: '吴十', ...body });
  const message = (body: Body) => sendMessage(app, { name: '吴十', ...body });
  /** Every column of the row, the trigger-kept grams included: what "restored exactly" is checked against. */
  const rowOf = async (table: string, id: string): Promise<Row> => (await sql.query(`SELECT * FROM "${table}" WHERE id = $1`, [id]))[0];
  const merge = (body: Body) => admin.post('/api/admin/people/merges').send(body);
  const duplicates = async (): Promise<DuplicateGroup[]> => (await admin.get('/api/admin/people/duplicates').expect(200)).body.data;
  const auditOf = async (action: string, entityId: string) => sql.query(`SELECT * FROM audit_log WHERE action = $1 AND "entityId" = $2`, [action, entityId]);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(6), FORM_RATE_LIMIT_PER_MINUTE: '100000' }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  it('lists likely duplicates by phone, email, and name with school, each with why', async () => {
    const phone = nextPhone();
    const byPhone = [await registration({ phone, email: 'wu.a@example.com' }), await message({ phone })];
    const byEmail = [await registration({ phone: nextPhone(), email: 'wu.b@example.com' }), await message({ phone: nextPhone(), email: 'WU.B@example.com' })];
    const bySchool = [await registration({ phone: nextPhone(), name: '郑十一', school: '长沙理工大学' }), await registration({ phone: nextPhone(), name: ' 郑十一', school: '长沙理工大学 ' })];
    // Same phone and same email: one group with both reasons.
    const both = nextPhone();
    const twice = [await registration({ phone: both, email: 'wu.c@example.com', name: '王十二' }), await message({ phone: both, email: 'wu.c@example.com', name: '王十二' })];
    // Apart in time: a repeat within 24 hours is counted on the first registration, not stored again.
    await sql.query(`UPDATE registrations SET "createdAt" = now() - interval '3 days', "agreedAt" = now() - interval '3 days' WHERE id = ANY($1)`, [[byPhone[0], byEmail[0], bySchool[0], twice[0]]]);

    const groups = await duplicates();
    const groupOf = (ids: string[]) => groups.find((group) => ids.every((id) => group.records.some((record) => record.id === id)));
    expect(groupOf(byPhone)?.reasons).toEqual(['phone']);
    expect(groupOf(byEmail)?.reasons).toEqual(['email']);
    expect(groupOf(bySchool)?.reasons).toEqual(['name_school']);
    expect(groupOf(twice)?.reasons.sort()).toEqual(['email', 'phone']);
    expect(groups.filter((group) => group.records.some((record) => record.id === twice[0]))).toHaveLength(1);
    // Phones stay masked; the registration carries its consent.
    const record = groupOf(byPhone)!.records.find((row) => row.id === byPhone[0])!;
    expect(record).toMatchObject({ resource: 'registrations', phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, consented: true });
    expect(JSON.stringify(groups)).not.toContain(phone);
  });

  it('merges side by side keeping both rows and the earliest first touch, hides the merged lead, and undoes exactly, every column', async () => {
    const phone = nextPhone();
    const survivorId = await registration({ phone, email: 'wu.d@example.com', source: { utm_source: 'douyin', landingPath: '/' } });
    // Another phone and email (the same phone within 24 hours is a repeat, not a lead): the page finds it through the merge.
    const mergedId = await registration({ phone: nextPhone(), email: 'wu.e@example.com', name: '吴 十', school: '中南大学', source: { utm_source: 'wechat', utm_campaign: 'autumn' } });
    // The merged lead came first: its first touch is the person's.
    await sql.query(`UPDATE registrations SET "createdAt" = now() - interval '5 days', "agreedAt" = now() - interval '5 days' WHERE id = $1`, [mergedId]);
    await admin.patch(`/api/registrations/${mergedId}`).send({ status: 'contacted', note: '第一次报名时已联系' }).expect(200);
    const before = { survivor: await rowOf('registrations', survivorId), merged: await rowOf('registrations', mergedId) };
    const totals = (await admin.get('/api/admin/stats').expect(200)).body.data;

    const answer = await merge({ survivorResource: 'registrations', survivorId, mergedResource: 'registrations', mergedId, fields: ['school', 'note'] });
    expect(answer.status).toBe(201);
    const merged: LeadMergeSummary = answer.body.data;
    expect(merged).toMatchObject({ survivor: { resource: 'registrations', id: survivorId }, merged: { resource: 'registrations', id: mergedId }, undoneAt: null });

    const survivorAfter = await rowOf('registrations', survivorId);
    const mergedAfter = await rowOf('registrations', mergedId);
    expect(survivorAfter).toMatchObject({ school: '中南大学', note: '第一次报名时已联系', email: 'wu.d@example.com', name: '吴十', source: { utm_source: 'wechat', utm_campaign: 'autumn' } });
    // The merged lead is kept whole, its consent and history on it; only its merge is new.
    expect(mergedAfter).toEqual({ ...before.merged, mergeId: merged.id });
    expect(mergedAfter['agreedAt']).not.toBeNull();
    // Out of the list, the export and the counts; still on the person page.
    const listed = await admin.get('/api/registrations').query({ filter: JSON.stringify({ q: phone }) }).expect(200);
    expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([survivorId]);
    const csv = await admin.get('/api/registrations/export').expect(200);
    expect(csv.text).toContain(survivorId);
    expect(csv.text).not.toContain(mergedId);
    expect((await admin.get('/api/admin/stats').expect(200)).body.data.totalRegistrations).toBe(totals.totalRegistrations - 1);
    const page = (await admin.get(`/api/admin/people/registrations/${survivorId}/timeline`).expect(200)).body.data;
    expect(page.records.map((row: { id: string }) => row.id)).toContain(mergedId);
    expect((await duplicates()).some((group) => group.records.some((record) => record.id === mergedId))).toBe(false);
    expect(await auditOf('lead.merge', merged.id)).toEqual([
      expect.objectContaining({ entity: 'person', details: { survivor: merged.survivor, merged: merged.merged, fields: ['school', 'note'] } }),
    ]);

    const undone = await admin.post(`/api/admin/people/merges/${merged.id}/undo`).expect(200);
    expect(undone.body.data).toMatchObject({ id: merged.id, undoneAt: expect.any(String) });
    // Row by row, every column, as before the merge.
    expect(await rowOf('registrations', survivorId)).toEqual(before.survivor);
    expect(await rowOf('registrations', mergedId)).toEqual(before.merged);
    expect((await admin.get('/api/admin/stats').expect(200)).body.data.totalRegistrations).toBe(totals.totalRegistrations);
    expect(await auditOf('lead.merge.undo', merged.id)).toHaveLength(1);
    expect(await auditOf('lead.merge', merged.id)).toHaveLength(1);

    // A second undo, and merging again after the undo.
    expect((await admin.post(`/api/admin/people/merges/${merged.id}/undo`).expect(409)).body).toEqual(apiError('LEAD_MERGE_ALREADY_UNDONE'));
    await merge({ survivorResource: 'registrations', survivorId, mergedResource: 'registrations', mergedId }).expect(201);
  });

  it('merges a message into a registration, and refuses an undo once either lead changed since', async () => {
    const phone = nextPhone();
    const survivorId = await registration({ phone });
    const mergedId = await message({ phone, email: 'wu.f@example.com' });
    const merged: LeadMergeSummary = (await merge({ survivorResource: 'registrations', survivorId, mergedResource: 'contact', mergedId, fields: ['email'] }).expect(201)).body.data;
    expect(await rowOf('registrations', survivorId)).toMatchObject({ email: 'wu.f@example.com' });
    expect((await admin.get('/api/contact').query({ filter: JSON.stringify({ q: phone }) }).expect(200)).body.data).toEqual([]);

    await admin.patch(`/api/registrations/${survivorId}`).send({ note: '合并后又写的备注' }).expect(200);
    const stale = await admin.post(`/api/admin/people/merges/${merged.id}/undo`).expect(409);
    expect(stale.body).toEqual(apiError('LEAD_MERGE_STALE'));
    // Nothing changed by the refused undo, and nothing audited.
    expect(await rowOf('contact_messages', mergedId)).toMatchObject({ mergeId: merged.id });
    expect(await auditOf('lead.merge.undo', merged.id)).toEqual([]);
  });

  it('keeps a merged-away lead out of 今日待办 and out of an import: the kept record stands for both', async () => {
    const phone = nextPhone();
    const older = await registration({ phone, name: '合并甲' });
    await sql.query(`UPDATE registrations SET "createdAt" = now() - interval '3 days' WHERE id = $1`, [older]);
    const newer = await registration({ phone, name: '合并甲' });
    // The older registration is merged into the newer one: an import must still find the one that stands.
    await merge({ survivorResource: 'registrations', survivorId: newer, mergedResource: 'registrations', mergedId: older }).expect(201);

    const today = (await admin.get('/api/admin/follow-ups/today').expect(200)).body.data as { newLeads: Array<{ leadId: string }> };
    const waiting = today.newLeads.map((row) => row.leadId);
    expect(waiting).toContain(newer);
    expect(waiting).not.toContain(older);

    const file = Buffer.from(`姓名,手机号,备注\r\n合并甲,${phone},导入的备注`, 'utf8');
    const imported = (
      await admin.post('/api/admin/lead-imports').field('mapping', JSON.stringify({ name: '姓名', phone: '手机号', note: '备注' })).attach('file', file, 'leads.csv').expect(201)
    ).body.data;
    expect(imported).toMatchObject({ created: 0, merged: 1 });
    expect((await rowOf('registrations', newer)).note).toBe('导入的备注');
    expect((await rowOf('registrations', older)).note).toBeNull();
  });

  it('refuses bad merges with stable codes', async () => {
    const phone = nextPhone();
    const a = await registration({ phone });
    const b = await message({ phone });
    const c = await message({ phone, email: 'wu.g@example.com' });
    const body = (survivorId: string, mergedId: string, extra: Body = {}) => ({ survivorResource: 'registrations', survivorId, mergedResource: 'contact', mergedId, ...extra });

    expect((await merge({ survivorResource: 'registrations', survivorId: a, mergedResource: 'registrations', mergedId: a }).expect(400)).body).toEqual(apiError('LEAD_MERGE_SELF'));
    expect((await merge(body(a, b, { fields: ['school'] })).expect(400)).body).toEqual(apiError('LEAD_MERGE_FIELD_NOT_SHARED'));
    expect((await merge(body(a, b, { fields: ['password'] })).expect(400)).body).toMatchObject({ code: 'INVALID_LEAD_MERGE' });
    expect((await merge({ ...body(a, b), survivorResource: 'students' }).expect(400)).body).toMatchObject({ code: 'INVALID_LEAD_MERGE' });
    expect((await merge(body(a, '00000000-0000-4000-8000-000000000000')).expect(404)).body).toEqual(apiError('LEAD_NOT_FOUND'));

    await merge(body(a, b)).expect(201);
    // Merged already, as either side.
    expect((await merge(body(a, b)).expect(409)).body).toEqual(apiError('LEAD_ALREADY_MERGED'));
    expect((await merge({ survivorResource: 'contact', survivorId: b, mergedResource: 'contact', mergedId: c }).expect(409)).body).toEqual(apiError('LEAD_ALREADY_MERGED'));
    // A survivor others were merged into is not folded away.
    expect((await merge({ survivorResource: 'contact', survivorId: c, mergedResource: 'registrations', mergedId: a }).expect(409)).body).toEqual(apiError('LEAD_HAS_MERGED_RECORDS'));
    expect((await admin.post('/api/admin/people/merges/00000000-0000-4000-8000-000000000000/undo').expect(404)).body).toEqual(apiError('LEAD_MERGE_NOT_FOUND'));
    expect((await admin.post('/api/admin/people/merges/not-a-uuid/undo').expect(400)).body).toMatchObject({ code: 'INVALID_LEAD_ID' });
    expect(await sql.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'lead.merge' AND details->'survivor'->>'id' = $1`, [c])).toEqual([{ n: 0 }]);
  });

  it('stores a registration again within 24 hours of one merged away as a new lead, not a repeat hidden with it', async () => {
    const phone = nextPhone();
    const survivorId = await message({ phone, email: 'wu.i@example.com' });
    const mergedId = await registration({ phone });
    await merge({ survivorResource: 'contact', survivorId, mergedResource: 'registrations', mergedId }).expect(201);
    const again = await registration({ phone });
    expect(again).not.toBe(mergedId);
    expect(await rowOf('registrations', mergedId)).toMatchObject({ repeatCount: 0 });
    const listed = await admin.get('/api/registrations').query({ filter: JSON.stringify({ q: phone }) }).expect(200);
    expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([again]);
  });

  it('removes a merge and its copies of both leads when either is erased, and shows the merged lead again when the survivor is deleted', async () => {
    const phone = nextPhone();
    const survivorId = await registration({ phone });
    const mergedId = await message({ phone: nextPhone(), email: 'wu.h@example.com' });
    const merged: LeadMergeSummary = (await merge({ survivorResource: 'registrations', survivorId, mergedResource: 'contact', mergedId }).expect(201)).body.data;
    await admin.delete(`/api/registrations/${survivorId}`).expect(200);
    expect(await sql.query(`SELECT id FROM lead_merges WHERE id = $1`, [merged.id])).toEqual([]);
    expect(await rowOf('contact_messages', mergedId)).toMatchObject({ mergeId: null });
  });
});
