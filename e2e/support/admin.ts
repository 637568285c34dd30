import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIResponse, type Cookie, expect, type Page } from '@playwright/test';

import { E2E_DATA_DIR } from '../../playwright.config';

/** The administrator every journey uses; the auth journey creates it on a fresh system. */
export const E2E_ADMIN = { email: 'admin@aipm.test', password: 'e2e-Password-1' } as const;

/**
 * The device cookie (ADR 037) of each administrator's last sign-in on this system: journeys play the owner, who
 * signs in from browsers the account knows, so the account's pace for unknown browsers (closed for a while by the
 * wrong passwords some journeys send on purpose) does not hold their sign-in. Kept beside the system's data, since
 * Playwright starts a new worker process for each project a worker turns to, and a cookie is good for this
 * system only.
 */
const KNOWN_DEVICES = path.resolve(__dirname, '..', '..', E2E_DATA_DIR, 'journey-devices.json');

function knownDevices(): Record<string, Cookie> {
  try {
    return JSON.parse(readFileSync(KNOWN_DEVICES, 'utf8')) as Record<string, Cookie>;
  } catch {
    return {};
  }
}

function rememberDevice(email: string, cookie: Cookie): void {
  // Written whole and renamed into place: two workers signing in at once never read half a file.
  mkdirSync(path.dirname(KNOWN_DEVICES), { recursive: true });
  const staging = `${KNOWN_DEVICES}.${process.pid}`;
  writeFileSync(staging, JSON.stringify({ ...knownDevices(), [email]: cookie }));
  renameSync(staging, KNOWN_DEVICES);
}

/**
 * Makes the page the owner's browser that signed in last on this system (its device cookie, ADR 037), for a journey
 * that signs in through the form: the account's gate for unknown browsers, closed for a while by the wrong
 * passwords journeys send on purpose (twenty times over under test:flaky), holds strangers, not the owner.
 */
export async function asKnownBrowser(page: Page, email: string = E2E_ADMIN.email): Promise<void> {
  const device = knownDevices()[email];
  if (device) await page.context().addCookies([device]);
}

/**
 * Sends a sign-in attempt, and again (three times at most) while the account's gate for unknown browsers is
 * closed (429 `LOGIN_THROTTLED`, ADR 037), each time after the `Retry-After` the API gives, as a person would.
 */
export async function signInPastTheGate(page: Page, attempt: () => Promise<APIResponse>): Promise<APIResponse> {
  let response = await attempt();
  for (let wait = 0; wait < 3 && (await errorCode(response)) === 'LOGIN_THROTTLED'; wait += 1) {
    await page.waitForTimeout(Number(response.headers()['retry-after'] ?? 1) * 1_000);
    response = await attempt();
  }
  return response;
}

/**
 * Signs the page in as the administrator, creating the account through the API when the system has
 * none yet (any journey may run first), then opens the back office at `at` (the dashboard by default): a
 * journey about one screen opens it there, in one load of the back office instead of two.
 */
export async function loginAsAdmin(page: Page, { admin = E2E_ADMIN, at = '/admin' }: { admin?: { email: string; password: string }; at?: string } = {}): Promise<void> {
  const check = await page.request.get('/api/admin/check');
  expect(check.ok()).toBe(true);
  const { hasAdmin } = (await check.json()) as { hasAdmin: boolean };
  await asKnownBrowser(page, admin.email);
  // A browser the account does not know yet (the first sign-in on this system) waits for the account's gate, as
  // the owner would in a new browser.
  const login = () => signInPastTheGate(page, () => page.request.post('/api/admin/login', { data: admin }));
  let response = hasAdmin ? await login() : await page.request.post('/api/admin/register', { data: admin });
  // Two journeys that start together on a system with no administrator both see none; one creates it.
  if (!hasAdmin && (await errorCode(response)) === 'ADMIN_EXISTS') response = await login();
  expect(response.ok(), `sign-in answered ${response.status()}: ${await response.text()}`).toBe(true);
  const signedInDevice = (await page.context().cookies()).find((cookie) => cookie.name === 'aipm.device');
  if (signedInDevice) rememberDevice(admin.email, signedInDevice);
  await page.goto(at);
  // The react-admin chunk loads after the session check: on a machine busy with other work it can take a while.
  await expect(welcomeLine(page, admin.email)).toBeVisible({ timeout: 30_000 });
}

/** The stable `code` every refused API call carries, or undefined for a success. */
export async function errorCode(response: APIResponse): Promise<string | undefined> {
  if (response.ok()) return undefined;
  return ((await response.json().catch(() => ({}))) as { code?: string }).code;
}

/** The header's welcome line (docs/product/back-office.md#header). */
export function welcomeLine(page: Page, email: string = E2E_ADMIN.email) {
  return page.getByTestId('welcome').filter({ hasText: email });
}

/** react-admin's toast (MUI Snackbar). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.MuiSnackbar-root').filter({ hasText: text });
}

/**
 * Scrolls the dashboard to one of its cards below a phone's first screen, which are drawn only as they come near the
 * screen (apps/admin/src/layout/WhenNearScreen.tsx): the place the dashboard keeps for it.
 */
export async function scrollDashboardTo(page: Page, card: 'guarantee' | 'backups' | 'charts'): Promise<void> {
  await page.getByTestId(`${card}-place`).scrollIntoViewIfNeeded({ timeout: 30_000 });
}
