/**
 * Requests no browser sends to a page, refused in the API's error envelope before they reach Remix, where each
 * was a 500 (ADR 038):
 *  - a path whose percent-encoding is not UTF-8 (`/%ff`, the overlong `/%c0%ae`): Remix's URL decoding throws;
 *  - a method Remix cannot build a Request of (TRACE) or has no page for (OPTIONS, WebDAV's …);
 *  - a body on a page that is not a form's: an action's `request.formData()` throws on `text/plain`, JSON, a
 *    multipart body that does not match its boundary, or no body at all (multipart only reaches the pages that
 *    take files).
 */
import { type ApiErrorResponse, ERROR_MESSAGES, type ErrorCode, STUDENT_PAGES } from '@aipm/contracts';
import type { RequestHandler, Response } from 'express';

/** Prefixes answered by something other than Remix: the API, the back-office build and the storage proxy. */
const NOT_PAGES = ['/api', '/admin', '/storage'];
const READS = new Set(['GET', 'HEAD']);
/** What a Remix action answers: a form's submission, whatever its method. */
const SUBMISSIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The body a page takes: the forms post `application/x-www-form-urlencoded` (a fetcher, or the browser without
 * JavaScript); only a form with files sends multipart, and only to its own page.
 */
const FORM_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_TYPE = 'multipart/form-data';
/**
 * The pages whose form carries files (the student's offer report and its evidence), as a document and as Remix's
 * data request. Their action reads a broken multipart body as a refusal of its own (student/offer-report.server.ts).
 */
const FILE_FORM_PAGES = new Set([STUDENT_PAGES.offers, `${STUDENT_PAGES.offers}.data`]);

/** 400 BAD_REQUEST, or REQUEST_FAILED for 405 and 415 (the catalog's code for a status without its own, ADR 013). */
function refuse(res: Response, status: 400 | 405 | 415, code: ErrorCode): void {
  const body: ApiErrorResponse = { success: false, code, message: ERROR_MESSAGES[code] };
  if (status === 405) res.setHeader('Allow', 'GET, HEAD, POST');
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.json(body);
}

/** Whether a path's percent-encoding decodes as UTF-8 (`/%ff` and the overlong `/%c0%ae` do not). */
export function isUtf8PercentEncoded(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pathname` is `prefix` or below it (`/api`, `/api/…`, but not `/apiary`). */
function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function refuseBadRequests(): RequestHandler {
  return (req, res, next) => {
    const pathname = req.url.split('?')[0] ?? '';
    // Every path, the API's too: the answer is the one the API gives a request it cannot read.
    if (!isUtf8PercentEncoded(pathname)) return refuse(res, 400, 'BAD_REQUEST');
    if (READS.has(req.method) || NOT_PAGES.some((prefix) => isUnder(pathname, prefix))) return next();
    if (!SUBMISSIONS.has(req.method)) return refuse(res, 405, 'REQUEST_FAILED');
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== FORM_TYPE && !(type === MULTIPART_TYPE && FILE_FORM_PAGES.has(pathname))) return refuse(res, 415, 'REQUEST_FAILED');
    next();
  };
}
