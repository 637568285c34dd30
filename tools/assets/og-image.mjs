// @ts-check
/**
 * Renders the share card (Open Graph / WeChat): 1200 × 630 JPEG in apps/web/public/images/og-image.jpg. The hero's
 * badge, title and figures are the landing content's defaults (built libs/contracts: `npm run build` first), the site
 * name the web app's translation. One file serves every visitor, so the badge names no cohort date: it says 近期, as
 * the page does when no cohort is planned.
 * Chinese text needs a CJK font on the machine that renders it (`apt-get install fonts-noto-cjk`): without one the
 * script stops rather than draw empty boxes.
 * Usage: node tools/assets/og-image.mjs   (rerun after changing the site name or the default hero)
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const output = path.join(root, 'apps/web/public/images/og-image.jpg');
const { defaultLandingContent } = require(path.join(root, 'libs/contracts/dist/index.js'));
const readLocale = (language) => JSON.parse(fs.readFileSync(path.join(root, `apps/web/app/locales/${language}/common.json`), 'utf8'));
const zh = readLocale('zh');
const en = readLocale('en');
const { hero } = defaultLandingContent(null, new Date().toISOString().slice(0, 10));
const badge = hero.badge.zh.replace('{{cohort}}', zh.site.cohortToBeAnnounced);

const cjkFonts = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim();
if (!cjkFonts) {
  console.error('No Chinese font is installed: run `apt-get install fonts-noto-cjk`, then this script again.');
  process.exit(1);
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
const stats = hero.stats.map((stat) => `<div class="stat"><b>${escape(stat.value)}</b><span>${escape(stat.label.zh)}</span></div>`).join('');
const html = `<!doctype html><html lang="zh"><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: 1200px; height: 630px; font-family: 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif; color: #1f2937;
    background: linear-gradient(135deg, #fff7ed 0%, #ffedd5 55%, #fed7aa 100%); padding: 72px 80px; display: flex; flex-direction: column; justify-content: space-between; }
  .badge { display: inline-block; color: #fff; background: #c2410c; border-radius: 999px; padding: 10px 26px; font-size: 26px; font-weight: 700; }
  h1 { font-size: 72px; line-height: 1.15; margin-top: 36px; font-weight: 800; }
  .en { font-size: 30px; color: #9a3412; margin-top: 18px; font-weight: 600; }
  .stats { display: flex; gap: 56px; }
  .stat b { display: block; font-size: 52px; color: #c2410c; }
  .stat span { font-size: 24px; color: #4b5563; }
  .footer { display: flex; justify-content: space-between; align-items: flex-end; }
  .site { font-size: 26px; color: #4b5563; text-align: right; }
</style></head><body>
  <div><span class="badge">${escape(badge)}</span><h1>${escape(hero.title.zh)}</h1><p class="en">${escape(hero.title.en)}</p></div>
  <div class="footer"><div class="stats">${stats}</div><div class="site">${escape(zh.site.name)}<br>${escape(en.site.name)}</div></div>
</body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: output, type: 'jpeg', quality: 82 });
  console.log(`wrote ${path.relative(root, output)} (${(fs.statSync(output).size / 1024).toFixed(1)} KB)`);
} finally {
  await browser.close();
}
