import { expect, type Locator, type Page } from '@playwright/test';

/*
 * The public job block as a visitor loads it. `/` comes from the page cache (ADR 032), whose renders are answered
 * for up to about a second: a journey that changes jobs in the back office (or the database) and then looks at the
 * public page retries fresh loads for a while rather than trusting the first one.
 */

/** Ample for the cache's second on a machine shared with other work; a change that never shows still fails. */
const CHANGE_SHOWS_WITHIN_MS = 10_000;

/**
 * Loads the landing page at its job block, hydrated. Through about:blank: from `/#jobs`, `goto('/#jobs')` is a
 * same-document navigation that only scrolls, so without it a second call would not load anything.
 */
export async function openPublicJobs(page: Page): Promise<Locator> {
  // The frame's own goto: the public site's fixture (support/site.ts) makes page.goto wait for hydration, which
  // about:blank never reaches.
  await page.mainFrame().goto('about:blank');
  await page.goto('/#jobs');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return page.locator('#jobs');
}

/**
 * Loads the public job block until `check` passes (each try a fresh load), for up to 10 s: the way to look at the
 * public page after a change. `check` should use short expect timeouts (the page is rendered with its jobs, so
 * there is nothing to wait for within one load); its last failure is the one reported.
 */
export async function expectPublicJobsAfterChange(page: Page, check: (jobs: Locator) => Promise<void>): Promise<Locator> {
  let jobs = page.locator('#jobs');
  await expect(async () => {
    jobs = await openPublicJobs(page);
    await check(jobs);
  }).toPass({ timeout: CHANGE_SHOWS_WITHIN_MS, intervals: [250, 500, 1_000] });
  return jobs;
}
