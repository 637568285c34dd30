import { s3ClientOptions } from '@aipm/config';
import { type ErrorCode, ERROR_MESSAGES, STORAGE_PROXY_PATH, STUDENT_ERRORS } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'minio';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../src/bootstrap/create-app';
import { ABANDONED_UPLOAD_AGE_MS, UploadSweeper } from '../src/uploads/upload-sweeper';
import { UploadsController } from '../src/uploads/uploads.controller';
import { testRedisUrl } from '../../../tools/testing/services';
import { adminAgent } from './support/lead-admin';
import { apiError, expectFieldError } from './support/api-errors';
import { testApiEnv } from './support/test-env';

const MB = 1024 * 1024;

/** Real first bytes of each accepted type, padded to `size` (the sniffer reads the head only). */
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]);
const TEXT = Buffer.from('这不是PDF，只是一段改了扩展名的文字。\n'.repeat(20));
const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);

describe(UploadsController.name, () => {
  let database: TestDatabase;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let store: Client;
  // A bucket of its own: the sweep below removes every unreferenced upload of its bucket.
  const BUCKET = { S3_BUCKET: 'aipm-uploads-spec' };
  const env = testApiEnv(BUCKET);

  const exists = async (key: string) =>
    store.statObject(env.S3_BUCKET, key).then(
      () => true,
      (error: { code?: string }) => {
        if (error.code === 'NotFound' || error.code === 'NoSuchKey') return false;
        throw error;
      },
    );
  const keyOf = (uploadURL: string) => decodeURIComponent(new URL(uploadURL, 'http://site.test').pathname).slice(`${STORAGE_PROXY_PATH}/${env.S3_BUCKET}/`.length);
  /** What the front door's /storage proxy does with a URL the API hands out (ADR 019): the store's own path-style URL. */
  const storeUrl = (proxied: string) => {
    expect(proxied.startsWith(`${STORAGE_PROXY_PATH}/${env.S3_BUCKET}/`)).toBe(true);
    return `${env.S3_ENDPOINT.replace(/\/+$/, '')}${proxied.slice(STORAGE_PROXY_PATH.length)}`;
  };

  /**
   * Steps 1 and 2 of docs/product/students.md#file-upload: the signed URL, then the browser's PUT of the raw bytes with
   * their content type.
   */
  async function put(fileName: string, bytes: Buffer, kind?: 'contract' | 'photo'): Promise<string> {
    const step1 = await admin.post('/api/contracts/upload-url').send({ fileName, ...(kind ? { kind } : {}) }).expect(200);
    const { uploadURL, method, headers } = step1.body.data;
    const stored = await fetch(storeUrl(uploadURL), { method, headers, body: bytes });
    expect(stored.status).toBe(200);
    return uploadURL;
  }
  const confirm = (uploadURL: string) => admin.post('/api/contracts/confirm-upload').send({ uploadURL });

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ ...BUCKET, DATABASE_URL: database.url, REDIS_URL: testRedisUrl(9) }));
    await app.init();
    admin = await adminAgent(app);
    store = new Client(s3ClientOptions(env));
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('needs the administrator session for every upload and file route (401)', async () => {
    const anonymous = request(app.getHttpServer());
    const uploadURL = await put('signed.pdf', PDF);
    const { accessURL } = (await confirm(uploadURL).expect(200)).body.data;
    for (const call of [
      anonymous.post('/api/contracts/upload-url').send({ fileName: 'a.pdf' }),
      anonymous.post('/api/contracts/confirm-upload').send({ uploadURL }),
      anonymous.get(accessURL),
    ]) {
      const response = await call;
      expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: apiError('UNAUTHORIZED') });
    }
  });

  it.each<[string, Record<string, unknown>, string, ErrorCode]>([
    ['no file name', {}, 'fileName', 'FILE_NAME_REQUIRED'],
    ['a blank file name', { fileName: '  ' }, 'fileName', 'FILE_NAME_REQUIRED'],
    ['an executable', { fileName: 'contract.exe' }, 'fileName', 'UNSUPPORTED_FILE_TYPE'],
    ['a name without extension', { fileName: 'contract' }, 'fileName', 'UNSUPPORTED_FILE_TYPE'],
    ['a PDF as a photo', { fileName: 'me.pdf', kind: 'photo' }, 'fileName', 'UNSUPPORTED_FILE_TYPE'],
    ['an unknown kind', { fileName: 'a.pdf', kind: 'video' }, 'kind', 'INVALID_UPLOAD_KIND'],
  ])('refuses an upload URL for %s', async (_case, body, field, code) => {
    expectFieldError((await admin.post('/api/contracts/upload-url').send(body).expect(400)).body, field, ERROR_MESSAGES[code]);
  });

  it.each([
    ['contract.pdf', PDF, 'pdf'],
    ['scan.JPG', JPEG, 'jpg'],
    ['scan.jpeg', JPEG, 'jpg'],
    ['scan.png', PNG, 'png'],
    ['scan.webp', WEBP, 'webp'],
  ])('accepts %s whose first bytes are its type, and shows it through a short-lived signed URL', async (fileName, bytes, type) => {
    const uploadURL = await put(fileName, bytes);
    const response = await confirm(uploadURL).expect(200);
    expect(response.body.data).toEqual({ accessURL: expect.stringMatching(/^\/api\/admin\/files\/contracts\//), kind: 'contract', type, size: bytes.length, originalName: fileName });

    const view = await admin.get(response.body.data.accessURL).expect(302);
    expect(view.headers['cache-control']).toBe('no-store');
    const signed = new URL(view.headers.location!, 'http://site.test');
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(60);
    const file = await fetch(storeUrl(view.headers.location!));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
  });

  it('refuses a text file renamed .pdf, deletes it from storage, and says why', async () => {
    const uploadURL = await put('contract.pdf', TEXT);
    expect(await exists(keyOf(uploadURL))).toBe(true);
    const response = await confirm(uploadURL).expect(400);
    expectFieldError(response.body, 'uploadURL', STUDENT_ERRORS.FILE_CONTENT_MISMATCH);
    expect(await exists(keyOf(uploadURL))).toBe(false);
  });

  it('refuses a PNG renamed .pdf (an accepted type under the wrong name) and deletes it', async () => {
    const uploadURL = await put('contract.pdf', PNG);
    expectFieldError((await confirm(uploadURL).expect(400)).body, 'uploadURL', STUDENT_ERRORS.FILE_CONTENT_MISMATCH);
    expect(await exists(keyOf(uploadURL))).toBe(false);
  });

  it.each<[string, Buffer, 'contract' | 'photo', ErrorCode]>([
    ['a contract file over 20 MB', padded(PDF, 20 * MB + 1), 'contract', 'CONTRACT_FILE_TOO_LARGE'],
    ['a photo over 5 MB', padded(PNG, 5 * MB + 1), 'photo', 'PHOTO_TOO_LARGE'],
    ['an empty file', Buffer.alloc(0), 'contract', 'EMPTY_FILE'],
  ])('refuses %s and deletes it from storage', async (_case, bytes, kind, code) => {
    const uploadURL = await put(kind === 'photo' ? 'me.png' : 'big.pdf', bytes, kind);
    expect(await exists(keyOf(uploadURL))).toBe(true);
    expectFieldError((await confirm(uploadURL).expect(400)).body, 'uploadURL', ERROR_MESSAGES[code]);
    expect(await exists(keyOf(uploadURL))).toBe(false);
  });

  it('accepts files at the limits exactly', async () => {
    const photo = await put('me.png', padded(PNG, 5 * MB), 'photo');
    expect((await confirm(photo).expect(200)).body.data).toMatchObject({ kind: 'photo', size: 5 * MB });
  });

  it('refuses a confirm for nothing uploaded or for an address that is not ours', async () => {
    const step1 = await admin.post('/api/contracts/upload-url').send({ fileName: 'never.pdf' }).expect(200);
    expectFieldError((await confirm(step1.body.data.uploadURL).expect(400)).body, 'uploadURL', STUDENT_ERRORS.UPLOAD_NOT_FOUND);
    for (const uploadURL of ['https://evil.example/aipm/contracts/x.pdf', `${STORAGE_PROXY_PATH}/${env.S3_BUCKET}/other/thing.pdf`, '::']) {
      expectFieldError((await confirm(uploadURL).expect(400)).body, 'uploadURL', STUDENT_ERRORS.INVALID_UPLOAD_URL);
    }
    expectFieldError((await admin.post('/api/contracts/confirm-upload').send({}).expect(400)).body, 'uploadURL', STUDENT_ERRORS.UPLOAD_URL_REQUIRED);
  });

  it('answers 404 for a file that is not there', async () => {
    const missing = await admin.get('/api/admin/files/contracts/00000000-0000-4000-8000-000000000000.pdf').expect(404);
    expect(missing.body).toEqual(apiError('FILE_NOT_FOUND'));
    expect((await admin.get('/api/admin/files/other/secret.txt').expect(404)).body).toEqual(apiError('FILE_NOT_FOUND'));
  });

  const keyOfAccess = (accessURL: string) => accessURL.slice('/api/admin/files/'.length);
  const contractBody = (studentId: string, contractNumber: string) => ({ studentId, contractNumber, courseName: 'AI产品经理', contractAmount: 100, startDate: '2025-09-01', endDate: '2025-10-01' });
  /** Saves an upload as a file of the student, as the card's upload does after the confirm. */
  const save = async (studentId: string, accessURL: string, contractId?: string) =>
    (await admin.post('/api/admin/student-files').send({ studentId, accessURL, ...(contractId ? { contractId } : {}) }).expect(201)).body.data;

  it('keeps the name step 1 was given: the confirm answers it and the saved file shows it, whatever a client sends later', async () => {
    const confirmed = (await confirm(await put('王五 培训合同（签字版）.pdf', PDF)).expect(200)).body.data;
    expect(confirmed).toMatchObject({ originalName: '王五 培训合同（签字版）.pdf', size: PDF.length });
    const student = (await admin.post('/api/admin/students').send({ name: '王五', phone: '13600007777' }).expect(201)).body.data;
    // A name in the body is not a field of the call: the one recorded at step 1 stands.
    const forged = await admin.post('/api/admin/student-files').send({ studentId: student.id, accessURL: confirmed.accessURL, originalName: 'forged.pdf' }).expect(400);
    expectFieldError(forged.body, 'originalName', ERROR_MESSAGES.UNKNOWN_FIELD);
    expect(await save(student.id, confirmed.accessURL)).toMatchObject({ studentId: student.id, contractId: null, originalName: '王五 培训合同（签字版）.pdf', size: PDF.length, contentType: 'application/pdf' });
  });

  it("keeps a student's files with the record: listed with names in the export, removed when deleted and with the student", async () => {
    const photo = (await confirm(await put('me.webp', WEBP, 'photo')).expect(200)).body.data.accessURL as string;
    const first = (await confirm(await put('c1.pdf', PDF)).expect(200)).body.data.accessURL as string;
    const second = (await confirm(await put('c2.png', PNG)).expect(200)).body.data.accessURL as string;

    const student = (await admin.post('/api/admin/students').send({ name: '周七', phone: '13600001111', profilePhoto: photo }).expect(201)).body.data;
    const contract = (await admin.post('/api/admin/contracts').send(contractBody(student.id, 'HT-EXPORT-1')).expect(201)).body.data;
    const firstFile = await save(student.id, first, contract.id);
    await save(student.id, second);
    const exported = (await admin.get(`/api/admin/students/${student.id}/export`).expect(200)).body.data;
    expect(exported.files).toEqual([
      { accessURL: photo, usedAs: 'profilePhoto', contractId: null, originalName: null, size: WEBP.length },
      { accessURL: first, usedAs: 'file', contractId: contract.id, originalName: 'c1.pdf', size: PDF.length },
      { accessURL: second, usedAs: 'file', contractId: null, originalName: 'c2.png', size: PNG.length },
    ]);
    expect(exported.contracts[0].files).toEqual([expect.objectContaining({ id: firstFile.id, originalName: 'c1.pdf' })]);

    await admin.delete(`/api/admin/student-files/${firstFile.id}`).expect(200);
    expect(await exists(keyOfAccess(first))).toBe(false);
    expect(await exists(keyOfAccess(second))).toBe(true);
    // The viewing route answers 404 for the removed one, as its object is gone.
    await admin.get(first).expect(404);

    await admin.delete(`/api/admin/students/${student.id}`).expect(200);
    expect([await exists(keyOfAccess(photo)), await exists(keyOfAccess(second))]).toEqual([false, false]);
  });

  it("gives a new contract the files its form uploaded, moves files between the student's contracts and 其他文件, and keeps them when the contract goes", async () => {
    const [signed, scan, other] = await Promise.all(['签约.pdf', '扫描件.pdf', '身份证.pdf'].map(async (name) => (await confirm(await put(name, PDF)).expect(200)).body.data.accessURL as string));
    const student = (await admin.post('/api/admin/students').send({ name: '孙十一', phone: '13600005555' }).expect(201)).body.data;
    const someoneElse = (await admin.post('/api/admin/students').send({ name: '李四', phone: '13600008888' }).expect(201)).body.data;
    const contract = (await admin.post('/api/admin/contracts').send({ ...contractBody(student.id, 'HT-FILE-1'), files: [signed, scan] }).expect(201)).body.data;
    expect(contract.files.map((file: { originalName: string }) => file.originalName)).toEqual(['签约.pdf', '扫描件.pdf']);
    const othersContract = (await admin.post('/api/admin/contracts').send(contractBody(someoneElse.id, 'HT-FILE-2')).expect(201)).body.data;

    const loose = await save(student.id, other!);
    const moved = await admin.patch(`/api/admin/student-files/${loose.id}`).send({ contractId: contract.id }).expect(200);
    expect(moved.body.data.contractId).toBe(contract.id);
    expectFieldError((await admin.patch(`/api/admin/student-files/${loose.id}`).send({ contractId: othersContract.id }).expect(400)).body, 'contractId', STUDENT_ERRORS.CONTRACT_OF_ANOTHER_STUDENT);
    expect((await admin.patch(`/api/admin/student-files/${loose.id}`).send({ contractId: null }).expect(200)).body.data.contractId).toBeNull();
    // One record per file: saved again (here on another student) it is refused.
    expect((await admin.post('/api/admin/student-files').send({ studentId: someoneElse.id, accessURL: other }).expect(409)).body).toEqual(apiError('FILE_ALREADY_SAVED'));

    const listed = await admin.get('/api/admin/student-files').query({ filter: JSON.stringify({ studentId: student.id }) }).expect(200);
    expect(listed.body.data.map((file: { originalName: string; contractId: string | null }) => [file.originalName, file.contractId])).toEqual([
      ['签约.pdf', contract.id],
      ['扫描件.pdf', contract.id],
      ['身份证.pdf', null],
    ]);

    // A removed contract's signed files stay with the student, under 其他文件, and in storage.
    await admin.delete(`/api/admin/contracts/${contract.id}`).expect(200);
    const after = await admin.get('/api/admin/student-files').query({ filter: JSON.stringify({ studentId: student.id }) }).expect(200);
    expect(after.body.data.map((file: { contractId: string | null }) => file.contractId)).toEqual([null, null, null]);
    expect(await Promise.all([signed!, scan!, other!].map((accessURL) => exists(keyOfAccess(accessURL))))).toEqual([true, true, true]);
  });

  it('erases the files of a person through the erase-person action', async () => {
    const file = (await confirm(await put('c.pdf', PDF)).expect(200)).body.data.accessURL as string;
    const student = (await admin.post('/api/admin/students').send({ name: '吴八', phone: '13600002222', email: 'wuba@example.com' }).expect(201)).body.data;
    await save(student.id, file);
    const erased = await admin.post('/api/admin/people/erase').send({ email: 'WUBA@example.com' }).expect(200);
    expect(erased.body.data.students).toBe(1);
    expect(await exists(file.slice('/api/admin/files/'.length))).toBe(false);
  });

  it('closes an upload link once its file is confirmed: a second PUT changes nothing the record shows, a second confirm deletes nothing', async () => {
    const uploadURL = await put('signed.pdf', PDF);
    const { accessURL } = (await confirm(uploadURL).expect(200)).body.data;
    // Still within its five minutes, the link is used again to send HTML in the checked PDF's place.
    await fetch(storeUrl(uploadURL), { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: '<script>alert(document.cookie)</script>' });
    const again = await confirm(uploadURL);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(apiError('UPLOAD_ALREADY_CONFIRMED'));

    const view = await admin.get(accessURL).expect(302);
    const file = await fetch(storeUrl(view.headers.location!));
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
  });

  it('saves on a record only files confirmed as uploads of that kind', async () => {
    const neverUploaded = (folder: string, extension: string) => `/api/admin/files/${folder}/${randomUUID()}.${extension}`;
    const unconfirmed = `/api/admin/files/${keyOf(await put('unconfirmed.pdf', PDF)).replace(/^incoming\//, '')}`;
    const confirmedPhoto = (await confirm(await put('me.png', PNG, 'photo')).expect(200)).body.data.accessURL as string;

    expectFieldError(
      (await admin.post('/api/admin/students').send({ name: '冯十二', phone: '13600006666', profilePhoto: neverUploaded('photos', 'png') }).expect(400)).body,
      'profilePhoto',
      STUDENT_ERRORS.FILE_NOT_UPLOADED,
    );
    const student = (await admin.post('/api/admin/students').send({ name: '冯十二', phone: '13600006666', profilePhoto: confirmedPhoto }).expect(201)).body.data;
    for (const accessURL of [neverUploaded('contracts', 'pdf'), unconfirmed]) {
      expectFieldError((await admin.post('/api/admin/student-files').send({ studentId: student.id, accessURL }).expect(400)).body, 'accessURL', STUDENT_ERRORS.FILE_NOT_UPLOADED);
    }
    // A photo is no student file: the folder of its address says so.
    expectFieldError((await admin.post('/api/admin/student-files').send({ studentId: student.id, accessURL: confirmedPhoto }).expect(400)).body, 'accessURL', STUDENT_ERRORS.INVALID_FILE_URL);
    expectFieldError(
      (await admin.post('/api/admin/contracts').send({ ...contractBody(student.id, 'HT-NEVER-1'), files: [neverUploaded('contracts', 'pdf')] }).expect(400)).body,
      'files',
      STUDENT_ERRORS.FILE_NOT_UPLOADED,
    );
    // Refused before the contract was written.
    expect((await admin.get('/api/admin/contracts').query({ filter: JSON.stringify({ studentId: student.id }) }).expect(200)).body.data).toEqual([]);
    // A record saved again with the files it already has is not asked to upload them again.
    await admin.patch(`/api/admin/students/${student.id}`).send({ name: '冯十二', profilePhoto: confirmedPhoto }).expect(200);
  });

  it('sweeps uploads left unconfirmed or unsaved for a day, and keeps every file a record points at', async () => {
    const unconfirmed = keyOf(await put('abandoned.pdf', PDF));
    const unsaved = (await confirm(await put('unsaved.png', PNG, 'photo')).expect(200)).body.data.accessURL as string;
    const onCard = (await confirm(await put('kept.pdf', PDF)).expect(200)).body.data.accessURL as string;
    const onContract = (await confirm(await put('signed.pdf', PDF)).expect(200)).body.data.accessURL as string;
    const student = (await admin.post('/api/admin/students').send({ name: '郑九', phone: '13600003333' }).expect(201)).body.data;
    await save(student.id, onCard);
    await admin.post('/api/admin/contracts').send({ ...contractBody(student.id, 'HT-SWEEP-1'), files: [onContract] }).expect(201);
    const sweeper = app.get(UploadSweeper);

    // Younger than a day: an upload may still be on its way to a record.
    expect(await sweeper.sweep(new Date())).toEqual([]);
    expect(await exists(unconfirmed)).toBe(true);

    const removed = await sweeper.sweep(new Date(Date.now() + ABANDONED_UPLOAD_AGE_MS + 60_000));
    expect(removed).toEqual(expect.arrayContaining([unconfirmed, keyOfAccess(unsaved)]));
    expect(removed).not.toEqual(expect.arrayContaining([keyOfAccess(onCard)]));
    expect(removed).not.toEqual(expect.arrayContaining([keyOfAccess(onContract)]));
    expect(await Promise.all([unconfirmed, keyOfAccess(unsaved), keyOfAccess(onCard), keyOfAccess(onContract)].map(exists))).toEqual([false, false, true, true]);
  });
});
