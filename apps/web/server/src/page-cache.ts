/**
 * The rendered-page cache of `/` and the legal pages, and the fast path that answers from it before Express
 * (ADR 032, docs/product/public-site.md#assets-and-performance). A page is rendered once per language and address
 * for at most a second, by a request that carries nothing of any visitor; each answer then adds what is this
 * visitor's own: a request id, the security headers with a fresh CSP nonce (written into the body where the render's
 * nonce was), and the Set-Cookie the page's loaders would send this request, computed by the app itself
 * (`entry.module.pageCacheVisitor`).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import zlib from 'node:zlib';

import { acceptRequestId, REQUEST_ID_HEADER } from '@aipm/config';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import type { Logger } from 'pino';
import proxyAddr from 'proxy-addr';

import { allowedHosts, pageSecurityHeaders } from './security';

/** The pages served from the cache: the same for every visitor of one language, apart from the nonce. */
export const CACHED_PAGES: ReadonlySet<string> = new Set(['/', '/privacy-policy', '/terms-of-service', '/cookie-policy']);
/**
 * A render checked less than this ago is answered as it is. Past it, the next load checks the page's data (the
 * app's fingerprint: the job list and the site settings, one API read) and re-renders only when it changed. One
 * read serves the checks of all renders for this long (and while it is pending).
 */
export const PAGE_FRESH_MS = 500;
/**
 * Up to this long after its last check a render is still answered while the next check runs
 * (stale-while-revalidate); after it, the load waits for the check. So a job or a settings change the API reports
 * is on every page answered about a second after it (plus one render).
 */
export const PAGE_MAX_AGE_MS = 1_000;
/** Re-rendered at least this often even with unchanged data: the page's render instant (the jobs' "3 hours ago") stays near. */
export const PAGE_RERENDER_MS = 60_000;
/**
 * The renders one origin can need: each page plain in each language, and with `?lng=` of each language (zh and en:
 * 4). Only known values reach a key (ADR 039), so the cache's size is bounded by what the site serves.
 */
const RENDERS_PER_ORIGIN = CACHED_PAGES.size * 4;
/** When no bound is given: the loopback names and a site name, each with and without a port, http and https. */
const DEFAULT_MAX_ENTRIES = 4 * 2 * 2 * RENDERS_PER_ORIGIN;
/**
 * Renders for a Host whose port is neither absent nor the one the server was reached on (a port mapped in front of
 * it, or made up): a corner of their own, so ever new ports only push each other out, never the site's own pages.
 */
const FOREIGN_PORT_ENTRIES = 2 * RENDERS_PER_ORIGIN;
/**
 * Remix's own query parameter: `?_data=` asks for a route's loader data, not the page. Any other parameter than `lng`
 * the cached pages' render never reads (the canonical link keeps only a supported `lng`; the first touch reads utm_*
 * per request, through the visitor): it is left out of the key, so ever new values cannot each cost a render.
 */
const REMIX_DATA_QUERY = '_data';
/** WeChat's in-app browser gets a share panel configured per page: rendered per request (see ADR 032). */
const WECHAT_BROWSER = /MicroMessenger/i;

/** What {@link PageCacheVisitor} may read of a request besides its address. */
const VISITOR_HEADERS = ['cookie', 'accept-language', 'referer', 'user-agent'] as const;

/** What the app's entry module exports for the cache (apps/web/app/page-cache/visitor.server.ts). */
export interface PageCacheVisitor {
  language(request: Request): Promise<string>;
  setCookies(request: Request): string[];
  /** The origin the page's links are built from: SITE_URL's when set (the request's own origin then changes nothing), else the request's. */
  origin(request: Request): string;
  /**
   * A text that changes whenever the data the cached pages show changes (jobs, site settings). The same for every
   * cached page, language and host (it is given none of them): the cache reads it once for all its renders.
   */
  fingerprint(context: { apiUrl: string; requestId: string }): Promise<string>;
}

/** One render, cut where its nonce was: the parts as they are and each deflated once for gzip answers. */
export interface RenderedPage {
  status: number;
  /** The render's own headers (Content-Type, Vary), without its Set-Cookie. */
  headers: Array<[string, string]>;
  parts: Buffer[];
  deflated: Buffer[];
  renderedAt: number;
}

interface Entry {
  page?: RenderedPage;
  /** When the page's data was last found unchanged (or the page rendered). */
  checkedAt: number;
  /** The fingerprint the page was rendered after; null when it could not be read (the next check re-renders). */
  fingerprint: string | null;
  pending?: Promise<RenderedPage | null>;
}

/** One read of the visitor's fingerprint, shared by the checks of every render (they all read the same data). */
interface FingerprintRead {
  /** When the read started: it returns the data as of this instant or later. */
  startedAt: number;
  /** The fingerprint, or null when the read failed. */
  result: Promise<string | null>;
  settled: boolean;
}

/** What makes two requests read the same render. */
export interface PageKey {
  /** protocol://host[:port] as Remix sees the request (canonical and alternate links are built from it). */
  origin: string;
  pathname: string;
  language: string;
  /**
   * The origin's port is neither absent nor the one the server was reached on: kept apart (FOREIGN_PORT_ENTRIES),
   * so such renders cannot push out those of the site's own addresses.
   */
  foreignPort?: boolean;
  /** A supported `lng` query parameter (the page's language, kept in the canonical link), or null; any other value is ignored by the app. */
  lngQuery: string | null;
}

export interface PageCacheOptions {
  build: ServerBuild;
  visitor: Pick<PageCacheVisitor, 'fingerprint'>;
  apiUrl: string;
  logger: Logger;
  now?: () => number;
  /**
   * Renders kept at most, least recently answered out first. Sized by the front door to every key its configuration
   * allows ({@link maxPageCacheEntries}), so no sequence of requests can push a page out.
   */
  maxEntries?: number;
}

/** Every render the front door's hosts can ask for: each host name with and without a port, over http and https. */
export function maxPageCacheEntries(hosts: ReadonlySet<string>): number {
  return Math.max(DEFAULT_MAX_ENTRIES, hosts.size * 2 * 2 * RENDERS_PER_ORIGIN);
}

/** What the cache has done since it started (tests, and an operator's look at a live process). */
export interface PageCacheStats {
  /** Renders made (first renders, changed data, minute-old renders). */
  renders: number;
  /** Renders dropped to make room. */
  evictions: number;
  entries: number;
}

/** Renders and keeps the cached pages; concurrent requests for a missing or expired page share one render. */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly foreignPortEntries = new Map<string, Entry>();
  /** The last successful or still pending fingerprint read (a failed one is forgotten when it settles). */
  private lastRead?: FingerprintRead;
  private readonly handle: ReturnType<typeof createRequestHandler>;
  private readonly now: () => number;
  private readonly maxEntries: number;
  private renders = 0;
  private evictions = 0;

  constructor(private readonly options: PageCacheOptions) {
    this.handle = createRequestHandler(options.build, 'production');
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  stats(): PageCacheStats {
    return { renders: this.renders, evictions: this.evictions, entries: this.entries.size + this.foreignPortEntries.size };
  }

  /** The render to answer with, or null when the page could not be rendered (the request then goes to Express). */
  async page(key: PageKey): Promise<RenderedPage | null> {
    const id = `${key.origin}${key.pathname}?lng=${key.lngQuery ?? ''}#${key.language}`;
    const entries = key.foreignPort ? this.foreignPortEntries : this.entries;
    let entry = entries.get(id);
    if (entry) {
      // Least recently answered first out: moved to the end of the map's order.
      entries.delete(id);
      entries.set(id, entry);
    } else {
      entry = { checkedAt: -Infinity, fingerprint: null };
      entries.set(id, entry);
      const max = key.foreignPort ? FOREIGN_PORT_ENTRIES : this.maxEntries;
      if (entries.size > max) {
        entries.delete(entries.keys().next().value as string);
        this.evictions += 1;
        // Expected for made-up ports; for the site's own addresses the bound covers every key, so it is worth a look.
        if (!key.foreignPort) this.options.logger.warn({ maxEntries: max }, 'page cache: full, the least recently answered render dropped');
      }
    }
    const age = entry.page ? this.now() - entry.checkedAt : Infinity;
    if (age < PAGE_FRESH_MS) return entry.page!;
    const current = entry;
    const next = (current.pending ??= this.revalidate(key, current).then(
      (page) => {
        current.pending = undefined;
        return page;
      },
      (error: unknown) => {
        current.pending = undefined;
        this.options.logger.warn({ err: error, page: id }, 'page cache: render failed');
        return null;
      },
    ));
    return age < PAGE_MAX_AGE_MS ? current.page! : next;
  }

  /** Checks the page's data; renders again when it changed, when it could not be read, or when the render is old. */
  private async revalidate(key: PageKey, entry: Entry): Promise<RenderedPage | null> {
    const now = this.now();
    const read = this.readFingerprint(now);
    const fingerprint = await read.result;
    // Checked as of the read's start, not this check's: a shared read's data is no newer than that.
    const checkedAt = read.startedAt;
    if (entry.page && fingerprint !== null && fingerprint === entry.fingerprint && now - entry.page.renderedAt < PAGE_RERENDER_MS) {
      entry.checkedAt = checkedAt;
      return entry.page;
    }
    const page = await this.render(key);
    if (page) {
      // The fingerprint read before the render: a change during it shows at the next check.
      entry.page = page;
      entry.fingerprint = fingerprint;
      entry.checkedAt = checkedAt;
    }
    return page;
  }

  /**
   * The fingerprint read a check uses: the pending one, or the last one while it is younger than
   * {@link PAGE_FRESH_MS}, else a new one. Every render (page × language × host × `?lng=`) is checked against the
   * same data, so one read serves them all instead of one per render every half second. A failed read is shared
   * by the checks waiting on it (each re-renders, as for its own failed read) but not kept: the next check reads again.
   */
  private readFingerprint(now: number): FingerprintRead {
    const last = this.lastRead;
    if (last && (!last.settled || now - last.startedAt < PAGE_FRESH_MS)) return last;
    const context = { apiUrl: this.options.apiUrl, requestId: acceptRequestId(undefined) };
    const read: FingerprintRead = { startedAt: now, settled: false, result: Promise.resolve(null) };
    // Called inside a promise chain, so a visitor that throws rather than rejects is a failed read too.
    read.result = Promise.resolve()
      .then(() => this.options.visitor.fingerprint(context))
      .then(
        (fingerprint) => {
          read.settled = true;
          return fingerprint;
        },
        (error: unknown) => {
          read.settled = true;
          if (this.lastRead === read) this.lastRead = undefined;
          this.options.logger.warn({ err: error }, 'page cache: fingerprint read failed');
          return null;
        },
      );
    this.lastRead = read;
    return read;
  }

  /** Forgets every render and the last data read (a test, or an operator's change that must show at once). */
  clear(): void {
    this.entries.clear();
    this.foreignPortEntries.clear();
    this.lastRead = undefined;
  }

  /**
   * Renders the page for no one: no cookie, no referrer, the language as Accept-Language (or `?lng=`), the
   * origin the visitors asked for. What the loaders would set as cookies for such a visitor is dropped.
   */
  private async render(key: PageKey): Promise<RenderedPage | null> {
    const renderedAt = this.now();
    this.renders += 1;
    const nonce = randomBytes(16).toString('base64');
    const url = `${key.origin}${key.pathname}${key.lngQuery === null ? '' : `?lng=${encodeURIComponent(key.lngQuery)}`}`;
    // Aborted once the page is read, which is what clears Remix's per-render stream timer (remix-handler.ts).
    const done = new AbortController();
    const request = new Request(url, { headers: { Host: new URL(url).host, 'Accept-Language': key.language }, signal: done.signal });
    let body: Buffer;
    let response: Response;
    try {
      response = await this.handle(request, {
        requestId: acceptRequestId(undefined),
        cspNonce: nonce,
        apiUrl: this.options.apiUrl,
      });
      body = Buffer.from(await response.arrayBuffer());
    } finally {
      done.abort();
    }
    // A 404 or an error page is not kept: Express answers it for each request as before.
    if (response.status !== 200) return null;
    const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== 'set-cookie');
    const parts = split(body, Buffer.from(nonce));
    const deflated = parts.map((part) => zlib.deflateRawSync(part, { level: zlib.constants.Z_DEFAULT_COMPRESSION, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    return { status: response.status, headers, parts, deflated, renderedAt };
  }
}

function split(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** The body with this answer's nonce between the parts, as the pieces to write. */
function identityPieces(page: RenderedPage, nonce: string): Buffer[] {
  const between = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  page.parts.forEach((part, index) => {
    if (index > 0) pieces.push(between);
    pieces.push(part);
  });
  return pieces;
}

export function joinIdentity(page: RenderedPage, nonce: string): Buffer {
  return Buffer.concat(identityPieces(page, nonce));
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A last, empty block (fixed Huffman, end-of-block only): closes the deflate stream. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * The gzip body (RFC 1952) with this answer's nonce: each part was deflated once, ending on a byte boundary
 * (a sync flush), so the nonce fits between them as a stored block (RFC 1951 §3.2.4); the trailer's CRC-32 and
 * length are those of the joined text.
 */
function gzipPieces(page: RenderedPage, nonce: string): Buffer[] {
  const between = Buffer.from(nonce);
  const stored = Buffer.alloc(5);
  stored.writeUInt8(0, 0);
  stored.writeUInt16LE(between.length, 1);
  stored.writeUInt16LE(~between.length & 0xffff, 3);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(stored, between);
      crc = zlib.crc32(between, crc);
      length += between.length;
    }
    pieces.push(page.deflated[index]!);
    // An empty part (a nonce at either end) adds nothing; zlib.crc32 of an empty buffer is skipped, not trusted.
    if (part.length > 0) crc = zlib.crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(LAST_BLOCK, trailer);
  return pieces;
}

export function joinGzip(page: RenderedPage, nonce: string): Buffer {
  return Buffer.concat(gzipPieces(page, nonce));
}

/** Whether Accept-Encoding allows gzip, else identity (RFC 9110 §12.5.3), or neither. */
export function acceptedEncoding(header: string | undefined): 'gzip' | 'identity' | null {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    if (!coding) continue;
    const weight = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    q.set(coding.trim(), weight === undefined ? 1 : Number(weight));
  }
  const of = (coding: string) => q.get(coding) ?? q.get('*');
  if ((of('gzip') ?? 0) > 0) return 'gzip';
  // identity is acceptable unless refused by name or by a refused * that does not name it.
  return (q.get('identity') ?? (q.get('*') === 0 ? 0 : 1)) > 0 ? 'identity' : null;
}

/** The address as Remix's Express adapter builds it, from Express's own rules for a trusted proxy's headers. */
function remixUrl(req: IncomingMessage, trusted: boolean): URL {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const forwardedHost = trusted ? header('x-forwarded-host') : undefined;
  const host = (forwardedHost ? forwardedHost.split(',')[0]!.trim() : header('host')) ?? '';
  const offset = host.startsWith('[') ? host.indexOf(']') + 1 : 0;
  const colon = host.indexOf(':', offset);
  const hostname = colon === -1 ? host : host.slice(0, colon);
  const forwardedPort = Number.parseInt(forwardedHost?.split(':')[1] ?? '', 10);
  const hostPort = Number.parseInt(host.split(':')[1] ?? '', 10);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : '';
  let protocol = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const forwardedProto = trusted ? header('x-forwarded-proto') : undefined;
  if (forwardedProto) protocol = forwardedProto.split(',')[0]!.trim();
  return new URL(`${protocol}://${hostname}${port ? `:${port}` : ''}${req.url ?? '/'}`);
}

export interface PageFastPathOptions {
  cache: PageCache;
  visitor: PageCacheVisitor;
  logger: Logger;
  trustProxy: string[];
  siteUrl?: string;
  publicHosts?: string;
}

/**
 * The front door's first step: answers a cached page without Express, or returns false (synchronously when the
 * request is not one it serves) so the caller hands it to Express. It does only what each answer needs: the
 * request id, the security headers with a fresh nonce, and this visitor's cookies.
 */
export function createPageFastPath(options: PageFastPathOptions): (req: IncomingMessage, res: ServerResponse) => false | Promise<boolean> {
  const { cache, visitor, logger } = options;
  const trust = proxyAddr.compile(options.trustProxy);
  const hosts = allowedHosts(options.siteUrl, options.publicHosts);

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
    if (!CACHED_PAGES.has(pathname)) return false;
    const query = new URLSearchParams(queryAt === -1 ? '' : rawUrl.slice(queryAt + 1));
    let lngQuery: string | null = null;
    for (const [name, value] of query) {
      if (name === 'lng' && lngQuery === null) lngQuery = value;
      else if (name === REMIX_DATA_QUERY) return false;
    }
    if (WECHAT_BROWSER.test(req.headers['user-agent'] ?? '')) return false;
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return false;
    const trusted = trust(req.socket.remoteAddress ?? '', 0);
    let url: URL;
    try {
      url = remixUrl(req, trusted);
    } catch {
      return false;
    }
    // Unknown hosts get Express's 400; URL lower-cases the name as Express's check does.
    if (!hosts.has(url.hostname) && !hosts.has(`[${url.hostname}]`)) return false;
    return answer(req, res, url, lngQuery, encoding);
  };

  /**
   * The origin the render is made for. With SITE_URL the page's links name SITE_URL whatever the Host, so every Host
   * shares its render. Without, the Host's port is in the links: a port that is neither absent nor the one this
   * server was reached on (mapped in front of it, or made up) is cached apart, so made-up ports cannot push out the
   * site's own pages.
   */
  function renderOrigin(req: IncomingMessage, request: Request, url: URL): { origin: string; foreignPort: boolean } {
    const origin = visitor.origin(request);
    if (origin !== url.origin) return { origin, foreignPort: false };
    return { origin, foreignPort: url.port !== '' && Number(url.port) !== req.socket.localPort };
  }

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL, lngQuery: string | null, encoding: 'gzip' | 'identity'): Promise<boolean> {
    const started = process.hrtime.bigint();
    // The headers the app's visitor answers read (language, first touch); a Request of all of them costs more.
    const headers = new Headers();
    for (const name of VISITOR_HEADERS) {
      const value = req.headers[name];
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const request = new Request(url, { headers });
    const { origin, foreignPort } = renderOrigin(req, request, url);
    const language = await visitor.language(request);
    // A supported ?lng= is the page's language (it comes first); any other value the app ignores, so it must not
    // make a render of its own: ever new values would each cost a render and push the pages in use out.
    const page = await cache.page({ origin, foreignPort, pathname: url.pathname, language, lngQuery: lngQuery === language ? lngQuery : null });
    if (!page) return false;

    const requestId = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
    const nonce = randomBytes(16).toString('base64');
    res.statusCode = page.status;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    for (const [name, value] of pageSecurityHeaders(nonce, url.protocol === 'https:')) res.setHeader(name, value);
    for (const [name, value] of page.headers) res.setHeader(name, value);
    const cookies = visitor.setCookies(request);
    if (cookies.length) res.setHeader('Set-Cookie', cookies);
    // As the compression middleware adds it to every compressible answer, HEAD included.
    const vary = res.getHeader('Vary');
    res.setHeader('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (req.method === 'HEAD') {
      res.end();
    } else {
      // Written piece by piece (one writev): copying a 60 KB page into one buffer costs more than the rest of the answer.
      const pieces = encoding === 'gzip' ? gzipPieces(page, nonce) : identityPieces(page, nonce);
      if (encoding === 'gzip') res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', pieces.reduce((sum, piece) => sum + piece.length, 0));
      res.cork();
      for (const piece of pieces) res.write(piece);
      res.end();
    }
    if (logger.isLevelEnabled('info')) logger.info(
      {
        req: { id: requestId, method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode },
        responseTime: Number(process.hrtime.bigint() - started) / 1e6,
        pageCache: true,
      },
      'request completed',
    );
    return true;
  }
}
