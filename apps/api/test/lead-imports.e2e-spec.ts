import { LEAD_IMPORT_LIMITS, LEAD_IMPORTS_PATH } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError, invalidInput } from './support/api-errors';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/*
 * 导入 (docs/product/back-office.md#lead-import, ADR 075): the file checked by content, the mapping, the dry run's
 * exact counts, the import as one transaction and its undo, compared with the registrations table row by row.
 */
describe('lead imports', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');
  const MAPPING = { name: '姓名', phone: '手机号', email: '邮箱', school: '学校', major: '专业', note: '备注', source: '来源' };
  const post = (path: string, file: Buffer | null, name = 'leads.csv', mapping: unknown = MAPPING) => {
    const call = admin.post(`${LEAD_IMPORTS_PATH}${path}`);
    if (mapping !== undefined && path !== '/preview') call.field('mapping', typeof mapping === 'string' ? mapping : JSON.stringify(mapping));
    return file === null ? call : call.attach('file', file, name);
  };
  /** Every column of every registration, in id order: what undo must give back exactly. */
  const registrationsTable = () =>
    sql.query<Record<string, unknown>[]>(`SELECT to_jsonb(r) AS row FROM registrations r ORDER BY id`).then((rows) => rows.map((row) => row.row));
  const insertLead = async (values: { name: string; phone: string; phoneNormalized: string; email?: string | null; school?: string; note?: string | null; createdAt?: string }) => {
    const [row] = await sql.query<{ id: string }[]>(
      `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, note, source, "createdAt")
       VALUES ($1, $2, $3, $4, $5, '计算机', $6, '{"utm_source": "wechat"}', $7) RETURNING id`,
      [values.name, values.phone, values.phoneNormalized, values.email ?? null, values.school ?? '', values.note ?? null, values.createdAt ?? new Date().toISOString()],
    );
    return row!.id;
  };
  const count = async (table: string) => (await sql.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(5) }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  describe('bad input, each with its code', () => {
    it('refuses a missing, empty, too large, non-CSV/XLSX, broken or too long file', async () => {
      expect((await post('/preview', null).expect(400)).body).toEqual(apiError('LEAD_IMPORT_FILE_REQUIRED'));
      expect((await post('/preview', Buffer.alloc(0)).expect(400)).body).toEqual(apiError('LEAD_IMPORT_EMPTY'));
      expect((await post('/preview', csv(['姓名,手机号'])).expect(400)).body).toEqual(apiError('LEAD_IMPORT_EMPTY'));
      const tooLarge = Buffer.alloc(LEAD_IMPORT_LIMITS.maxBytes + 1, 'a');
      expect((await post('/preview', tooLarge).expect(413)).body).toEqual(apiError('LEAD_IMPORT_FILE_TOO_LARGE'));
      // By content, not by name: a PDF or an old binary .xls named .csv, and a broken workbook.
      expect((await post('/preview', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'leads.csv').expect(400)).body).toEqual(apiError('LEAD_IMPORT_FILE_TYPE'));
      const oldXls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
      expect((await post('/preview', oldXls, 'leads.xls').expect(400)).body).toEqual(apiError('LEAD_IMPORT_FILE_TYPE'));
      expect((await post('/preview', Buffer.from([0x00, 0x01, 0x02, 0x03, 0x41, 0x42]), 'leads.csv').expect(400)).body).toEqual(apiError('LEAD_IMPORT_FILE_TYPE'));
      const brokenZip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 7)]);
      expect((await post('/preview', brokenZip, 'leads.xlsx').expect(400)).body).toEqual(apiError('LEAD_IMPORT_FILE_UNREADABLE'));
      const rows = Array.from({ length: LEAD_IMPORT_LIMITS.maxRows + 1 }, (_, index) => `张${index},138${String(index).padStart(8, '0')}`);
      expect((await post('/preview', csv(['姓名,手机号', ...rows])).expect(400)).body).toEqual(apiError('LEAD_IMPORT_TOO_MANY_ROWS'));
      expect(await count('registrations')).toBe(0);
    });

    it('refuses a workbook that declares more than it may unpack (a zip bomb), before unpacking it', async () => {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('表单').addRow(['姓名', '手机号']);
      const zip = Buffer.from(await workbook.xlsx.writeBuffer());
      // The first central-directory entry now declares 512 MB unpacked.
      const entry = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      zip.writeUInt32LE(512 * 1024 * 1024, entry + 24);
      expect((await post('/preview', zip, 'leads.xlsx').expect(413)).body).toEqual(apiError('LEAD_IMPORT_FILE_TOO_LARGE'));
    });

    it('refuses a mapping without a phone column, or naming a column the file lacks, on the dry run and the import', async () => {
      const file = csv(['姓名,手机号', '张三,13800138000']);
      for (const path of ['/dry-run', '']) {
        expect((await post(path, file, 'leads.csv', { name: '姓名' }).expect(400)).body).toEqual(invalidInput({ mapping: 'LEAD_IMPORT_MAPPING_WITHOUT_PHONE' }));
        expect((await post(path, file, 'leads.csv', { name: '姓名', phone: '电话' }).expect(400)).body).toEqual(invalidInput({ mapping: 'LEAD_IMPORT_MAPPING_INVALID' }));
        expect((await post(path, file, 'leads.csv', { name: '手机号', phone: '手机号' }).expect(400)).body).toEqual(invalidInput({ mapping: 'LEAD_IMPORT_MAPPING_INVALID' }));
        expect((await post(path, file, 'leads.csv', '{not json').expect(400)).body).toEqual(invalidInput({ mapping: 'LEAD_IMPORT_MAPPING_INVALID' }));
      }
      expect(await count('registrations')).toBe(0);
      expect(await count('lead_import_batches')).toBe(0);
    });
  });

  describe('preview', () => {
    it('reads a GBK CSV (Excel on Chinese Windows) and suggests the mapping from the headers', async () => {
      const gbk = Buffer.from(new Uint8Array([0xd0, 0xd5, 0xc3, 0xfb, 0x2c, 0xca, 0xd6, 0xbb, 0xfa, 0xba, 0xc5, 0x0d, 0x0a, 0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x31, 0x33, 0x38, 0x30, 0x30, 0x31, 0x33, 0x38, 0x30, 0x30, 0x30]));
      const { body } = await post('/preview', gbk, '名单.csv').expect(200);
      expect(body.data).toEqual({
        fileName: '名单.csv',
        format: 'csv',
        headers: ['姓名', '手机号'],
        rowCount: 1,
        suggestedMapping: { name: '姓名', phone: '手机号' },
        rows: [{ 姓名: '张三', 手机号: '13800138000' }],
      });
    });

    it('reads an XLSX by its content, numbers and all', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('表单');
      sheet.addRow(['客户姓名', '联系电话', '电子邮箱', '毕业院校', '所学专业', '留言', '渠道']);
      sheet.addRow(['王五', 13900139000, 'WANGWU@example.com', '湖南大学', '金融', '想了解分期', '抖音']);
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      const { body } = await post('/preview', file, 'export.bin').expect(200);
      expect(body.data).toMatchObject({
        format: 'xlsx',
        rowCount: 1,
        suggestedMapping: { name: '客户姓名', phone: '联系电话', email: '电子邮箱', school: '毕业院校', major: '所学专业', note: '留言', source: '渠道' },
        rows: [{ 客户姓名: '王五', 联系电话: '13900139000', 电子邮箱: 'WANGWU@example.com' }],
      });
    });
  });

  describe('dry run, import and undo', () => {
    const FILE = csv([
      '\uFEFF姓名,手机号,邮箱,学校,专业,备注,来源',
      '新人甲,13811110001,jia@example.com,中南大学,软件工程,展会,baidu', // created
      '老张,+86 138 2222 0002,zhang@example.com,湖南大学,金融,第二次来,', // merged into 老张 (fills email and school, appends the note)
      '新人乙,13811110003,,,,,', // created
      '无号码,,,,,,', // phone_missing
      '错号码,12345,,,,,', // phone_invalid
      ',13811110006,,,,,', // name_missing
      '新人甲again,138-1111-0001,,,,,', // repeated_in_file
      `${'长'.repeat(51)},13811110008,,,,,`, // too_long
      '老李,13833330009,li@example.com,,,,xhs', // merged into 老李 (keeps its email)
    ]);

    let zhang: string;
    let li: string;

    beforeAll(async () => {
      // 老张 twice: the import merges into the earlier registration, the first touch.
      zhang = await insertLead({ name: '老张', phone: '13822220002', phoneNormalized: '+8613822220002', note: '首次电话未接', createdAt: '2026-01-01T00:00:00Z' });
      await insertLead({ name: '老张', phone: '13822220002', phoneNormalized: '+8613822220002', createdAt: '2026-02-01T00:00:00Z' });
      li = await insertLead({ name: '老李', phone: '13833330009', phoneNormalized: '+8613833330009', email: 'old-li@example.com', school: '长沙理工' });
      // A phone known only from a consultation message is not a registration: that row is created.
      await sql.query(`INSERT INTO contact_messages (name, phone, "phoneNormalized", subject) VALUES ('新人乙', '13811110003', '+8613811110003', 'course')`);
    });

    it('counts exactly what would be created, merged and skipped, with the reason per skipped row, and writes nothing', async () => {
      const before = await registrationsTable();
      const { body } = await post('/dry-run', FILE).expect(200);
      expect(body.data).toEqual({
        rowCount: 9,
        created: 2,
        merged: 2,
        skipped: 5,
        skippedByReason: { phone_missing: 1, phone_invalid: 1, name_missing: 1, repeated_in_file: 1, too_long: 1 },
        skippedRows: [
          { line: 5, reason: 'phone_missing' },
          { line: 6, reason: 'phone_invalid' },
          { line: 7, reason: 'name_missing' },
          { line: 8, reason: 'repeated_in_file' },
          { line: 9, reason: 'too_long' },
        ],
        createdRows: [
          { line: 2, name: '新人甲', phone: '138****0001' },
          { line: 4, name: '新人乙', phone: '138****0003' },
        ],
        mergedRows: [
          { line: 3, name: '老张', phone: expect.stringContaining('****'), leadId: zhang },
          { line: 10, name: '老李', phone: '138****0009', leadId: li },
        ],
      });
      expect(await registrationsTable()).toEqual(before);
      expect(await count('lead_import_batches')).toBe(0);
    });

    it('imports as one audited batch that rings nobody, and undo gives the registrations table back row by row', async () => {
      const before = await registrationsTable();
      const outbox = await count('lead_notifications');

      const imported = (await post('', FILE, '展会名单.csv').expect(201)).body.data;
      expect(imported).toMatchObject({ fileName: '展会名单.csv', rowCount: 9, created: 2, merged: 2, skipped: 5, importedBy: 'leads-admin@example.com', undoneAt: null });
      expect(await count('registrations')).toBe(before.length + 2);
      expect(await count('lead_notifications')).toBe(outbox);

      const [created] = await sql.query(`SELECT name, phone, "phoneNormalized", email, school, major, note, source, status FROM registrations WHERE "phoneNormalized" = '+8613811110001'`);
      expect(created).toEqual({ name: '新人甲', phone: '13811110001', phoneNormalized: '+8613811110001', email: 'jia@example.com', school: '中南大学', major: '软件工程', note: '展会', source: { utm_source: 'baidu', utm_medium: 'import' }, status: 'new' });
      const [merged] = await sql.query(`SELECT name, email, school, major, note, source FROM registrations WHERE id = $1`, [zhang]);
      expect(merged).toEqual({ name: '老张', email: 'zhang@example.com', school: '湖南大学', major: '计算机', note: '首次电话未接\n第二次来', source: { utm_source: 'wechat' } });
      const [keptEmail] = await sql.query(`SELECT email FROM registrations WHERE id = $1`, [li]);
      expect(keptEmail).toEqual({ email: 'old-li@example.com' });

      const [entry] = await sql.query(`SELECT action, entity, "entityId", "actorName", details FROM audit_log WHERE action = 'lead.import'`);
      expect(entry).toMatchObject({ entity: 'lead_import', entityId: imported.id, actorName: 'leads-admin@example.com', details: { rowCount: 9, created: 2, merged: 2, skipped: 5 } });
      expect((await admin.get(LEAD_IMPORTS_PATH).expect(200)).body.data).toEqual([imported]);

      const undone = (await admin.post(`${LEAD_IMPORTS_PATH}/${imported.id}/undo`).expect(200)).body.data;
      expect(undone).toMatchObject({ id: imported.id, created: 2, merged: 2, undoneBy: 'leads-admin@example.com' });
      expect(undone.undoneAt).toEqual(expect.any(String));
      expect(await registrationsTable()).toEqual(before);
      expect(await count('lead_import_rows')).toBe(0);
      expect(await sql.query(`SELECT "entityId" FROM audit_log WHERE action = 'lead.import.undo'`)).toEqual([{ entityId: imported.id }]);

      expect((await admin.post(`${LEAD_IMPORTS_PATH}/${imported.id}/undo`).expect(409)).body).toEqual(apiError('LEAD_IMPORT_ALREADY_UNDONE'));
      expect((await admin.post(`${LEAD_IMPORTS_PATH}/00000000-0000-4000-8000-000000000000/undo`).expect(404)).body).toEqual(apiError('LEAD_IMPORT_NOT_FOUND'));
      expect((await admin.post(`${LEAD_IMPORTS_PATH}/nope/undo`).expect(400)).body.code).toBe('INVALID_LEAD_IMPORT_ID');
    });

    it('refuses to undo once a lead of the batch was followed up, and changes nothing', async () => {
      const imported = (await post('', FILE).expect(201)).body.data;
      const [lead] = await sql.query<{ id: string }[]>(`SELECT id FROM registrations WHERE "phoneNormalized" = '+8613811110003'`);
      await admin.patch(`/api/registrations/${lead!.id}`).send({ status: 'contacted' }).expect(200);
      const before = await registrationsTable();

      expect((await admin.post(`${LEAD_IMPORTS_PATH}/${imported.id}/undo`).expect(409)).body).toEqual(apiError('LEAD_IMPORT_CHANGED_SINCE'));
      expect(await registrationsTable()).toEqual(before);
      expect((await admin.get(`${LEAD_IMPORTS_PATH}/${imported.id}`).expect(200)).body.data.undoneAt).toBeNull();
    });

    it('refuses to undo once a follow-up was scheduled on a lead of the batch: undo would delete it with the lead', async () => {
      const imported = (await post('', FILE).expect(201)).body.data;
      const [lead] = await sql.query<{ id: string }[]>(`SELECT id FROM registrations WHERE "phoneNormalized" = '+8613811110003'`);
      const dueAt = new Date(Date.now() + 3_600_000).toISOString();
      await admin.post('/api/admin/follow-ups').send({ leadType: 'registration', leadId: lead!.id, dueAt, kind: 'phone', note: '回电' }).expect(201);
      const before = await registrationsTable();

      expect((await admin.post(`${LEAD_IMPORTS_PATH}/${imported.id}/undo`).expect(409)).body).toEqual(apiError('LEAD_IMPORT_CHANGED_SINCE'));
      expect(await registrationsTable()).toEqual(before);
      expect(await count('follow_ups')).toBeGreaterThan(0);
    });

    it('leaves nothing half-imported when a row fails in the database', async () => {
      const before = await registrationsTable();
      const batches = await count('lead_import_batches');
      // The new lead is inserted first; the merge after it fails: the insert must not stay.
      await sql.query(`ALTER TABLE registrations ADD CONSTRAINT "CHK_test_refuse" CHECK (note IS NULL OR note NOT LIKE '%拒收%')`);
      try {
        const file = csv(['姓名,手机号,备注', '先到,13844440001,', '老李,13833330009,拒收']);
        expect((await post('', file, 'x.csv', { name: '姓名', phone: '手机号', note: '备注' }).expect(500)).body.code).toBe('INTERNAL_ERROR');
      } finally {
        await sql.query(`ALTER TABLE registrations DROP CONSTRAINT "CHK_test_refuse"`);
      }
      expect(await registrationsTable()).toEqual(before);
      expect(await count('lead_import_batches')).toBe(batches);
    });
  });
});
