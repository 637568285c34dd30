// The browser the journeys drive: Debian's Chromium as its "old headless" shell (chromium-headless-shell),
// the same engine and version as the `chromium` package, without the window system, GPU process chores and
// browser UI that the full build starts even when headless. The system under test (the crawl worker) keeps the
// full `chromium` (tools/services/chromium.mjs); the journeys' browser only plays the visitor
// (docs/decisions/041-test-loop.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installDebianPackage } from './apt.mjs';

/** The binary itself: Debian's /usr/bin wrapper runs it as a child without `exec`, which Playwright cannot stop. */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The browser's path: E2E_BROWSER when set (any Chromium), the headless shell otherwise. */
export function journeyBrowserPath(env = process.env) {
  return env.E2E_BROWSER || HEADLESS_SHELL;
}

/** Installs Debian's chromium-headless-shell when the journeys are to use it and it is missing. */
export async function ensureJourneyBrowser({ env = process.env, log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const browser = journeyBrowserPath(env);
  if (fs.existsSync(browser)) return browser;
  if (browser !== HEADLESS_SHELL) throw new Error(`E2E_BROWSER is ${browser}, which does not exist`);
  await installDebianPackage('chromium-headless-shell', {
    reason: 'the journeys’ browser (Chromium’s headless shell)',
    variable: 'E2E_BROWSER',
    log,
    logFile: path.join(os.tmpdir(), 'aipm-journey-browser-apt.log'),
  });
  if (!fs.existsSync(browser)) throw new Error(`apt-get installed "chromium-headless-shell" but ${browser} is missing`);
  return browser;
}
