import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { s3ClientOptions } from '@aipm/config';
import { STORAGE_PROXY_PATH } from '@aipm/contracts';
import express from 'express';
import { Client } from 'minio';
import request from 'supertest';

import { createStorageProxy, STORED_FILE_CSP } from './storage-proxy';

/** The S3 server npm test started (s3rver, or the real server S3_ENDPOINT names). */
const endpoint = process.env.S3_ENDPOINT!;
const bucket = 'aipm-storage-proxy-spec';
const credentials = { accessKey: process.env.S3_ACCESS_KEY!, secretKey: process.env.S3_SECRET_KEY!, region: process.env.S3_REGION ?? 'us-east-1' };
/** The API's client of the store at `at`: what signs every URL the back office is handed. */
const clientOf = (at: string, secretKey = credentials.secretKey) =>
  new Client(s3ClientOptions({ S3_ENDPOINT: at, S3_ACCESS_KEY: credentials.accessKey, S3_SECRET_KEY: secretKey, S3_REGION: credentials.region }));
const store = clientOf(endpoint);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** As the API hands it out: the presigned URL's path and query under /storage. */
const proxied = (signed: string) => {
  const url = new URL(signed);
  return `${STORAGE_PROXY_PATH}${url.pathname}${url.search}`;
};
/** A stored file's key (what a view reads) and an incoming one (what an upload link writes). */
const key = (folder = 'contracts', extension = 'pdf') => `${folder}/${randomUUID()}.${extension}`;
const incoming = (folder = 'contracts', extension = 'pdf') => `incoming/${key(folder, extension)}`;

function frontDoor(target = endpoint, now?: () => number) {
  const app = express();
  app.use(createStorageProxy({ endpoint: target, bucket, ...credentials, ...(now ? { now } : {}) }));
  app.use((_req, res) => res.status(418).send('passed on'));
  return app;
}

describe(createStorageProxy.name, () => {
  beforeAll(async () => {
    if (!(await store.bucketExists(bucket))) await store.makeBucket(bucket);
  });

  it('carries a presigned PUT and GET to the store under the site origin, with the Host they were signed for', async () => {
    const app = frontDoor();
    const uploadKey = incoming();
    const put = await request(app).put(proxied(await store.presignedPutObject(bucket, uploadKey, 300))).set('Content-Type', 'application/pdf').set('Cookie', 'aipm.sid=secret').send(PDF);
    expect(put.status).toBe(200);
    expect(put.headers['set-cookie']).toBeUndefined();
    expect((await store.statObject(bucket, uploadKey)).size).toBe(PDF.length);

    // What the API's confirm does with a checked upload: the stored key, which views read.
    const objectKey = key();
    await store.putObject(bucket, objectKey, PDF);
    const viewUrl = await store.presignedGetObject(bucket, objectKey, 60, { 'response-content-type': 'application/pdf', 'response-content-disposition': 'inline' });
    const view = await request(app).get(proxied(viewUrl)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(view.status).toBe(200);
    expect(view.body).toEqual(PDF);
    expect(view.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': STORED_FILE_CSP,
    });
  });

  it('serves a file as the type of its extension, whatever the uploader sent', async () => {
    const objectKey = key('photos', 'png');
    await store.putObject(bucket, objectKey, Buffer.from('<script>alert(1)</script>'), undefined, { 'Content-Type': 'text/html' });
    const view = await request(frontDoor()).get(proxied(await store.presignedGetObject(bucket, objectKey, 60)));
    expect(view.status).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.headers['content-security-policy']).toBe(STORED_FILE_CSP);
  });

  it.each([
    ['a listing of the bucket', (signed: string) => proxied(signed).replace(/\/contracts\/[^?]+/, '/'), 404],
    ['another bucket', (signed: string) => proxied(signed).replace(`/${bucket}/`, '/other-bucket/'), 404],
    ['a key of another shape', (signed: string) => proxied(signed).replace(/contracts\/[^?]+/, 'crawl-failures/page.html'), 404],
    ['an encoded path', (signed: string) => proxied(signed).replace('/contracts/', '/contracts%2F..%2F'), 404],
    ['a dot segment', (signed: string) => proxied(signed).replace('/contracts/', '/contracts/../contracts/'), 404],
    ['an upload that is not confirmed yet', (signed: string) => proxied(signed).replace('/contracts/', '/incoming/contracts/'), 404],
    ['no signature', (signed: string) => proxied(signed).split('?')[0]!, 403],
    ['an HTML type asked of the store', (signed: string) => `${proxied(signed)}&response-content-type=text%2Fhtml`, 403],
  ])('refuses %s', async (_case, rewrite, status) => {
    const signed = await store.presignedGetObject(bucket, key(), 60);
    const response = await request(frontDoor()).get(rewrite(signed));
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ success: false, code: status === 404 ? 'NOT_FOUND' : 'STORAGE_LINK_INVALID' });
  });

  it('refuses an expired URL, though s3rver would not check it', async () => {
    const signedAt = Date.now();
    const signed = proxied(await store.presignedGetObject(bucket, key(), 60));
    expect((await request(frontDoor(endpoint, () => signedAt + 61_000)).get(signed)).status).toBe(403);
  });

  it('refuses a method no presigned URL of ours is for', async () => {
    const signed = proxied(await store.presignedPutObject(bucket, incoming(), 300));
    expect((await request(frontDoor()).delete(signed)).status).toBe(405);
    expect((await request(frontDoor()).post(signed).send('x')).status).toBe(405);
  });

  it('refuses an upload over its folder’s limit before it reaches the store', async () => {
    const signed = proxied(await store.presignedPutObject(bucket, incoming('photos', 'jpg'), 300));
    const response = await request(frontDoor()).put(signed).set('Content-Length', String(5 * 1024 * 1024 + 1)).send(Buffer.alloc(16));
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
  });

  it('leaves other paths to the rest of the site', async () => {
    await request(frontDoor()).get('/storagefoo').expect(418);
    await request(frontDoor()).get('/').expect(418);
  });

  it("answers with the front door's own Keep-Alive bound, not the store's (a hop-by-hop header)", async () => {
    const storeServer = http.createServer((_req, res) => {
      res.setHeader('Keep-Alive', 'timeout=5');
      res.end('ok');
    });
    await new Promise<void>((resolve) => storeServer.listen(0, '127.0.0.1', resolve));
    const door = http.createServer(frontDoor(`http://127.0.0.1:${(storeServer.address() as AddressInfo).port}`));
    await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
    const agent = new http.Agent({ keepAlive: true });
    try {
      const target = `http://127.0.0.1:${(storeServer.address() as AddressInfo).port}`;
      const signed = proxied(await clientOf(target).presignedGetObject(bucket, key(), 60));
      const hint = await new Promise<string | string[] | undefined>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: (door.address() as AddressInfo).port, path: signed, agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers['keep-alive']));
          })
          .on('error', reject);
      });
      expect(hint).toBe('timeout=65');
    } finally {
      agent.destroy();
      door.closeAllConnections();
      storeServer.closeAllConnections();
      await new Promise<void>((resolve) => door.close(() => resolve()));
      await new Promise<void>((resolve) => storeServer.close(() => resolve()));
    }
  });

  it('forwards neither the session cookie nor forwarding headers to the store', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const signed = proxied(await clientOf(target).presignedGetObject(bucket, key(), 60));
      await request(frontDoor(target)).get(signed).set('Cookie', 'aipm.sid=secret').set('Authorization', 'Bearer x').expect(200);
      expect(seen[0]).not.toHaveProperty('cookie');
      expect(seen[0]).not.toHaveProperty('authorization');
      expect(seen[0]).not.toHaveProperty('x-forwarded-for');
      expect(seen[0]!.host).toBe(new URL(target).host);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the storage proxy and a stranger without the secret', () => {
  const forge = (signed: string) => proxied(signed).replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${'0'.repeat(64)}`);
  const app = () => frontDoor();

  beforeAll(async () => {
    if (!(await store.bucketExists(bucket))) await store.makeBucket(bucket);
  });

  it('refuses an upload whose signature is forged', async () => {
    const objectKey = incoming();
    const response = await request(app()).put(forge(await store.presignedPutObject(bucket, objectKey, 300))).set('Content-Type', 'application/pdf').send(PDF);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ success: false, code: 'STORAGE_LINK_INVALID' });
    await expect(store.statObject(bucket, objectKey)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('refuses an upload signed with another secret', async () => {
    const objectKey = incoming();
    const response = await request(app()).put(proxied(await clientOf(endpoint, 'not-the-secret-0000').presignedPutObject(bucket, objectKey, 300))).send(PDF);
    expect(response.status).toBe(403);
  });

  it('refuses to read a stored file with a forged signature', async () => {
    const objectKey = key();
    await store.putObject(bucket, objectKey, PDF);
    const response = await request(app()).get(forge(await store.presignedGetObject(bucket, objectKey, 60)));
    expect(response.status).toBe(403);
  });

  it('refuses a signed URL used for another method than it was signed for', async () => {
    const objectKey = incoming();
    const signedForGet = proxied(await store.presignedGetObject(bucket, objectKey, 60));
    expect((await request(app()).put(signedForGet).set('Content-Type', 'text/html').send('<h1>replaced</h1>')).status).toBe(403);
    await expect(store.statObject(bucket, objectKey)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('refuses a signed URL whose key or expiry was changed', async () => {
    const signed = proxied(await store.presignedPutObject(bucket, incoming(), 300));
    const otherKey = signed.replace(/incoming\/contracts\/[0-9a-f-]+/, `incoming/contracts/${randomUUID()}`);
    expect((await request(app()).put(otherKey).send(PDF)).status).toBe(403);
    expect((await request(app()).put(signed.replace('X-Amz-Expires=300', 'X-Amz-Expires=600')).send(PDF)).status).toBe(403);
  });

  it('refuses a copy from another object, inside or outside the bucket', async () => {
    const source = key();
    await store.putObject(bucket, source, PDF);
    const target = incoming();
    for (const copySource of [`/${bucket}/${source}`, `/../s3/${bucket}/${source}`]) {
      const signed = proxied(await store.presignedPutObject(bucket, target, 300));
      const response = await request(app()).put(signed).set('x-amz-copy-source', copySource).set('Content-Length', '0');
      expect(response.status).toBe(403);
    }
    await expect(store.statObject(bucket, target)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it.each([['uploads'], ['acl'], ['tagging'], ['uploadId=1&partNumber=1']])('refuses a signed upload URL with the S3 operation ?%s added', async (operation) => {
    const signed = proxied(await store.presignedPutObject(bucket, incoming(), 300));
    const response = await request(app()).put(`${signed}&${operation}`).set('Content-Type', 'application/pdf').send(PDF);
    expect(response.status).toBe(403);
  });
});
