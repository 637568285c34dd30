/**
 * The S3 store under the site's own origin (ADR 019): the back office PUTs uploads to, and views files from,
 * presigned URLs that the API hands out as `/storage/<bucket>/<key>?X-Amz-…`. Forwarded with the store's
 * own Host, the request is exactly the one the API signed; the CSP stays `connect-src 'self'` /
 * `img-src 'self'`, and the store itself is never exposed.
 *
 * The door checks what the store may not (ADR 036: s3rver checks no signature): the URL's signature, for this
 * method, key and query, with the store's credentials; a PUT only to an incoming key (where uploads land before
 * the API's confirm moves them) and within its folder's size, a GET only of a stored file; no other S3
 * operation (copy, multipart, ACL, tagging, listing); and files answered with the type of their checked
 * extension under a policy that runs nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import {
  type ApiErrorResponse,
  ERROR_MESSAGES,
  INCOMING_UPLOAD_KEY_PATTERN,
  INCOMING_UPLOAD_PREFIX,
  STORAGE_PROXY_PATH,
  UPLOAD_EXTENSIONS,
  UPLOAD_KEY_PATTERN,
  UPLOAD_RULES,
} from '@aipm/contracts';
import type { RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';

import { ownKeepAliveHint } from './keep-alive-hint';
import { presignedUrlVerifier, SIGNATURE_QUERY, type StoreCredentials } from './storage-signature';

export interface StorageProxyOptions extends StoreCredentials {
  /** S3_BUCKET: the only bucket served. */
  bucket: string;
  /** For tests: the current time in milliseconds. */
  now?: () => number;
}

/** A stored file can show itself (a PDF in the browser's viewer, an image) and nothing else: no script, no form. */
export const STORED_FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
/** What each method may reach: uploads land on incoming keys only, views read stored files only. */
const KEYS_OF_METHOD: Record<string, RegExp> = { GET: UPLOAD_KEY_PATTERN, PUT: INCOMING_UPLOAD_KEY_PATTERN };
/** Besides the signature's own values, the API signs only these (a view's forced answer headers). */
const SIGNED_OVERRIDES: Record<string, readonly string[]> = { GET: ['response-content-type', 'response-content-disposition', 'response-cache-control'], PUT: [] };
// S3's own ceiling for a presigned URL.
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
/** What the browser's request carries that the store has no business seeing. */
const DROPPED_REQUEST_HEADERS = ['cookie', 'authorization', 'origin', 'referer', 'x-request-id'];
const FOLDER_KIND = { contracts: 'contract', photos: 'photo' } as const;

type Refusal = { status: number; code: 'NOT_FOUND' | 'STORAGE_LINK_INVALID' | 'UPLOAD_TOO_LARGE' };
type Checked = { refusal: Refusal } | { path: string; query: URLSearchParams; signedAt: number; expires: number };
type ProxiedRequest = IncomingMessage & { log?: Logger; storagePath?: string };

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

/**
 * Everything but the signature: why this request is not one a presigned URL of ours can make, or the store's
 * path it is for. `rawUrl` is the request's own target: a dot segment or an escape is no key of ours, and what
 * is checked is exactly what is forwarded.
 */
export function checkStorageRequest(method: string, rawUrl: string, headers: IncomingMessage['headers'], bucket: string, now: number): Checked {
  const keys = KEYS_OF_METHOD[method];
  if (!keys) return { refusal: { status: 405, code: 'STORAGE_LINK_INVALID' } };
  const at = rawUrl.indexOf('?');
  const rawPath = at < 0 ? rawUrl : rawUrl.slice(0, at);
  const prefix = `${STORAGE_PROXY_PATH}/${bucket}/`;
  const key = rawPath.startsWith(prefix) ? rawPath.slice(prefix.length) : '';
  if (!keys.test(key)) return { refusal: { status: 404, code: 'NOT_FOUND' } };

  const query = new URLSearchParams(at < 0 ? '' : rawUrl.slice(at + 1));
  const allowed = new Set<string>([...SIGNATURE_QUERY, ...SIGNED_OVERRIDES[method]!]);
  const names = [...query.keys()];
  if (names.some((name) => !allowed.has(name)) || new Set(names).size !== names.length || SIGNATURE_QUERY.some((name) => !query.has(name))) {
    return { refusal: { status: 403, code: 'STORAGE_LINK_INVALID' } };
  }
  // x-amz-copy-source, -acl, -meta-*, -tagging …: operations and settings no link of ours asks for.
  if (Object.keys(headers).some((name) => name.toLowerCase().startsWith('x-amz-'))) return { refusal: { status: 403, code: 'STORAGE_LINK_INVALID' } };
  const signedAt = amzDate(query.get('X-Amz-Date')!);
  const expires = Number(query.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS || !(signedAt - 60_000 <= now && now < signedAt + expires * 1000)) {
    return { refusal: { status: 403, code: 'STORAGE_LINK_INVALID' } };
  }
  const mime = UPLOAD_EXTENSIONS[key.slice(key.lastIndexOf('.') + 1)]!.mime;
  const askedType = query.get('response-content-type');
  if (askedType !== null && askedType !== mime) return { refusal: { status: 403, code: 'STORAGE_LINK_INVALID' } };

  if (method === 'PUT') {
    const length = headers['content-length'];
    if (length === undefined || !/^\d+$/.test(length)) return { refusal: { status: 411, code: 'STORAGE_LINK_INVALID' } };
    const folder = key.slice(INCOMING_UPLOAD_PREFIX.length, key.indexOf('/', INCOMING_UPLOAD_PREFIX.length));
    if (Number(length) > UPLOAD_RULES[FOLDER_KIND[folder as keyof typeof FOLDER_KIND]].maxBytes) return { refusal: { status: 413, code: 'UPLOAD_TOO_LARGE' } };
  }
  return { path: `/${bucket}/${key}`, query, signedAt, expires };
}

/** Serves `/storage/<bucket>/<key>` from the store; every other path passes on. */
export function createStorageProxy({ bucket, now = Date.now, ...store }: StorageProxyOptions): RequestHandler {
  const signatureHolds = presignedUrlVerifier(store);
  const proxy = createProxyMiddleware<ProxiedRequest, ServerResponse>({
    target: store.endpoint,
    // The Host the API signed for: the store's own.
    changeOrigin: true,
    xfwd: false,
    // Exactly the path that was checked and signed, with the query as it came (its signature covers it).
    pathRewrite: (path, req) => `${req.storagePath}${path.includes('?') ? path.slice(path.indexOf('?')) : ''}`,
    on: {
      proxyReq: (proxyReq) => {
        for (const header of DROPPED_REQUEST_HEADERS) proxyReq.removeHeader(header);
      },
      proxyRes: (proxyRes, req, res) => {
        ownKeepAliveHint(proxyRes, res);
        delete proxyRes.headers['set-cookie'];
        proxyRes.headers['cache-control'] = 'private, no-store';
        proxyRes.headers['x-content-type-options'] = 'nosniff';
        proxyRes.headers['content-security-policy'] = STORED_FILE_CSP;
        if (req.method !== 'PUT' && (proxyRes.statusCode ?? 500) < 300) {
          // Whatever the uploader claimed: the type of the extension the confirm step checked the content against.
          const path = req.storagePath ?? '';
          proxyRes.headers['content-type'] = UPLOAD_EXTENSIONS[path.slice(path.lastIndexOf('.') + 1)]!.mime;
          proxyRes.headers['content-disposition'] = 'inline';
        }
      },
      error: (err, req, res) => {
        req.log?.warn({ err: { message: err.message }, code: (err as NodeJS.ErrnoException).code }, 'storage request failed');
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
    const checked = checkStorageRequest(req.method, req.originalUrl, req.headers, bucket, now());
    if ('refusal' in checked) return refuse(res, checked.refusal);
    signatureHolds({ method: req.method, path: checked.path, query: checked.query, signedAt: new Date(checked.signedAt), expiresSeconds: checked.expires }).then(
      (holds) => {
        if (!holds) return refuse(res, { status: 403, code: 'STORAGE_LINK_INVALID' });
        (req as ProxiedRequest).storagePath = checked.path;
        return proxy(req, res, next);
      },
      next,
    );
  };
}
