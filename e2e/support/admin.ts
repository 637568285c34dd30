import { expect, type Page } from '@playwright/test';

/** The administrator every journey uses; the auth journey creates it on a fresh system. */
export const E2E_ADMIN = { email: 'admin@aipm.test', password: 'e2e-Password-1' } as const;

/**
 * Signs the page in as the administrator, creating the account through the API when the system has
 * none yet (any journey may run first), then opens the dashboard.
 */
export async function loginAsAdmin(page: Page, admin: { email: string; password: string } = E2E_ADMIN): Promise<void> {
  const check = await page.request.get('/api/admin/check');
  expect(check.ok()).toBe(true);
  const { hasAdmin } = (await check.json()) as { hasAdmin: boolean };
  const response = await page.request.post(hasAdmin ? '/api/admin/login' : '/api/admin/register', { data: admin });
  expect(response.ok(), `${hasAdmin ? 'login' : 'register'} answered ${response.status()}: ${await response.text()}`).toBe(true);
  await page.goto('/admin');
  // The react-admin chunk loads after the session check: on a machine busy with other work it can take a while.
  await expect(welcomeLine(page, admin.email)).toBeVisible({ timeout: 30_000 });
}

/** The header's welcome line (docs/product/back-office.md#header). */
export function welcomeLine(page: Page, email: string = E2E_ADMIN.email) {
  return page.getByTestId('welcome').filter({ hasText: email });
}

/** react-admin's toast (MUI Snackbar). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.MuiSnackbar-root').filter({ hasText: text });
}
