/**
 * @jest-environment node
 */
// A loader test: the real fetch against a stand-in API, no DOM. Kept outside app/routes/, where Remix makes every
// file a route (a spec there broke the web build: node:http in a browser bundle).
import { defaultLandingContent, type LandingContent } from '@aipm/contracts';
import type { AppLoadContext } from '@remix-run/node';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { loader } from '../routes/preview.landing';

/** A stand-in API: the draft for the administrator's session only, and the page's other reads. */
function api() {
  const draft: LandingContent = defaultLandingContent(null, '2026-11-29');
  draft.faq.items[0]!.question = { zh: '草稿里的问题？', en: 'A question of the draft?' };
  const seen: Array<string | undefined> = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    response.setHeader('Content-Type', 'application/json');
    if (request.url === '/api/admin/landing-content/draft') {
      seen.push(request.headers.cookie);
      if (request.headers.cookie !== 'aipm.sid=admin-session') return void response.writeHead(401).end('{"success":false}');
      return void response.end(JSON.stringify({ success: true, data: { content: draft, savedAt: null, unpublished: true } }));
    }
    if (request.url?.startsWith('/api/jobs')) return void response.end('{"success":true,"data":[]}');
    if (request.url === '/api/site-settings') return void response.end('{"success":true,"data":{},"updatedAt":null}');
    response.writeHead(404).end('{}');
  });
  return {
    seen,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('/preview/landing', () => {
  const stand = api();
  let context: AppLoadContext;
  const load = (cookie?: string, query = '') =>
    loader({ request: new Request(`http://localhost/preview/landing${query}`, { headers: cookie ? { Cookie: cookie } : {} }), context, params: {} } as Parameters<typeof loader>[0]);

  beforeAll(async () => {
    context = { apiUrl: await stand.start(), requestId: 'test' } as unknown as AppLoadContext;
  });
  afterAll(() => stand.close());

  it('answers 404, never cached, to anyone without the administrator session, and passes on no other cookie', async () => {
    for (const cookie of [undefined, 'aipm.sid=someone-else', 'aipm.student=student-session']) {
      const refused = await load(cookie).then(
        () => null,
        (thrown: unknown) => thrown as Response,
      );
      expect(refused?.status).toBe(404);
      expect(refused?.headers.get('Cache-Control')).toBe('no-store');
    }
    expect(stand.seen).toEqual(['aipm.sid=someone-else']);
  });

  it("renders the draft in the page's language for the administrator, never cached and not indexed", async () => {
    const answer = (await load('lng=en; aipm.sid=admin-session; other=1', '?lng=en')) as unknown as { data: { content: { faq: { items: Array<{ question: string }> } } }; init: { headers: Record<string, string> } };
    expect(answer.data.content.faq.items[0]!.question).toBe('A question of the draft?');
    expect(answer.init.headers).toEqual({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
    expect(stand.seen.at(-1)).toBe('aipm.sid=admin-session');
  });
});
