import type { Request } from 'express';
import { cookieValues, DEVICE_COOKIE_DAYS, DEVICE_COOKIE_NAME, DeviceCookies } from './device-cookie';

const SECRET = 'a-session-secret-that-is-long-enough-for-tests';
const EMAIL = 'owner@example.com';
const DAY_MS = 24 * 3600 * 1000;

const requestWith = (cookie: string) => ({ headers: { cookie } }) as unknown as Request;

describe(DeviceCookies.name, () => {
  const devices = new DeviceCookies(SECRET);

  it('accepts the cookie it issued for the same email, naming the same device', () => {
    const value = devices.issue(EMAIL);
    const id = devices.verify(value, EMAIL);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(value.startsWith(`${id}.`)).toBe(true);
    expect(value).not.toContain('owner');
  });

  it('refuses it for another email, under another secret, or once altered', () => {
    const value = devices.issue(EMAIL);
    expect(devices.verify(value, 'other@example.com')).toBeNull();
    expect(new DeviceCookies(`${SECRET}-rotated`).verify(value, EMAIL)).toBeNull();
    const [id, issued, mac] = value.split('.');
    expect(devices.verify(`${id}.${Number(issued) - 1}.${mac}`, EMAIL)).toBeNull();
    expect(devices.verify(`${'A'.repeat(22)}.${issued}.${mac}`, EMAIL)).toBeNull();
    expect(devices.verify(`${value}.x`, EMAIL)).toBeNull();
    expect(devices.verify('', EMAIL)).toBeNull();
    expect(devices.verify('garbage', EMAIL)).toBeNull();
  });

  it(`expires ${DEVICE_COOKIE_DAYS} days after it was issued`, () => {
    const issuedAt = Date.now();
    const value = devices.issue(EMAIL, issuedAt);
    expect(devices.verify(value, EMAIL, issuedAt + (DEVICE_COOKIE_DAYS - 1) * DAY_MS)).not.toBeNull();
    expect(devices.verify(value, EMAIL, issuedAt + (DEVICE_COOKIE_DAYS + 1) * DAY_MS)).toBeNull();
  });

  it('finds a valid cookie among stale ones in the Cookie header', () => {
    const valid = devices.issue(EMAIL);
    const stale = new DeviceCookies('another-secret-of-enough-length-here').issue(EMAIL);
    const header = `aipm.sid=s%3Aabc; ${DEVICE_COOKIE_NAME}=${stale}; ${DEVICE_COOKIE_NAME}=${valid}`;
    expect(cookieValues(header, DEVICE_COOKIE_NAME)).toEqual([stale, valid]);
    expect(devices.deviceOf(requestWith(header), EMAIL)).toBe(valid.split('.')[0]);
    expect(devices.deviceOf(requestWith(`${DEVICE_COOKIE_NAME}=${stale}`), EMAIL)).toBeNull();
    expect(devices.deviceOf({ headers: {} } as Request, EMAIL)).toBeNull();
  });
});
