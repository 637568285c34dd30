import { defineConfig, devices } from '@playwright/test';

import { E2E_PHONE, E2E_PHONE_ENV } from './e2e/support/phone';
import { journeyBrowserPath } from './tools/lib/journey-browser.mjs';
import { E2E_WECHAT } from './e2e/support/wechat';

/*
 * Browser journeys against the whole system started exactly as `npm start` starts it (tools/start.mjs),
 * on its own port and a fresh data directory, driving Debian's Chromium as its headless shell (never a downloaded
 * browser; e2e/support/global-setup.ts installs it).
 */
const PORT = Number(process.env.E2E_PORT ?? 3900);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** The system's data directory, emptied when a run starts: what belongs to this one system goes there. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e';
/** Each run on its own port writes its own results: a run empties its folder when it starts. */
const RESULTS_SUFFIX = process.env.E2E_PORT ? `-${PORT}` : '';
/** The system signs WeChat share pages through a local stand-in of WeChat's API (tools/fake-wechat). */
const WECHAT_PORT = new URL(E2E_WECHAT.apiBase).port;
/**
 * The five fixture job sites of tools/fixture-sites, site i on FIXTURE_BASE_PORT + i (in FIXTURE_SITES order):
 * the system's worker crawls and tests them instead of the real sites, as the worker's own tests do.
 */
const FIXTURE_BASE_PORT = Number(process.env.E2E_FIXTURE_BASE_PORT ?? 3920);
const FIXTURE_SITES = ['zhaopin', 'zhipin', 'job51', 'liepin', 'lagou'];
export const E2E_FIXTURE_ORIGINS: Record<string, string> = Object.fromEntries(FIXTURE_SITES.map((site, index) => [site, `http://127.0.0.1:${FIXTURE_BASE_PORT + index}`]));
/** The sites' other hosts' stand-ins, on the ports after theirs: 猎聘's account gate (tools/fixture-sites). */
const E2E_FIXTURE_HOSTS: Record<string, string> = { 'wow.liepin.com': `http://127.0.0.1:${FIXTURE_BASE_PORT + FIXTURE_SITES.length}` };

const chromium = {
  executablePath: journeyBrowserPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // V8 stops at its baseline compiler (Sparkplug): a journey's page lives seconds, too short for Maglev and
    // TurboFan to pay back what they compile on the same two cores. Measured on 21 journeys: the browser's
    // CPU down 13–21 %, the run 6–12 % shorter (docs/decisions/041-test-loop.md).
    '--js-flags=--max-opt=1',
  ],
};

/*
 * Journeys that change what the whole system shows, and so would break a journey running beside them. They run
 * first, in lanes whose files run one at a time (in the order of the e2e folder): `first` alone, on a system
 * with no administrator yet (the administrator's first run and password; the dashboard, which empties the lead
 * lists and counts a crawl of its own), then `leads` (emptied lead lists, notification and site settings) beside
 * `jobs` (the crawler's settings and history, an imitation site switched to a captcha, and the published jobs they
 * replace): neither touches the other's.
 */
const SHARED_LANES = {
  first: ['auth/admin-auth', 'dashboard/dashboard-charts'],
  leads: ['leads-admin/leads-admin', 'phone/phone-config', 'site-settings/site-settings'],
  jobs: ['crawler/crawler-tab', 'crawler-admin/crawler-config', 'crawler-admin/human-check', 'crawler-admin/published-jobs', 'site/jobs'],
};
const journeyFiles = (journeys: readonly string[]) => journeys.map((journey) => `**/e2e/${journey}.e2e.ts`);
const SHARED_STATE = journeyFiles(Object.values(SHARED_LANES).flat());
/*
 * Journeys of the public pages that read nothing the `first` lane changes (no administrator, leads, crawls or
 * settings): they run beside it, at each width in turn, on the worker the lane leaves idle.
 */
const BESIDE_FIRST = journeyFiles(['site/accessibility', 'site/pages']);

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, locale: 'zh-CN', channel: undefined };
const PHONE = { ...devices['Pixel 5'], viewport: { width: 375, height: 740 }, locale: 'zh-CN', channel: undefined };

/** A lane's two projects: its files one at a time at 1280 px, then again at 375 px (the same journeys' data). */
function sharedLane(lane: keyof typeof SHARED_LANES, after: string[]) {
  const testMatch = journeyFiles(SHARED_LANES[lane]);
  return [
    { name: `desktop-${lane}`, testMatch, workers: 1, grepInvert: /@phone\b/, use: DESKTOP, dependencies: after },
    { name: `mobile-${lane}`, testMatch, workers: 1, grepInvert: /@desktop\b/, use: PHONE, dependencies: [`desktop-${lane}`] },
  ];
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/support/global-setup.ts',
  /*
   * One system, one database: three journeys at a time once those that change shared state are done (projects).
   * A journey waits on its page as much as it works: two kept 1.58 of the two cores busy (docs/decisions/041-test-loop.md).
   */
  workers: 3,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // On CI a failed journey runs once more; one that then passes is printed as FLAKY and must still be fixed
  // (e2e/README.md). Locally a failure is a failure, so a race shows up where it can be looked at.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The list, then where the run's time went (the slowest journeys, each file's and each viewport's total), and
  // what the page showed for each failure (CI keeps only the log).
  reporter: [['list'], ['./e2e/support/timings-reporter.ts'], ['./e2e/support/failure-context-reporter.ts'], ['html', { open: 'never', outputFolder: `playwright-report${RESULTS_SUFFIX}` }]],
  outputDir: `test-results${RESULTS_SUFFIX}`,
  use: {
    baseURL: E2E_BASE_URL,
    headless: true,
    launchOptions: chromium,
    // Visitors are in mainland China: a Chinese browser unless a test says otherwise.
    locale: 'zh-CN',
    // A trace records the page after every step, and costs the browser about 40% more CPU in every journey:
    // it is kept for a failure's retry on CI, and a local failure is rerun with `--trace on` to get one. Every
    // failure still leaves its screenshot and the page's accessibility snapshot (failure-context-reporter).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  /*
   * Two stages on one system. First the journeys that change what every other journey sees (SHARED_LANES): the
   * `first` lane (with BESIDE_FIRST on the other workers), then the `leads` and `jobs` lanes side by side, each
   * lane's files one at a time and each width in turn; then the others, three at once (each file runs in one
   * worker, in order). A journey tagged for one width is left out of the other width's projects
   * (e2e/support/viewport.ts). A project brings the stages before it along; `--project 'desktop*' --no-deps
   * --workers 1` runs one width's journeys, in turn.
   */
  projects: [
    ...sharedLane('first', []),
    { name: 'desktop-beside-first', testMatch: BESIDE_FIRST, grepInvert: /@phone\b/, use: DESKTOP },
    { name: 'mobile-beside-first', testMatch: BESIDE_FIRST, grepInvert: /@desktop\b/, use: PHONE, dependencies: ['desktop-beside-first'] },
    ...sharedLane('leads', ['mobile-first']),
    ...sharedLane('jobs', ['mobile-first']),
    { name: 'desktop', testIgnore: [...SHARED_STATE, ...BESIDE_FIRST], grepInvert: /@phone\b/, use: DESKTOP, dependencies: ['mobile-leads', 'mobile-jobs'] },
    { name: 'mobile', testIgnore: [...SHARED_STATE, ...BESIDE_FIRST], grepInvert: /@desktop\b/, use: PHONE, dependencies: ['mobile-leads', 'mobile-jobs'] },
  ],
  webServer: [
    {
      command: `node tools/fake-wechat/serve.mjs --port ${WECHAT_PORT} --app-id ${E2E_WECHAT.appId} --app-secret ${E2E_WECHAT.appSecret}`,
      url: `${E2E_WECHAT.apiBase}/__health`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // New-lead calls and the 通知设置 tests ring these stand-ins; limits off, as journeys place calls quickly.
      command: `node tools/fake-aliyun/serve.mjs --port ${new URL(E2E_PHONE.aliyun.url).port} --access-key-id ${E2E_PHONE.aliyun.accessKeyId} --access-key-secret ${E2E_PHONE.aliyun.accessKeySecret} --tts-code ${E2E_PHONE.aliyun.ttsCode} --limits off`,
      url: `${E2E_PHONE.aliyun.url}/__health`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node tools/fake-twilio/serve.mjs --port ${new URL(E2E_PHONE.twilio.url).port} --account-sid ${E2E_PHONE.twilio.accountSid} --auth-token ${E2E_PHONE.twilio.authToken} --from ${E2E_PHONE.twilio.from}`,
      url: `${E2E_PHONE.twilio.url}/__health`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node tools/fixture-sites/serve.mjs --base-port ${FIXTURE_BASE_PORT}`,
      // zhaopin, the first site, serves its search page on /.
      url: `${E2E_FIXTURE_ORIGINS.zhaopin}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh data directory each run, so first-run journeys (creating the administrator) are real.
      command: `rm -rf '${E2E_DATA_DIR}' && exec node tools/start.mjs --no-build`,
      env: {
        PORT: String(PORT),
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // The journeys stand for many visitors from one machine: the browser on loopback plays the proxy in
        // front of the site, whose X-Forwarded-For names each visitor (without it the front door drops them).
        TRUST_PROXY: 'loopback',
        WECHAT_APP_ID: E2E_WECHAT.appId,
        WECHAT_APP_SECRET: E2E_WECHAT.appSecret,
        WECHAT_API_BASE: E2E_WECHAT.apiBase,
        CRAWLER_SITE_ORIGINS: JSON.stringify({ ...E2E_FIXTURE_ORIGINS, ...E2E_FIXTURE_HOSTS }),
        ...E2E_PHONE_ENV,
      },
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
