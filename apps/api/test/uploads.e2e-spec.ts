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
    expect(response.body.data).toEqual({ accessURL: expect.stringMatching(/^\/api\/admin\/files\/contracts\//), kind: 'contract', type, size: bytes.length });

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

  it("keeps a student's files with the record: listed in the export, removed when taken off the card and when the student is deleted", async () => {
    const photo = (await confirm(await put('me.webp', WEBP, 'photo')).expect(200)).body.data.accessURL as string;
    const first = (await confirm(await put('c1.pdf', PDF)).expect(200)).body.data.accessURL as string;
    const second = (await confirm(await put('c2.png', PNG)).expect(200)).body.data.accessURL as string;
    const keyOfAccess = (accessURL: string) => accessURL.slice('/api/admin/files/'.length);

    const student = (await admin.post('/api/admin/students').send({ name: '周七', phone: '13600001111', profilePhoto: photo, contractFiles: [first, second] }).expect(201)).body.data;
    expect(student).toMatchObject({ profilePhoto: photo, contractFiles: [first, second] });
    const exported = (await admin.get(`/api/admin/students/${student.id}/export`).expect(200)).body.data;
    expect(exported.files).toEqual([
      { accessURL: photo, usedAs: 'profilePhoto', size: WEBP.length },
      { accessURL: first, usedAs: 'contractFile', size: PDF.length },
      { accessURL: second, usedAs: 'contractFile', size: PNG.length },
    ]);

    await admin.patch(`/api/admin/students/${student.id}`).send({ contractFiles: [second] }).expect(200);
    expect(await exists(keyOfAccess(first))).toBe(false);
    expect(await exists(keyOfAccess(second))).toBe(true);

    await admin.delete(`/api/admin/students/${student.id}`).expect(200);
    expect([await exists(keyOfAccess(photo)), await exists(keyOfAccess(second))]).toEqual([false, false]);
  });

  it('takes a single contract file off the card: that object leaves storage, the others and one a contract still uses stay', async () => {
    const keyOfAccess = (accessURL: string) => accessURL.slice('/api/admin/files/'.length);
    const [first, second, shared] = await Promise.all(['a.pdf', 'b.pdf', 'c.pdf'].map(async (name) => (await confirm(await put(name, PDF)).expect(200)).body.data.accessURL as string));
    const student = (await admin.post('/api/admin/students').send({ name: '钱十', phone: '13600004444', contractFiles: [first!, second!, shared!] }).expect(201)).body.data;
    await admin
      .post('/api/admin/contracts')
      .send({ studentId: student.id, contractNumber: 'HT-SHARED-1', courseName: 'AI产品经理', contractAmount: 100, startDate: '2025-09-01', endDate: '2025-10-01', contractFile: shared })
      .expect(201);

    // What the card's delete button sends after its confirm: the list without the one file.
    const updated = await admin.patch(`/api/admin/students/${student.id}`).send({ contractFiles: [first, shared] }).expect(200);
    expect(updated.body.data.contractFiles).toEqual([first, shared]);
    expect(await Promise.all([first!, second!, shared!].map((url) => exists(keyOfAccess(url))))).toEqual([true, false, true]);
    // The viewing route answers 404 for the removed one, as its object is gone.
    await admin.get(second!).expect(404);

    await admin.patch(`/api/admin/students/${student.id}`).send({ contractFiles: [first] }).expect(200);
    expect(await exists(keyOfAccess(shared!))).toBe(true);
  });

  it("replaces and removes a contract's own file (the contract form's upload): the old object leaves storage", async () => {
    const keyOfAccess = (accessURL: string) => accessURL.slice('/api/admin/files/'.length);
    const signed = (await confirm(await put('signed.pdf', PDF)).expect(200)).body.data.accessURL as string;
    const resigned = (await confirm(await put('resigned.png', PNG)).expect(200)).body.data.accessURL as string;
    const student = (await admin.post('/api/admin/students').send({ name: '孙十一', phone: '13600005555' }).expect(201)).body.data;
    const contract = (
      await admin
        .post('/api/admin/contracts')
        .send({ studentId: student.id, contractNumber: 'HT-FILE-1', courseName: 'AI产品经理', contractAmount: 100, startDate: '2025-09-01', endDate: '2025-10-01', contractFile: signed })
        .expect(201)
    ).body.data;
    expect(contract.contractFile).toBe(signed);

    await admin.patch(`/api/admin/contracts/${contract.id}`).send({ contractFile: resigned }).expect(200);
    expect([await exists(keyOfAccess(signed)), await exists(keyOfAccess(resigned))]).toEqual([false, true]);

    await admin.patch(`/api/admin/contracts/${contract.id}`).send({ contractFile: null }).expect(200);
    expect(await exists(keyOfAccess(resigned))).toBe(false);
    expect((await admin.get(`/api/admin/contracts/${contract.id}`).expect(200)).body.data.contractFile).toBeNull();
  });

  it('erases the files of a person through the erase-person action', async () => {
    const file = (await confirm(await put('c.pdf', PDF)).expect(200)).body.data.accessURL as string;
    await admin.post('/api/admin/students').send({ name: '吴八', phone: '13600002222', email: 'wuba@example.com', contractFiles: [file] }).expect(201);
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

    const refused = [
      ['profilePhoto', { profilePhoto: neverUploaded('photos', 'png') }],
      ['contractFiles', { contractFiles: [neverUploaded('contracts', 'pdf')] }],
      ['contractFiles', { contractFiles: [unconfirmed] }],
    ] as const;
    for (const [field, body] of refused) {
      expectFieldError((await admin.post('/api/admin/students').send({ name: '冯十二', phone: '13600006666', ...body }).expect(400)).body, field, STUDENT_ERRORS.FILE_NOT_UPLOADED);
    }
    const student = (await admin.post('/api/admin/students').send({ name: '冯十二', phone: '13600006666', profilePhoto: confirmedPhoto }).expect(201)).body.data;
    expectFieldError((await admin.patch(`/api/admin/students/${student.id}`).send({ contractFiles: [neverUploaded('contracts', 'pdf')] }).expect(400)).body, 'contractFiles', STUDENT_ERRORS.FILE_NOT_UPLOADED);
    const contract = { studentId: student.id, contractNumber: 'HT-NEVER-1', courseName: 'AI产品经理', contractAmount: 100, startDate: '2025-09-01', endDate: '2025-10-01' };
    expectFieldError((await admin.post('/api/admin/contracts').send({ ...contract, contractFile: neverUploaded('contracts', 'pdf') }).expect(400)).body, 'contractFile', STUDENT_ERRORS.FILE_NOT_UPLOADED);
    // A record saved again with the files it already has is not asked to upload them again.
    await admin.patch(`/api/admin/students/${student.id}`).send({ name: '冯十二', profilePhoto: confirmedPhoto }).expect(200);
  });

  it('sweeps uploads left unconfirmed or unsaved for a day, and keeps every file a record points at', async () => {
    const unconfirmed = keyOf(await put('abandoned.pdf', PDF));
    const unsaved = (await confirm(await put('unsaved.png', PNG, 'photo')).expect(200)).body.data.accessURL as string;
    const onCard = (await confirm(await put('kept.pdf', PDF)).expect(200)).body.data.accessURL as string;
    const onContract = (await confirm(await put('signed.pdf', PDF)).expect(200)).body.data.accessURL as string;
    const student = (await admin.post('/api/admin/students').send({ name: '郑九', phone: '13600003333', contractFiles: [onCard] }).expect(201)).body.data;
    await admin
      .post('/api/admin/contracts')
      .send({ studentId: student.id, contractNumber: 'HT-SWEEP-1', courseName: 'AI产品经理', contractAmount: 100, startDate: '2025-09-01', endDate: '2025-10-01', contractFile: onContract })
      .expect(201);
    const sweeper = app.get(UploadSweeper);
    const keyOfAccess = (accessURL: string) => accessURL.slice('/api/admin/files/'.length);

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
