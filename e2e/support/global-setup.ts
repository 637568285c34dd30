import { ensureJourneyBrowser } from '../../tools/lib/journey-browser.mjs';

/** Before any journey opens a browser: the headless shell they drive is installed (apt-get on a fresh machine). */
export default async function globalSetup(): Promise<void> {
  await ensureJourneyBrowser();
}
