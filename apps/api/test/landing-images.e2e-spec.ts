import { type LandingContent, LANDING_CONTENT_PATHS, LANDING_IMAGE_RULES } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/** Real first bytes of each accepted type (the sniffer reads the head only). */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]);

/** 网站内容's photos and logos (ADR 076): uploaded with the private files' checks, public only while published. */
describe('landing images API', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const stranger = () => request(app.getHttpServer());
  const upload = (bytes: Buffer, name: string) => admin.post(LANDING_CONTENT_PATHS.images).attach('file', bytes, name);
  const draftOf = async (): Promise<LandingContent> => (await admin.get(LANDING_CONTENT_PATHS.draft).expect(200)).body.data.content;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(6) }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('stores an accepted image under its content hash, and keeps it from strangers until a publication shows it', async () => {
    const photo = Buffer.concat([JPEG, Buffer.from(`photo ${Date.now()}`)]);
    const logo = Buffer.concat([WEBP, Buffer.from(`logo ${Date.now()}`)]);
    const uploadedPhoto = (await upload(photo, '张老师.jpeg').expect(200)).body.data;
    expect(uploadedPhoto).toEqual({ file: expect.stringMatching(/^[0-9a-f]{64}\.jpg$/), type: 'jpg', size: photo.length });
    const uploadedLogo = (await upload(logo, 'partner.webp').expect(200)).body.data;
    // The same bytes again are the same image.
    expect((await upload(photo, 'again.jpg').expect(200)).body.data.file).toBe(uploadedPhoto.file);

    // Uploaded, not yet in any content: a stranger gets 404; the administrator's preview gets it.
    const hidden = await stranger().get(LANDING_CONTENT_PATHS.publicImage(uploadedPhoto.file)).expect(404);
    expect(hidden.body).toMatchObject({ success: false, code: 'LANDING_IMAGE_NOT_FOUND' });
    const preview = await admin.get(LANDING_CONTENT_PATHS.draftImage(uploadedPhoto.file)).expect(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    await stranger().get(LANDING_CONTENT_PATHS.draftImage(uploadedPhoto.file)).expect(401);

    // In the draft: still not public.
    const content = await draftOf();
    content.instructors.core[0]!.photo = { file: uploadedPhoto.file, alt: { zh: '张老师', en: 'Teacher Zhang' } };
    content.partners = [{ file: uploadedLogo.file, alt: { zh: '合作企业', en: 'A partner' } }];
    await admin.put(LANDING_CONTENT_PATHS.draft).send(content).expect(200);
    await stranger().get(LANDING_CONTENT_PATHS.publicImage(uploadedPhoto.file)).expect(404);
    await stranger().get(LANDING_CONTENT_PATHS.publicImage(uploadedLogo.file)).expect(404);

    // Published: served to anyone with its type, kept for a year (its name changes with its bytes).
    await admin.post(LANDING_CONTENT_PATHS.publish).expect(200);
    const served = await stranger().get(LANDING_CONTENT_PATHS.publicImage(uploadedPhoto.file)).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.body as Buffer, photo)).toBe(0);
    const servedLogo = await stranger().get(LANDING_CONTENT_PATHS.publicImage(uploadedLogo.file)).expect(200);
    expect(servedLogo.headers['content-type']).toBe('image/webp');

    // Taken out and published again: no publication that is live shows it, so it is not served.
    const without = await draftOf();
    without.partners = [];
    await admin.put(LANDING_CONTENT_PATHS.draft).send(without).expect(200);
    await admin.post(LANDING_CONTENT_PATHS.publish).expect(200);
    await stranger().get(LANDING_CONTENT_PATHS.publicImage(uploadedLogo.file)).expect(404);
    await stranger().get(LANDING_CONTENT_PATHS.publicImage(uploadedPhoto.file)).expect(200);
  });

  it('answers 404 to a name that is no stored image, whatever its shape', async () => {
    for (const name of ['..%2F..%2Fcontracts%2Fx.pdf', 'x.png', `${'a'.repeat(64)}.png`, `${'a'.repeat(64)}.pdf`]) {
      const answer = await stranger().get(`/api/landing-content/images/${name}`).expect(404);
      expect(answer.body.code).toBe('LANDING_IMAGE_NOT_FOUND');
    }
  });

  it('refuses a non-image, a renamed file, an oversized one and a missing one with stable codes', async () => {
    const refused = async (call: request.Test, status: number, code: string) => {
      const answer = await call.expect(status);
      expect(answer.body).toMatchObject({ success: false, code });
    };
    await refused(upload(Buffer.from('%PDF-1.7\n'), 'brochure.pdf'), 400, 'UNSUPPORTED_FILE_TYPE');
    await refused(upload(Buffer.from('not an image at all\n'.repeat(10)), 'fake.png'), 400, 'FILE_CONTENT_MISMATCH');
    await refused(upload(PNG, 'named.jpg'), 400, 'FILE_CONTENT_MISMATCH');
    await refused(upload(Buffer.concat([PNG, Buffer.alloc(LANDING_IMAGE_RULES.maxBytes)]), 'huge.png'), 413, 'LANDING_IMAGE_TOO_LARGE');
    await refused(admin.post(LANDING_CONTENT_PATHS.images).send({}), 400, 'LANDING_IMAGE_REQUIRED');
    // A stranger cannot upload.
    await stranger().post(LANDING_CONTENT_PATHS.images).attach('file', PNG, 'logo.png').expect(401);
  });

  it('refuses a draft naming an image by anything but a stored name, or without alt text', async () => {
    const content = await draftOf();
    content.instructors.more[0]!.photo = { file: '../contracts/x.pdf', alt: { zh: '李', en: 'Li' } };
    content.features.scene = { file: `${'b'.repeat(64)}.png`, alt: { zh: '', en: 'Class' } };
    const answer = await admin.put(LANDING_CONTENT_PATHS.draft).send(content).expect(400);
    expect(answer.body.fieldCodes).toMatchObject({ 'instructors.more.0.photo': 'LANDING_INVALID_VALUE', 'features.scene.alt.zh': 'LANDING_TEXT_REQUIRED' });
  });
});
