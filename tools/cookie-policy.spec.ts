import 'reflect-metadata';
import { ApiEnv } from '@aipm/config';
import { DEVICE_COOKIE_DAYS } from '../apps/api/src/auth/device-cookie';
import { STUDENT_DEVICE_COOKIE_NAME, STUDENT_SESSION_COOKIE_NAME } from '../apps/api/src/common/student-cookies';
import en from '../apps/web/app/locales/en/common.json';
import zh from '../apps/web/app/locales/zh/common.json';

/*
 * The cookie policy states how long the administrator's session lasts: it must say what the API does by
 * default (SESSION_IDLE_HOURS, an idle expiry kept by the session store, and a cookie without an expiry of its
 * own, so it also ends with the browser: ADR 007), in both languages. The two lived apart and drifted once
 * (24 h on the page against 12 h in the API). The student realm's two cookies (ADR 061) are listed by their names.
 */
describe('cookie policy', () => {
  const idleHours = new ApiEnv().SESSION_IDLE_HOURS;
  const lifetimes = (items: ReadonlyArray<{ name: string; lifetime: string }>) => items.map((item) => item.lifetime);

  it('gives the administrator session the API’s default idle expiry', () => {
    expect(idleHours).toBe(12);
    expect(lifetimes(zh.legal.cookies.items)).toContain(`关闭浏览器或无操作 ${idleHours} 小时后失效`);
    expect(lifetimes(en.legal.cookies.items)).toContain(`Ends when the browser closes or after ${idleHours} hours without activity`);
  });

  /** The cookie policy's entry that names this cookie, in each language. */
  const entry = (name: string) => ({
    zh: zh.legal.cookies.items.find((item) => item.name.includes(`（${name}）`)),
    en: en.legal.cookies.items.find((item) => item.name.includes(`(${name})`)),
  });

  it('lists the student session by its name, with the administrator session’s expiry (the same store rules, ADR 061)', () => {
    const session = entry(STUDENT_SESSION_COOKIE_NAME);
    expect(session.zh?.lifetime).toBe(`关闭浏览器或无操作 ${idleHours} 小时后失效`);
    expect(session.en?.lifetime).toBe(`Ends when the browser closes or after ${idleHours} hours without activity`);
  });

  it('lists the student device cookie by its name, with the device cookie’s lifetime (ADR 037, 061)', () => {
    const device = entry(STUDENT_DEVICE_COOKIE_NAME);
    expect(device.zh?.lifetime).toBe(`${DEVICE_COOKIE_DAYS} 天`);
    expect(device.en?.lifetime).toBe(`${DEVICE_COOKIE_DAYS} days`);
    // The administrator's own device cookie keeps its entry beside it.
    expect(entry('aipm.device').zh?.lifetime).toBe(`${DEVICE_COOKIE_DAYS} 天`);
  });
});
