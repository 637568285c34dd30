// The system Chromium the crawl worker drives (puppeteer-core never downloads a browser).
// CHROMIUM_PATH in the environment skips all this; nothing runs, so nothing to stop.
import { findExecutable } from '../lib/proc.mjs';
import { given, passive } from './result.mjs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export async function ensureChromium(ctx) {
  if (ctx.env.CHROMIUM_PATH) return given('chromium', { CHROMIUM_PATH: ctx.env.CHROMIUM_PATH });
  if (findExecutable('chromium', ['/usr/bin'])) return passive('chromium', 'found', { CHROMIUM_PATH: DEBIAN_CHROMIUM }, 'Debian package');
  await ctx.installPackage('chromium', { reason: 'Chromium', variable: 'CHROMIUM_PATH' });
  if (!findExecutable('chromium', ['/usr/bin'])) throw new Error(`apt-get installed "chromium" but ${DEBIAN_CHROMIUM} is missing`);
  return passive('chromium', 'installed', { CHROMIUM_PATH: DEBIAN_CHROMIUM }, 'Debian package, just installed');
}
