import { addDays, formatIsoDate, LANDING_CONTENT_PATHS, type LandingContent } from '@aipm/contracts';
import { expect, type Page, test } from '@playwright/test';

import { openArea } from '../crawler-admin/areas';
import { loginAsAdmin, toast } from '../support/admin';
import { DESKTOP_ONLY } from '../support/viewport';

/*
 * 网站内容 (docs/product/back-office.md#site-content): the administrator edits the FAQ and a promotion in both
 * languages, previews the draft at 375 px, publishes it and sees it on / within a second, restores the previous
 * publication, and an option past its end date is gone. The server decides the day it renders (China time): an
 * option that ended yesterday is never sent. The moment of expiry is seen on an open page with the browser's clock
 * moved to midnight; the server's side of it is covered with an injected date (page-texts.server.spec.ts).
 */

const QUESTION = { zh: '零基础可以报名吗？', en: 'Can a beginner join?' };
const today = formatIsoDate(new Date());

/** The page cache follows a publish within a second (ADR 074): a little slack for the reload itself. */
async function expectOnHomePage(page: Page, path: string, text: string, present = true) {
  await expect(async () => {
    await page.goto(path);
    if (present) await expect(page.getByText(text).first()).toBeAttached({ timeout: 300 });
    else await expect(page.getByText(text)).toHaveCount(0, { timeout: 300 });
  }).toPass({ timeout: 2_000, intervals: [250] });
}

test.describe('网站内容 (site content)', () => {
  test.describe.configure({ mode: 'serial' });

  // Not yet passing: written without a run, it times out reaching the promotion's fields (see the session notes);
  // the API e2e (apps/api/test/landing-content.e2e-spec.ts) covers draft, publish, history and restore meanwhile.
  test('edits the FAQ and a promotion in both languages, previews at 375 px, publishes, restores; an ended option is gone and one ending today goes at midnight', DESKTOP_ONLY, async ({ page, isMobile, context }) => {
    test.setTimeout(180_000);
    await loginAsAdmin(page);
    const before = (await (await page.request.get(LANDING_CONTENT_PATHS.live)).json()).data as { id: number; content: LandingContent };
    await openArea(page, isMobile, '网站内容');

    await page.getByRole('button', { name: '常见问题' }).click();
    const faq = page.getByRole('region', { name: '常见问题' });
    await faq.getByRole('textbox', { name: '问题 · 中文' }).first().fill(QUESTION.zh);
    await faq.getByRole('textbox', { name: '问题 · English' }).first().fill(QUESTION.en);
    await expect(faq.getByText('9 / 60', { exact: true })).toBeVisible();

    // The group promotion's first option ends today, its second ended yesterday.
    await page.getByRole('button', { name: '价格方案' }).click();
    const pricing = page.getByRole('region', { name: '价格方案' });
    const texts = { zh: pricing.getByRole('textbox', { name: '文字 · 中文', exact: true }), en: pricing.getByRole('textbox', { name: '文字 · English', exact: true }) };
    const ends = pricing.getByLabel('结束日期');
    const groupFirst = (await ends.count()) - 3;
    await texts.zh.nth(groupFirst).fill('今天截止：3 人及以上每人减 1,500 元');
    await texts.en.nth(groupFirst).fill('Ends today: 1,500 RMB off each for 3 or more');
    await ends.nth(groupFirst).fill(today);
    await texts.zh.nth(groupFirst + 1).fill('昨天已截止的选项');
    await texts.en.nth(groupFirst + 1).fill('An option that ended yesterday');
    await ends.nth(groupFirst + 1).fill(addDays(today, -1));

    await page.getByRole('button', { name: '保存草稿' }).click();
    await expect(toast(page, '草稿已保存')).toBeVisible();
    // Not live before it is published.
    await page.request.get('/').then(async (answer) => expect(await answer.text()).not.toContain(QUESTION.zh));

    // The preview: the public page with the draft, in a window 375 px wide.
    await page.getByRole('button', { name: '预览' }).click();
    const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: '中文 · 手机 375 px' }).click()]);
    await preview.waitForLoadState();
    expect(new URL(preview.url()).pathname).toBe('/preview/landing');
    expect(await preview.evaluate(() => window.innerWidth)).toBeLessThanOrEqual(375);
    await expect(preview.getByText(QUESTION.zh)).toBeAttached();
    await expect(preview.getByText('今天截止：3 人及以上每人减 1,500 元')).toBeVisible();
    await expect(preview.getByText('昨天已截止的选项')).toHaveCount(0);
    expect(await preview.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await preview.close();
    await page.getByRole('button', { name: '关闭' }).click();
    // Nobody else sees the preview.
    expect((await page.context().browser()!.newContext().then((stranger) => stranger.request.get('/preview/landing'))).status()).toBe(404);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: '发布' }).click();
    await expect(toast(page, '已发布')).toBeVisible();
    await expectOnHomePage(page, '/', QUESTION.zh);
    await expectOnHomePage(page, '/?lng=en', QUESTION.en);
    await expect(page.getByText('Ends today: 1,500 RMB off each for 3 or more')).toBeVisible();
    await expect(page.getByText('An option that ended yesterday')).toHaveCount(0);

    // The clock moved: a visitor whose page is open at 23:59:50 in Beijing on the option's last day sees it go at
    // midnight, without a reload.
    const visitor = await context.newPage();
    await visitor.clock.install({ time: new Date(`${today}T23:59:50+08:00`) });
    await visitor.goto('/?lng=zh');
    await visitor.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const endsToday = visitor.getByText('今天截止：3 人及以上每人减 1,500 元');
    await expect(endsToday).toBeVisible();
    await visitor.clock.fastForward(15_000);
    await expect(endsToday).toHaveCount(0);
    await expect(visitor.getByText('校友推荐报名减 1,000 元')).toBeVisible();
    await visitor.close();

    // Restore the publication from before: / shows its FAQ again. The language chosen on the site is the back
    // office's too: back to Chinese first.
    await page.goto('/?lng=zh');
    await page.goto('/admin/landing-content');
    const history = page.getByRole('heading', { name: '发布历史' }).locator('..');
    page.once('dialog', (dialog) => void dialog.accept());
    await history.getByRole('listitem').filter({ hasText: `#${before.id} ` }).getByRole('button', { name: '恢复' }).click();
    await expect(toast(page, '已恢复该版本并发布')).toBeVisible();
    await expectOnHomePage(page, '/?lng=zh', before.content.faq.items[0]!.question.zh);
    await expectOnHomePage(page, '/', QUESTION.zh, false);
  });
});
