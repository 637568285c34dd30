import '../../test/support/jsdom-setup';
import { HttpError } from 'react-admin';
import { changedFields, createDataProvider, resourcePath } from './dataProvider';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** Answers in order, with real Headers (Content-Range is read from them); returns the requests made. */
function answerWith(...answers: Answer[]) {
  const requests: Array<{ url: string; method: string; body: unknown; credentials?: RequestCredentials }> = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined, credentials: init?.credentials });
    const answer = answers.shift();
    if (!answer) throw new TypeError(`unexpected fetch ${String(input)}`);
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status < 400,
      status: answer.status,
      statusText: '',
      headers: new Headers({ 'Content-Type': 'application/json', ...answer.headers }),
      text: async () => text,
    } as Response;
  }) as typeof fetch;
  return requests;
}

const registration = { id: 'r1', name: '张三', phone: '13812345678', status: 'new', note: null, followUpAt: null, createdAt: '2025-08-13T06:05:00.000Z' };

describe(createDataProvider.name, () => {
  const provider = createDataProvider();

  it('lists with range, sort and filter, unwraps { success, data } and reads the total from Content-Range', async () => {
    const requests = answerWith({ status: 200, body: { success: true, data: [registration] }, headers: { 'Content-Range': 'registrations 25-25/26' } });
    const page = await provider.getList('registrations', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: '张', status: 'new' },
    });
    expect(page).toEqual({ data: [registration], total: 26 });
    const url = new URL(requests[0].url, 'http://admin.test');
    expect(url.pathname).toBe('/api/registrations');
    expect(JSON.parse(url.searchParams.get('range') ?? '')).toEqual([25, 49]);
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual(['createdAt', 'DESC']);
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ q: '张', status: 'new' });
    expect(requests[0].credentials).toBe('same-origin');
  });

  it('carries an estimated total to the list as meta, and only then', async () => {
    answerWith(
      { status: 200, body: { success: true, data: [registration] }, headers: { 'Content-Range': 'registrations 0-0/100000', 'X-Total-Estimated': 'true' } },
      { status: 200, body: { success: true, data: [registration] }, headers: { 'Content-Range': 'registrations 0-0/1' } }
    );
    const params = { pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };
    expect(await provider.getList('registrations', params)).toEqual({ data: [registration], total: 100000, meta: { totalIsEstimate: true } });
    expect(await provider.getList('registrations', params)).toEqual({ data: [registration], total: 1 });
  });

  it('reads the total of an empty page (`*/0`)', async () => {
    answerWith({ status: 200, body: { success: true, data: [] }, headers: { 'Content-Range': 'contact */0' } });
    expect(await provider.getList('messages', { pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} })).toEqual({
      data: [],
      total: 0,
    });
  });

  it('maps the messages resource to /api/contact and other resources under /api/admin', async () => {
    expect(resourcePath('registrations')).toBe('registrations');
    expect(resourcePath('messages')).toBe('contact');
    expect(resourcePath('students')).toBe('admin/students');
    const requests = answerWith({ status: 200, body: { success: true, data: { id: 'm1', name: '李四' } } });
    expect(await provider.getOne('messages', { id: 'm1' })).toEqual({ data: { id: 'm1', name: '李四' } });
    expect(requests[0]).toMatchObject({ url: '/api/contact/m1', method: 'GET' });
  });

  it('updates with PATCH and only the fields the form changed', async () => {
    const updated = { ...registration, status: 'contacted', note: '已电话沟通' };
    const requests = answerWith({ status: 200, body: { success: true, message: '更新成功', data: updated } });
    const answer = await provider.update('registrations', { id: 'r1', data: { ...registration, status: 'contacted', note: '已电话沟通' }, previousData: registration });
    expect(answer).toEqual({ data: updated });
    expect(requests).toEqual([{ url: '/api/registrations/r1', method: 'PATCH', body: { status: 'contacted', note: '已电话沟通' }, credentials: 'same-origin' }]);
  });

  it('updates many with one PATCH each', async () => {
    const requests = answerWith({ status: 200, body: { success: true, data: {} } }, { status: 200, body: { success: true, data: {} } });
    expect(await provider.updateMany('messages', { ids: ['a', 'b'], data: { status: 'invalid' } })).toEqual({ data: ['a', 'b'] });
    expect(requests.map(({ url, method, body }) => [method, url, body])).toEqual([
      ['PATCH', '/api/contact/a', { status: 'invalid' }],
      ['PATCH', '/api/contact/b', { status: 'invalid' }],
    ]);
  });

  it('erases a person through POST /api/admin/people/erase', async () => {
    const requests = answerWith({ status: 200, body: { success: true, message: '已删除该联系人的全部记录', data: { registrations: 2, messages: 1, students: 1 } } });
    expect(await provider.erasePerson({ phone: '13812345678', email: 'a@b.cn' })).toEqual({ registrations: 2, messages: 1, students: 1 });
    expect(requests[0]).toMatchObject({ url: '/api/admin/people/erase', method: 'POST', body: { phone: '13812345678', email: 'a@b.cn' } });
  });

  it('reveals one phone and exports one person, with the file name the API gave', async () => {
    const requests = answerWith(
      { status: 200, body: { success: true, data: { phone: '138 1234 5678' } } },
      { status: 200, body: { success: true, data: { registrations: [] } }, headers: { 'Content-Disposition': 'attachment; filename="person-20251120.json"' } }
    );
    expect(await provider.revealPhone({ resource: 'contact', id: 'c1' })).toBe('138 1234 5678');
    expect(await provider.exportPerson({ resource: 'registrations', id: 'r1' })).toEqual({ fileName: 'person-20251120.json', data: { registrations: [] } });
    expect(requests.map(({ url, method, body }) => [method, url, body])).toEqual([
      ['POST', '/api/admin/people/reveal-phone', { resource: 'contact', id: 'c1' }],
      ['POST', '/api/admin/people/export', { resource: 'registrations', id: 'r1' }],
    ]);
  });

  it('fails with the status and the server message, so a 401 reaches the authProvider', async () => {
    answerWith({ status: 401, body: { success: false, message: '请先登录' } });
    const failure = provider.getOne('registrations', { id: 'r1' });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: '请先登录' });
  });

  it('keeps per-field validation errors in the error body for the form', async () => {
    answerWith({ status: 400, body: { success: false, message: '备注不能超过2000个字符', errors: { note: '备注不能超过2000个字符' } } });
    await expect(provider.update('registrations', { id: 'r1', data: { note: 'x' }, previousData: { id: 'r1' } })).rejects.toMatchObject({
      status: 400,
      body: { errors: { note: '备注不能超过2000个字符' } },
    });
  });
});

describe(changedFields.name, () => {
  it('compares values, treating undefined and null alike', () => {
    expect(changedFields({ data: { id: 1, note: null, status: 'new', followUpAt: '2025-08-20T00:00:00+08:00' }, previousData: { id: 1, status: 'new', followUpAt: null } })).toEqual({
      followUpAt: '2025-08-20T00:00:00+08:00',
    });
  });

  it('sends the data as given without previous data', () => {
    expect(changedFields({ data: { status: 'invalid' }, previousData: undefined as never })).toEqual({ status: 'invalid' });
  });
});
