/**
 * The S3 store under the site's own origin (ADR 019): the back office PUTs uploads to, and views files from,
 * presigned URLs that the API hands out as `/storage/<bucket>/<key>?X-Amz-…`. Forwarded with the store's
 * own Host, the request is exactly the one the API signed, so MinIO checks the signature as usual; the CSP
 * stays `connect-src 'self'` / `img-src 'self'`, and the store itself is never exposed.
 *
 * s3rver (the embedded store) checks no signature, so this door lets through only what a presigned URL of
 * ours can be: GET, HEAD or PUT of one upload key of one bucket, signed, not expired, PUT within the size
 * limit of its folder, and files answered with the type of their checked extension under a policy that runs
 * nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { type ApiErrorResponse, ERROR_MESSAGES, STORAGE_PROXY_PATH, UPLOAD_EXTENSIONS, UPLOAD_KEY_PATTERN, UPLOAD_RULES } from '@aipm/contracts';
import type { RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';

export interface StorageProxyOptions {
  /** S3_ENDPOINT, e.g. http://minio:9000. */
  endpoint: string;
  /** S3_BUCKET: the only bucket served. */
  bucket: string;
  /** For tests: the current time in milliseconds. */
  now?: () => number;
}

/** A stored file can show itself (a PDF in the browser's viewer, an image) and nothing else: no script, no form. */
export const STORED_FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
const METHODS = new Set(['GET', 'HEAD', 'PUT']);
const SIGNED_QUERY = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];
// S3's own ceiling for a presigned URL.
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
/** What the browser's request carries that the store has no business seeing. */
const DROPPED_REQUEST_HEADERS = ['cookie', 'authorization', 'origin', 'referer', 'x-request-id'];
const FOLDER_KIND = { contracts: 'contract', photos: 'photo' } as const;

type Refusal = { status: number; code: 'NOT_FOUND' | 'STORAGE_LINK_INVALID' | 'UPLOAD_TOO_LARGE' };

function refuse(res: Response, { status, code }: Refusal): void {
  const body: ApiErrorResponse = { success: false, code, message: ERROR_MESSAGES[code] };
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.json(body);
}

/** X-Amz-Date (yyyymmddThhmmssZ) in milliseconds, or NaN. */
function amzDate(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return match ? Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +match[6]!) : Number.NaN;
}

/** Why this request is not one a presigned URL of ours can make, or undefined when it may pass. */
export function storageRefusal(method: string, url: URL, headers: IncomingMessage['headers'], bucket: string, now: number): Refusal | undefined {
  if (!METHODS.has(method)) return { status: 405, code: 'STORAGE_LINK_INVALID' };
  const prefix = `${STORAGE_PROXY_PATH}/${bucket}/`;
  // The raw path: an encoded slash or dot segment is no key of ours.
  const key = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '';
  if (!UPLOAD_KEY_PATTERN.test(key)) return { status: 404, code: 'NOT_FOUND' };

  const query = url.searchParams;
  if (SIGNED_QUERY.some((name) => query.getAll(name).length !== 1)) return { status: 403, code: 'STORAGE_LINK_INVALID' };
  const signedAt = amzDate(query.get('X-Amz-Date')!);
  const expires = Number(query.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS || !(signedAt - 60_000 <= now && now < signedAt + expires * 1000)) {
    return { status: 403, code: 'STORAGE_LINK_INVALID' };
  }
  const mime = UPLOAD_EXTENSIONS[key.slice(key.lastIndexOf('.') + 1)]!.mime;
  const askedType = query.get('response-content-type');
  if (askedType !== null && askedType !== mime) return { status: 403, code: 'STORAGE_LINK_INVALID' };

  if (method === 'PUT') {
    const length = headers['content-length'];
    if (length === undefined || !/^\d+$/.test(length)) return { status: 411, code: 'STORAGE_LINK_INVALID' };
    const kind = FOLDER_KIND[key.slice(0, key.indexOf('/')) as keyof typeof FOLDER_KIND];
    if (Number(length) > UPLOAD_RULES[kind].maxBytes) return { status: 413, code: 'UPLOAD_TOO_LARGE' };
  }
  return undefined;
}

/** Serves `/storage/<bucket>/<key>` from the store; every other path passes on. */
export function createStorageProxy({ endpoint, bucket, now = Date.now }: StorageProxyOptions): RequestHandler {
  const proxy = createProxyMiddleware<IncomingMessage & { log?: Logger }, ServerResponse>({
    target: endpoint,
    // The Host the API signed for: the store's own.
    changeOrigin: true,
    xfwd: false,
    pathRewrite: (path) => path.slice(STORAGE_PROXY_PATH.length),
    on: {
      proxyReq: (proxyReq) => {
        for (const header of DROPPED_REQUEST_HEADERS) proxyReq.removeHeader(header);
      },
      proxyRes: (proxyRes, req) => {
        delete proxyRes.headers['set-cookie'];
        proxyRes.headers['cache-control'] = 'private, no-store';
        proxyRes.headers['x-content-type-options'] = 'nosniff';
        proxyRes.headers['content-security-policy'] = STORED_FILE_CSP;
        if (req.method !== 'PUT' && (proxyRes.statusCode ?? 500) < 300) {
          // Whatever the uploader claimed: the type of the extension the confirm step checked the content against.
          const path = new URL(req.url ?? '/', 'http://storage.invalid').pathname;
          proxyRes.headers['content-type'] = UPLOAD_EXTENSIONS[path.slice(path.lastIndexOf('.') + 1)]!.mime;
          proxyRes.headers['content-disposition'] = 'inline';
        }
      },
      error: (err, req, res) => {
        req.log?.warn({ err, code: (err as NodeJS.ErrnoException).code }, 'storage request failed');
        if (!('writeHead' in res) || res.headersSent) {
          if ('destroy' in res) res.destroy();
          return;
        }
        res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        const body: ApiErrorResponse = { success: false, code: 'STORAGE_UNAVAILABLE', message: ERROR_MESSAGES.STORAGE_UNAVAILABLE };
        res.end(JSON.stringify(body));
      },
    },
  }) as unknown as RequestHandler;

  return (req, res, next) => {
    if (req.path !== STORAGE_PROXY_PATH && !req.path.startsWith(`${STORAGE_PROXY_PATH}/`)) return next();
    const refusal = storageRefusal(req.method, new URL(req.originalUrl, 'http://storage.invalid'), req.headers, bucket, now());
    if (refusal) return refuse(res, refusal);
    return proxy(req, res, next);
  };
}
