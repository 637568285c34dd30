import { expect, test } from '@playwright/test';

import { expectFitsPhone, expectNoAxeViolations } from '../crawler-admin/areas';
import { loginAsAdmin, scrollDashboardTo, toast } from '../support/admin';

/*
 * 数据备份 on the dashboard (docs/product/backups.md#in-the-back-office): 立即备份 has the system's own worker back up
 * the database and the stored files (pg_dump, into the e2e data dir's backups folder); the card learns of the end
 * from the server's events and shows the new archive. Each width makes its own.
 */
test('back office: 立即备份 makes an archive and the card shows it', async ({ page, isMobile }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page, { at: '/admin/' });
  await scrollDashboardTo(page, 'backups');
  const card = page.getByRole('region', { name: '数据备份' });
  await expect(card.getByRole('button', { name: '立即备份' })).toBeEnabled();
  const before = ((await (await page.request.get('/api/admin/backups')).json()) as { data: { lastSuccess: { name: string } | null } }).data.lastSuccess?.name ?? null;

  await card.getByRole('button', { name: '立即备份' }).click();
  await expect(toast(page, '备份已开始，完成后这里会自动更新')).toBeVisible();
  // The end arrives as an event: no reload here.
  const location = card.getByTestId('backup-location');
  await expect(location).toHaveText(/\/backups\/aipm-backup-\d{8}-\d{6}\.tar$/, { timeout: 60_000 });
  if (before) await expect(location).not.toHaveText(new RegExp(`${before.replace(/\./g, '\\.')}$`), { timeout: 60_000 });
  await expect(card.getByTestId('backup-trigger')).toHaveText('立即备份');
  await expect(card.getByTestId('backup-size')).toHaveText(/^\d+(\.\d)? (kB|MB)$/);
  await expect(card.getByText('还没有成功的备份')).toHaveCount(0);
  await expect(card.getByRole('button', { name: '立即备份' })).toBeEnabled();
  await expect(card.getByText(/每天按计划 0 3 \* \* \*（北京时间）自动备份/)).toBeVisible();

  await expectNoAxeViolations(page, '[data-testid="backup-card"]');
  if (isMobile) await expectFitsPhone(page, card.getByRole('button', { name: '立即备份' }), location);
});
