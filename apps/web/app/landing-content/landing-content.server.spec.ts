import { defaultLandingContent, formatIsoDate, type LandingContent } from '@aipm/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { forgetLandingContent, LANDING_CONTENT_CHECK_MS, readLandingContent } from './landing-content.server';

/** A stand-in for the API's public read: the live publication with its ETag, 304 when asked with it. */
function contentApi() {
  const state = { id: 1, content: defaultLandingContent(null, '2026-11-29') as LandingContent, status: 200, calls: 0, notModified: 0, body: undefined as unknown };
  const server: Server = createServer((request, response) => {
    state.calls += 1;
    if (request.url !== '/api/landing-content') return void response.writeHead(404).end();
    if (state.status !== 200) return void response.writeHead(state.status).end();
    const etag = `"landing-${state.id}"`;
    if (request.headers['if-none-match'] === etag) {
      state.notModified += 1;
      return void response.writeHead(304, { ETag: etag }).end();
    }
    response.writeHead(200, { 'Content-Type': 'application/json', ETag: etag });
    if (state.body !== undefined) return void response.end(JSON.stringify(state.body));
    response.end(JSON.stringify({ success: true, data: { id: state.id, publishedAt: '2026-11-29T08:00:00.000Z', publishedBy: null, restoredFrom: null, content: state.content } }));
  });
  return {
    state,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(readLandingContent.name, () => {
  const api = contentApi();
  let context: { apiUrl: string; requestId: string };
  const withQuestion = (question: string): LandingContent => {
    const content = defaultLandingContent(null, '2026-11-29');
    content.faq.items[0]!.question = { zh: question, en: question };
    return content;
  };

  beforeAll(async () => {
    context = { apiUrl: await api.start(), requestId: 'test' };
  });
  afterAll(() => api.close());
  beforeEach(() => {
    forgetLandingContent();
    Object.assign(api.state, { id: 1, content: defaultLandingContent(null, '2026-11-29'), status: 200, calls: 0, notModified: 0, body: undefined });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks at most every half second, with the ETag, and sees a publish at the first check after it', async () => {
    expect((await readLandingContent(context, 10_000)).id).toBe(1);
    expect((await readLandingContent(context, 10_000 + LANDING_CONTENT_CHECK_MS - 1)).id).toBe(1);
    expect(api.state.calls).toBe(1);
    // Unchanged: a 304, the content kept.
    expect((await readLandingContent(context, 10_000 + LANDING_CONTENT_CHECK_MS)).content.faq.items[0]!.question.zh).toBe('没有技术背景可以参加吗？');
    expect([api.state.calls, api.state.notModified]).toEqual([2, 1]);

    Object.assign(api.state, { id: 2, content: withQuestion('零基础可以报名吗？') });
    const published = await readLandingContent(context, 10_000 + 2 * LANDING_CONTENT_CHECK_MS);
    expect([published.id, published.content.faq.items[0]!.question.zh]).toEqual([2, '零基础可以报名吗？']);
  });

  it('shares one call between concurrent loads', async () => {
    await Promise.all([readLandingContent(context, 1), readLandingContent(context, 1), readLandingContent(context, 1)]);
    expect(api.state.calls).toBe(1);
  });

  it('keeps the last known content while the API fails, and shows the built-in first publication if it never answered', async () => {
    api.state.status = 503;
    const never = await readLandingContent(context, 1);
    expect(never).toEqual({ id: null, content: defaultLandingContent(null, formatIsoDate(1)) });

    api.state.status = 200;
    Object.assign(api.state, { id: 3, content: withQuestion('第三版') });
    expect((await readLandingContent(context, 1_000)).id).toBe(3);
    api.state.status = 500;
    const kept = await readLandingContent(context, 2_000);
    expect([kept.id, kept.content.faq.items[0]!.question.zh]).toEqual([3, '第三版']);
  });

  it('takes an answer of another shape for no answer: the last known content, or the built-in one, and says why', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const builtIn = { id: null, content: defaultLandingContent(null, formatIsoDate(1)) };
    // What a stand-in echoing the request, an error page with 200, or a half publication would answer.
    for (const body of [{ method: 'GET', url: '/api/landing-content' }, null, { data: { id: 4 } }, { data: { id: 4, content: { hero: {} } } }]) {
      api.state.body = body;
      expect(await readLandingContent(context, 1)).toEqual(builtIn);
    }
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).err)).toEqual(Array(4).fill('Error: landing content answered 200 without a publication'));

    api.state.body = undefined;
    Object.assign(api.state, { id: 5, content: withQuestion('第五版') });
    expect((await readLandingContent(context, 1_000)).id).toBe(5);
    api.state.body = { data: { id: 6, content: 'not content' } };
    const kept = await readLandingContent(context, 2_000);
    expect([kept.id, kept.content.faq.items[0]!.question.zh]).toEqual([5, '第五版']);
  });
});
