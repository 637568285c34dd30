import type { StoredCookie } from '@aipm/database';
import { cookieData, cookieHeader } from './session-in-browser';

const cookie = (fields: Partial<StoredCookie> & Pick<StoredCookie, 'name' | 'domain'>): StoredCookie => ({ value: 'v', path: '/', ...fields });

describe(cookieHeader.name, () => {
  const cookies = [
    cookie({ name: 'wt2', domain: '.zhipin.com' }),
    cookie({ name: 'host_only', domain: 'www.zhipin.com' }),
    cookie({ name: 'other_host', domain: 'm.zhipin.com' }),
    cookie({ name: 'api_only', domain: '.zhipin.com', path: '/wapi' }),
    cookie({ name: 'secure', domain: '.zhipin.com', secure: true }),
    cookie({ name: 'expired', domain: '.zhipin.com', expires: 1 }),
    cookie({ name: 'session_cookie', domain: '.zhipin.com', expires: -1 }),
    cookie({ name: 'elsewhere', domain: '.liepin.com' }),
  ];

  it('sends what a browser would send to the address: its domain and path, unexpired, secure only over https', () => {
    expect(cookieHeader(cookies, new URL('https://www.zhipin.com/web/geek/job'))).toBe('wt2=v; host_only=v; secure=v; session_cookie=v');
    expect(cookieHeader(cookies, new URL('http://www.zhipin.com/wapi/zpgeek/search'))).toBe('wt2=v; host_only=v; api_only=v; session_cookie=v');
    expect(cookieHeader(cookies, new URL('https://www.lagou.com/'))).toBe('');
  });
});

describe(cookieData.name, () => {
  it('sets a cookie that lasts the browser session without an expiry', () => {
    expect(cookieData([cookie({ name: 'a', domain: 'x.com', expires: -1 }), cookie({ name: 'b', domain: 'x.com', expires: 2_000_000_000 })]).map((entry) => entry.expires)).toEqual([undefined, 2_000_000_000]);
  });
});
