import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

import { loginAsAdmin } from '../support/admin';
import { expect, test } from '../support/site';
import { E2E_WECHAT, issuedTickets, jsapiSignature, WECHAT_JS_SDK_URL, WECHAT_USER_AGENT, WX_STAND_IN, type WxRecord } from '../support/wechat';
import { DESKTOP_ONLY, PHONE_ONLY } from '../support/viewport';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** What the page says about itself: the share data a page without settings must carry. */
async function ownShareData(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    desc: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    link: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
    imgUrl: document.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '',
  }));
}

const wxRecord = (page: Page) => page.evaluate(() => (window as unknown as { __wxRecord: WxRecord }).__wxRecord);

/**
 * The back office in another tab of the same browser (same session): the site's `page` waits for the public
 * site's hydration mark on every goto, which the back office does not set.
 */
async function backOffice(context: BrowserContext): Promise<Page> {
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  return admin;
}

/** Every share settings row, removed through the back office's API so each journey starts clean. */
async function removeHomeSettings(page: Page) {
  const list = await page.request.get('/api/admin/wechat-share-configs', { params: { range: '[0,99]' } });
  expect(list.ok()).toBe(true);
  for (const row of ((await list.json()) as { data: Array<{ id: string }> }).data) {
    expect((await page.request.delete(`/api/admin/wechat-share-configs/${row.id}`)).ok()).toBe(true);
  }
}

test.describe('inside WeChat', () => {
  test.use({ userAgent: WECHAT_USER_AGENT });

  test.beforeEach(async ({ page }) => {
    await page.route(WECHAT_JS_SDK_URL, (route) => route.fulfill({ contentType: 'application/javascript', body: WX_STAND_IN }));
  });

  test('sets up sharing with the page’s own title, description and image, signed for this URL', DESKTOP_ONLY, async ({ page, context }) => {
    await removeHomeSettings(await backOffice(context));

    await page.goto('/#faq');
    const panel = page.locator('aside.share-panel');
    await expect(panel).toHaveAttribute('data-share-state', 'done');

    const record = await wxRecord(page);
    const own = await ownShareData(page);
    expect(own.title).not.toBe('');
    expect(record.appMessage).toEqual([own]);
    expect(record.timeline).toEqual([own]);

    // wx.config got a signature WeChat would accept: SHA-1 over the stand-in's ticket and the URL before '#'.
    const [config] = record.configs;
    expect(config).toMatchObject({ appId: E2E_WECHAT.appId, debug: false, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] });
    const tickets = await issuedTickets();
    expect(tickets.map((ticket) => jsapiSignature(ticket, config!.nonceStr, config!.timestamp, page.url().split('#')[0]!))).toContain(config!.signature);

    // docs/product/wechat.md#share-types: the panel says where WeChat's own menu shares.
    await panel.getByRole('button', { name: '分享本页' }).click();
    await expect(panel.getByRole('status')).toHaveText('分享内容已设置好，请选择分享方式');
    await panel.getByRole('button', { name: '分享到朋友圈' }).click();
    await expect(panel.getByText('点击右上角「···」，选择「分享到朋友圈」')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('shares what the back office set for the page (edited in 通知设置 › 微信分享)', DESKTOP_ONLY, async ({ page, context }) => {
    const admin = await backOffice(context);
    await removeHomeSettings(admin);

    await admin.getByRole('menuitem', { name: '通知设置' }).click();
    await admin.getByRole('tab', { name: '微信分享' }).click();
    // Another journey (the audit log's) may add a row of its own between the removal and the list's answer, and
    // remove it a moment later: then the list is cleared and read again until it answers empty.
    const emptyList = admin.getByTestId('share-empty');
    let reads = 0;
    await expect(async () => {
      reads += 1;
      if (reads > 1) {
        await removeHomeSettings(admin);
        await admin.reload();
      }
      await expect(emptyList).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await admin.getByRole('link', { name: '新建' }).first().click();
    await expect(admin.getByRole('textbox', { name: /页面URL/ })).toHaveValue(/\/$/);
    const settings = { title: 'AI 产品经理训练营 · 微信专享', desc: '35 天实战，带你入行 AI 产品经理', imgUrl: `${new URL(admin.url()).origin}/images/logo.svg` };
    await admin.getByRole('textbox', { name: /分享标题/ }).fill('标'.repeat(101));
    await admin.getByRole('button', { name: '保存' }).click();
    await expect(admin.getByText('分享标题不能超过100字符')).toBeVisible();
    await admin.getByRole('textbox', { name: /分享标题/ }).fill(settings.title);
    await admin.getByRole('textbox', { name: /分享描述/ }).fill(settings.desc);
    await admin.getByRole('textbox', { name: /分享图片URL/ }).fill(settings.imgUrl);
    await admin.getByRole('button', { name: '保存' }).click();
    await expect(admin.getByRole('cell', { name: settings.title })).toBeVisible();

    await page.goto('/?lng=en');
    await expect(page.locator('aside.share-panel')).toHaveAttribute('data-share-state', 'done');
    const record = await wxRecord(page);
    const expected = { ...settings, link: (await ownShareData(page)).link };
    expect(record.appMessage).toEqual([expected]);
    expect(record.timeline).toEqual([expected]);

    await removeHomeSettings(admin);
  });

  test('reports an SDK that does not load, then retries', DESKTOP_ONLY, async ({ page }) => {
    let fail = true;
    await page.unroute(WECHAT_JS_SDK_URL);
    await page.route(WECHAT_JS_SDK_URL, (route) => (fail ? route.abort('connectionrefused') : route.fulfill({ contentType: 'application/javascript', body: WX_STAND_IN })));

    await page.goto('/');
    const panel = page.locator('aside.share-panel');
    await expect(panel).toHaveAttribute('data-share-state', 'failed');
    await panel.getByRole('button', { name: '分享本页' }).click();
    await expect(panel.getByRole('status')).toHaveText('微信 JS-SDK 加载失败：请检查网络或稍后重试');
    await expect(panel.getByRole('button', { name: '分享给微信好友' })).toBeDisabled();

    fail = false;
    await panel.getByRole('button', { name: '重试' }).click();
    await expect(panel).toHaveAttribute('data-share-state', 'done');
    await expect(panel.getByRole('button', { name: '分享给微信好友' })).toBeEnabled();
  });

  test('fits a 375 px screen, open or closed, with no axe violation', PHONE_ONLY, async ({ page }) => {
    await page.goto('/');
    const panel = page.locator('aside.share-panel');
    await expect(panel).toHaveAttribute('data-share-state', 'done');
    await panel.getByRole('button', { name: '分享本页' }).click();
    await panel.getByRole('button', { name: '分享给微信好友' }).click();

    const box = await panel.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const button of await panel.getByRole('button').all()) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    const results = await new AxeBuilder({ page }).include('aside.share-panel').withTags(AXE_TAGS).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

test.describe('outside WeChat', () => {
  test('says to open the page in WeChat and requests no SDK and no panel code', DESKTOP_ONLY, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.site-footer').getByText('请在微信中打开此页面进行分享')).toBeVisible();
    await expect(page.locator('aside.share-panel')).toHaveCount(0);
    expect(requested.filter((url) => url.includes('res.wx.qq.com') || url.includes('WechatSharePanel') || url.includes('/api/wechat/'))).toEqual([]);
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
