import { expect, type Page } from '@playwright/test';

import { openArea } from '../crawler-admin/areas';
import { loginAsAdmin } from '../support/admin';

/** Opens 招聘爬虫 once the crawling service reports a live worker (the system's worker starts after the API). */
export async function openCrawler(page: Page, isMobile: boolean) {
  await loginAsAdmin(page);
  await openArea(page, isMobile, '招聘爬虫');
  const status = page.getByTestId('crawl-service-status');
  await expect(async () => {
    if ((await status.getAttribute('data-valid')) !== 'true') await status.getByRole('button', { name: '重新检查' }).click();
    await expect(status).toHaveAttribute('data-valid', 'true', { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('crawl-live-state')).toHaveText('实时进度已连接');
}

/**
 * A five-field cron (Asia/Shanghai, UTC+8 all year) that fires once a day at the first whole minute at
 * least `leadMs` from now: the shortest wait the validated schedule allows (15 minutes apart at least),
 * through the real BullMQ job scheduler, with no clock of the product bent.
 */
export function dailyCronAtNextMinute(leadMs: number): { cron: string; firesAt: Date } {
  const firesAt = new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000);
  const shanghai = new Date(firesAt.getTime() + 8 * 3600_000);
  return { cron: `${shanghai.getUTCMinutes()} ${shanghai.getUTCHours()} * * *`, firesAt };
}
