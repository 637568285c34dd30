import { FIRST_TOUCH_COOKIE, isLeadSource } from '@aipm/contracts';

import { FIRST_TOUCH_MAX_AGE_SECONDS, firstTouchFromCookie, firstTouchSetCookie } from './first-touch.server';

const SITE = 'http://localhost:3000';

function landing(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${SITE}${path}`, { headers });
}

/** The cookie's value as the API's visitor-context reads it: URL-encoded JSON. */
function apiReading(setCookie: string): unknown {
  const [pair] = setCookie.split('; ');
  const value = pair!.slice(`${FIRST_TOUCH_COOKIE}=`.length);
  return JSON.parse(decodeURIComponent(value));
}

describe(firstTouchSetCookie.name, () => {
  it('keeps the utm parameters, the referring site and the landing path for 30 days, server-only', () => {
    const cookie = firstTouchSetCookie(
      landing('/?utm_source=wechat&utm_medium=social&utm_campaign=autumn&utm_term=ai%20pm&utm_content=banner&lng=en', {
        Referer: 'https://www.baidu.com/s?wd=AI%E4%BA%A7%E5%93%81#top',
      }),
      SITE,
    )!;
    expect(cookie.startsWith(`${FIRST_TOUCH_COOKIE}=`)).toBe(true);
    expect(cookie.split('; ').slice(1)).toEqual(['Path=/', `Max-Age=${FIRST_TOUCH_MAX_AGE_SECONDS}`, 'SameSite=Lax', 'HttpOnly']);
    expect(FIRST_TOUCH_MAX_AGE_SECONDS).toBe(30 * 24 * 60 * 60);
    expect(apiReading(cookie)).toEqual({
      utm_source: 'wechat',
      utm_medium: 'social',
      utm_campaign: 'autumn',
      utm_term: 'ai pm',
      utm_content: 'banner',
      referrer: 'https://www.baidu.com/s?wd=AI%E4%BA%A7%E5%93%81',
      landingPath: '/',
    });
  });

  it('never overwrites the first touch', () => {
    expect(firstTouchSetCookie(landing('/?utm_source=later', { Cookie: `lng=zh; ${FIRST_TOUCH_COOKIE}=%7B%7D` }), SITE)).toBeNull();
  });

  it('records a direct visit, and does not take a page of this site for a referrer', () => {
    expect(apiReading(firstTouchSetCookie(landing('/'), SITE)!)).toEqual({ landingPath: '/' });
    expect(apiReading(firstTouchSetCookie(landing('/', { Referer: `${SITE}/privacy-policy` }), SITE)!)).toEqual({ landingPath: '/' });
    expect(apiReading(firstTouchSetCookie(landing('/', { Referer: 'https://aipm.example/privacy-policy' }), 'https://aipm.example')!)).toEqual({
      landingPath: '/',
    });
    expect(apiReading(firstTouchSetCookie(landing('/', { Referer: 'android-app://com.tencent.mm/' }), SITE)!)).toEqual({ landingPath: '/' });
  });

  it('is Secure when the site is served over HTTPS', () => {
    expect(firstTouchSetCookie(landing('/'), 'https://aipm.example')).toMatch(/; Secure$/);
  });

  it('stays a cookie browsers keep, and a source the API accepts, whatever the lengths', () => {
    const cookie = firstTouchSetCookie(
      landing(`/?utm_source=${'来'.repeat(600)}&utm_campaign=${'x'.repeat(600)}`, { Referer: `https://ref.example/${'p'.repeat(3000)}` }),
      SITE,
    )!;
    expect(cookie.length).toBeLessThan(4000);
    const source = apiReading(cookie);
    expect(isLeadSource(source)).toBe(true);
    expect(source).toMatchObject({ landingPath: '/', utm_source: expect.stringMatching(/^来+$/), referrer: expect.stringMatching(/^https:\/\/ref\.example\/p+$/) });
  });
});

describe(firstTouchFromCookie.name, () => {
  it('reads back what the landing visit wrote', () => {
    const cookie = firstTouchSetCookie(landing('/?utm_source=douyin', { Referer: 'https://www.douyin.com/' }), SITE)!;
    expect(firstTouchFromCookie(`lng=en; ${cookie.split('; ')[0]}`)).toEqual({ utm_source: 'douyin', referrer: 'https://www.douyin.com/', landingPath: '/' });
  });

  it('keeps only known keys with text, and nothing from an unreadable cookie', () => {
    const value = encodeURIComponent(JSON.stringify({ utm_source: ' baidu ', gclid: 'x', utm_medium: 3, referrer: '' }));
    expect(firstTouchFromCookie(`${FIRST_TOUCH_COOKIE}=${value}`)).toEqual({ utm_source: 'baidu' });
    expect(firstTouchFromCookie(`${FIRST_TOUCH_COOKIE}=%E0%A4%A`)).toBeNull();
    expect(firstTouchFromCookie(`${FIRST_TOUCH_COOKIE}=${encodeURIComponent('[1]')}`)).toBeNull();
    expect(firstTouchFromCookie('lng=zh')).toBeNull();
    expect(firstTouchFromCookie(null)).toBeNull();
  });
});
