import 'reflect-metadata';
import { ApiEnv } from '@aipm/config';
import en from '../apps/web/app/locales/en/common.json';
import zh from '../apps/web/app/locales/zh/common.json';

/*
 * The cookie policy states how long the administrator's session lasts: it must say what the API does by
 * default (SESSION_IDLE_HOURS, an idle expiry kept by the session store, and a cookie without an expiry of its
 * own, so it also ends with the browser: ADR 007), in both languages. The two lived apart and drifted once
 * (24 h on the page against 12 h in the API).
 */
describe('cookie policy', () => {
  const idleHours = new ApiEnv().SESSION_IDLE_HOURS;
  const lifetimes = (items: ReadonlyArray<{ name: string; lifetime: string }>) => items.map((item) => item.lifetime);

  it('gives the administrator session the API’s default idle expiry', () => {
    expect(idleHours).toBe(12);
    expect(lifetimes(zh.legal.cookies.items)).toContain(`关闭浏览器或无操作 ${idleHours} 小时后失效`);
    expect(lifetimes(en.legal.cookies.items)).toContain(`Ends when the browser closes or after ${idleHours} hours without activity`);
  });
});
