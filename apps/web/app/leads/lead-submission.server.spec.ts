import { ERROR_MESSAGES, FIRST_TOUCH_COOKIE, LEAD_ERRORS, LEAD_MESSAGES } from '@aipm/contracts';

import { createTranslator } from '../i18n/translator';
import en from '../locales/en/common.json';
import zh from '../locales/zh/common.json';

import { answerStatus, PUBLIC_ERROR_CODES, submitLeadForm, type LeadSubmissionContext } from './lead-submission.server';

const zhTranslator = createTranslator('zh', zh);
const enTranslator = createTranslator('en', en);
const API = 'http://127.0.0.1:3901';

const validRegistration = {
  intent: 'registration',
  name: ' 张三 ',
  phone: '138 0013 8000',
  email: '',
  school: '中南大学',
  major: '软件工程',
  goals: '转行做 AI 产品经理',
  agreement: 'true',
  website: '',
};
const validContact = { intent: 'contact', name: '李四', email: 'li@example.cn', phone: '+44 7911 123456', subject: 'enterprise', message: '企业内训', website: '' };

function post(fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost:3000/?index', { method: 'POST', body: new URLSearchParams(fields), headers });
}

function apiAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function context(fetch: jest.Mock, overrides: Partial<LeadSubmissionContext> = {}): LeadSubmissionContext {
  return { apiUrl: API, requestId: 'req-1', remoteAddress: '127.0.0.1', translator: zhTranslator, fetch: fetch as unknown as typeof globalThis.fetch, ...overrides };
}

const created = () => apiAnswer(201, { success: true, message: LEAD_MESSAGES.registrationSucceeded, data: { id: 'a' } });

describe(submitLeadForm.name, () => {
  it('checks the form with the DTO rules first and answers with the spec messages, the API untouched', async () => {
    const fetch = jest.fn();
    const { status, result } = await submitLeadForm(post({ intent: 'registration', name: '  ', phone: '12345', email: 'x', school: '', major: '' }), context(fetch));
    expect(fetch).not.toHaveBeenCalled();
    expect(status).toBe(400);
    expect(result).toEqual({
      intent: 'registration',
      ok: false,
      toast: { title: '注册失败', text: '姓名不能为空', variant: 'destructive' },
      errors: {
        name: '姓名不能为空',
        phone: LEAD_ERRORS.INVALID_PHONE,
        email: '请输入有效的邮箱地址',
        school: '请填写在读/毕业学校',
        major: '请填写就读专业',
        agreement: '您必须同意用户协议和隐私政策才能提交',
      },
      values: { name: '  ', phone: '12345', email: 'x', school: '', major: '', goals: '', agreement: '' },
    });
  });

  it('checks the contact rules, in the page language', async () => {
    const { result } = await submitLeadForm(post({ intent: 'contact', name: '', phone: '', subject: '' }), context(jest.fn(), { translator: enTranslator }));
    expect(result.toast).toEqual({ title: 'Send failed', text: 'Please enter your name', variant: 'destructive' });
    expect(result.errors).toEqual({ name: 'Please enter your name', phone: 'Please enter your mobile number', subject: 'Please choose a subject' });
  });

  it('sends the form to the API on behalf of the visitor: address, browser, first-touch source', async () => {
    const fetch = jest.fn().mockResolvedValue(created());
    const source = { utm_source: 'wechat', referrer: 'https://mp.weixin.qq.com/', landingPath: '/' };
    const request = post(validRegistration, {
      'X-Forwarded-For': '203.0.113.9',
      'User-Agent': 'Mozilla/5.0 (test)',
      'Accept-Language': 'zh-CN',
      Cookie: `lng=zh; ${FIRST_TOUCH_COOKIE}=${encodeURIComponent(JSON.stringify(source))}`,
    });
    const { status, result } = await submitLeadForm(request, context(fetch));

    expect(status).toBe(200);
    expect(result).toEqual({ intent: 'registration', ok: true, toast: { text: '报名成功！我们将在24小时内与您联系', variant: 'default' }, errors: {}, values: {} });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${API}/api/registrations`);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Request-Id': 'req-1',
      'User-Agent': 'Mozilla/5.0 (test)',
      // The API trusts loopback hops only: the visitor's address is the one before the web server's socket peer.
      'X-Forwarded-For': '203.0.113.9, 127.0.0.1',
      'Accept-Language': 'zh-CN',
    });
    // Only the DTO's fields: the API refuses unknown ones (no `intent`), and an empty honeypot is left out.
    expect(JSON.parse(init.body as string)).toEqual({
      name: ' 张三 ',
      phone: '138 0013 8000',
      email: '',
      school: '中南大学',
      major: '软件工程',
      goals: '转行做 AI 产品经理',
      agreement: true,
      source,
    });
  });

  it('claims no address without the socket one, and passes a filled honeypot on for the API to discard', async () => {
    const fetch = jest.fn().mockResolvedValue(created());
    await submitLeadForm(post({ ...validContact, website: 'https://spam.example' }, { 'X-Forwarded-For': '198.51.100.1' }), context(fetch, { remoteAddress: undefined }));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${API}/api/contact`);
    expect(init.headers).not.toHaveProperty('X-Forwarded-For');
    expect(init.headers).toHaveProperty('User-Agent', '');
    expect(JSON.parse(init.body as string)).toEqual({ ...validContact, intent: undefined, website: 'https://spam.example' });
  });

  it('shows the API refusal: field errors, the rate limit, any other message, in the page language', async () => {
    const invalid = apiAnswer(400, {
      success: false,
      code: 'INVALID_MAINLAND_PHONE',
      message: LEAD_ERRORS.INVALID_MAINLAND_PHONE,
      errors: { phone: LEAD_ERRORS.INVALID_MAINLAND_PHONE },
      fieldCodes: { phone: 'INVALID_MAINLAND_PHONE' },
    });
    const refused = await submitLeadForm(post(validRegistration), context(jest.fn().mockResolvedValue(invalid), { translator: enTranslator }));
    expect(refused.status).toBe(400);
    expect(refused.result.errors).toEqual({ phone: 'Please enter a valid mainland China mobile number (11 digits starting with 1)' });
    expect(refused.result.toast).toEqual({ title: 'Registration failed', text: 'Please enter a valid mainland China mobile number (11 digits starting with 1)', variant: 'destructive' });

    const limited = await submitLeadForm(
      post(validContact),
      context(jest.fn().mockResolvedValue(apiAnswer(429, { success: false, message: LEAD_ERRORS.FORM_RATE_LIMITED, code: 'FORM_RATE_LIMITED' }))),
    );
    expect(limited.status).toBe(429);
    expect(limited.result).toMatchObject({ ok: false, toast: { title: '发送失败', text: '提交过于频繁，请稍后再试', variant: 'destructive' }, values: { name: '李四' } });

    const broken = await submitLeadForm(post(validContact), context(jest.fn().mockResolvedValue(apiAnswer(500, { success: false, code: 'INTERNAL_ERROR', message: '服务器内部错误，请稍后重试' }))));
    expect(broken.status).toBe(502);
    expect(broken.result.toast.text).toBe('服务器内部错误，请稍后重试');

    // The text is never read: a code the forms do not know shows their general failure, whatever the message says.
    const unknown = apiAnswer(409, { success: false, code: 'TASK_RUNNING', message: '任务正在运行中', errors: { name: 'x' }, fieldCodes: { name: 'NOT_A_CODE' } });
    const other = await submitLeadForm(post(validContact), context(jest.fn().mockResolvedValue(unknown), { translator: enTranslator }));
    expect(other.result.toast).toEqual({ title: 'Send failed', text: 'Please try again later', variant: 'destructive' });
    expect(other.result.errors).toEqual({});
  });

  it('falls back to the spec default when the API gives no message or cannot be reached', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const down = await submitLeadForm(post(validRegistration), context(jest.fn().mockRejectedValue(new TypeError('fetch failed'))));
    expect(down.status).toBe(502);
    expect(down.result.toast).toEqual({ title: '注册失败', text: '提交失败，请稍后重试', variant: 'destructive' });
    const empty = await submitLeadForm(post(validContact), context(jest.fn().mockResolvedValue(new Response('Bad Gateway', { status: 502 }))));
    expect(empty.result.toast).toEqual({ title: '发送失败', text: '发送失败，请稍后重试', variant: 'destructive' });
  });

  it('refuses what no form sends', async () => {
    await expect(submitLeadForm(post({ intent: 'login' }), context(jest.fn()))).rejects.toMatchObject({ status: 400 });
    const huge = post(validContact, { 'Content-Length': String(1024 * 1024) });
    await expect(submitLeadForm(huge, context(jest.fn()))).rejects.toMatchObject({ status: 413 });
  });
});

describe(answerStatus.name, () => {
  // What browsers send: the fetcher's fetch is Sec-Fetch-Dest empty, a form posted without JavaScript is a document.
  const script = { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' };
  const navigation = { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };
  const empty = { intent: 'registration', name: '', phone: '', email: '', school: '', major: '' };

  it('answers an empty registration sent by the page\'s script 200, with its field messages, so the browser logs no failed request', async () => {
    const request = post(empty, script);
    const submission = await submitLeadForm(request, context(jest.fn()));
    expect(answerStatus(request, submission)).toBe(200);
    expect(submission.result).toMatchObject({ ok: false, toast: { title: '注册失败', text: '姓名不能为空' } });
    expect(submission.result.errors).toMatchObject({ name: '姓名不能为空', phone: '手机号码不能为空', school: '请填写在读/毕业学校', major: '请填写就读专业' });
  });

  it('keeps the 400 for a form posted without JavaScript, and the failures the page did not cause for everyone', async () => {
    for (const headers of [navigation, {}]) {
      const request = post(empty, headers);
      expect(answerStatus(request, await submitLeadForm(request, context(jest.fn())))).toBe(400);
    }
    const limited = post(validRegistration, script);
    const answer = apiAnswer(429, { success: false, code: 'FORM_RATE_LIMITED', message: ERROR_MESSAGES.FORM_RATE_LIMITED });
    expect(answerStatus(limited, await submitLeadForm(limited, context(jest.fn().mockResolvedValue(answer))))).toBe(429);
    const sent = post(validRegistration, script);
    expect(answerStatus(sent, await submitLeadForm(sent, context(jest.fn().mockResolvedValue(created()))))).toBe(200);
  });
});

describe('lead form error codes', () => {
  it.each(PUBLIC_ERROR_CODES)('%s: the Chinese page shows the API wording, the English page its own', (code) => {
    expect(zh.errors[code]).toBe(ERROR_MESSAGES[code]);
    expect(en.errors[code]).toMatch(/^[A-Z][^\u4e00-\u9fff]+$/);
  });

  it('translates no code it does not list', () => {
    expect(Object.keys(zh.errors).sort()).toEqual([...PUBLIC_ERROR_CODES].sort());
    expect(Object.keys(en.errors).sort()).toEqual([...PUBLIC_ERROR_CODES].sort());
  });
});
