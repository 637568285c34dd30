// @ts-check
/**
 * One back-office build served as the front door serves it (apps/web/server/src/front-door.ts, createAdminRouter):
 * /admin/assets/* with a year's cache, index.html for every other /admin path (signed-in.html for a visitor with a
 * session cookie, but on the sign-in page), gzip when the browser asks, and
 * every /api call passed to the API. admin-lighthouse.mjs starts one per build in a process of its own, so the
 * build measured and its baseline are answered by the same code. Files are compressed once at start (level 6,
 * as the front door's `compression()`), so the load of the machine does not weigh on one build's answers more.
 *
 * Usage: node tools/bench/lib/admin-static-server.mjs <dist folder> <API base URL>; prints the port it listens on.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const [distArgument, apiBase] = process.argv.slice(2);
if (!distArgument || !apiBase) {
  console.error('usage: node tools/bench/lib/admin-static-server.mjs <dist> <api base>');
  process.exit(2);
}
const dist = path.resolve(distArgument);
const api = new URL(apiBase);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** @type {Map<string, { body: Buffer; gzip: Buffer; type: string; cache: string }>} */
const files = new Map();
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = path.join(entry.parentPath, entry.name);
  const urlPath = `/admin/${path.relative(dist, file).split(path.sep).join('/')}`;
  const body = fs.readFileSync(file);
  const type = TYPES[/** @type {keyof typeof TYPES} */ (path.extname(file))] ?? 'application/octet-stream';
  const cache = urlPath.startsWith('/admin/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  files.set(urlPath, { body, gzip: zlib.gzipSync(body, { level: 6 }), type, cache });
}
const index = files.get('/admin/index.html');
if (!index) throw new Error(`${dist} has no index.html`);
// A build from before signed-in.html (a baseline) answers every screen with index.html.
const signedIn = files.get('/admin/signed-in.html') ?? index;

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    const forwarded = http.request({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
    return;
  }
  // A deep link without an extension is a screen: index.html (the front door's rule).
  const screen = url.pathname.startsWith('/admin') && path.extname(url.pathname) === '';
  const signedInScreen = !/^\/admin\/login(?:\/|$)/.test(url.pathname) && /(?:^|;\s*)aipm\.sid=/.test(String(req.headers.cookie ?? ''));
  const file = files.get(url.pathname) ?? (screen ? (signedInScreen ? signedIn : index) : undefined);
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
    return;
  }
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? file.gzip : file.body;
  res.writeHead(200, {
    'Content-Type': file.type,
    'Content-Length': body.length,
    'Cache-Control': file.cache,
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : '');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
