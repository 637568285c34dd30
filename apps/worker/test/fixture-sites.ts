import path from 'node:path';

export type FixtureSite = 'zhaopin' | 'zhipin' | 'job51' | 'liepin' | 'lagou';
export type FixtureMode = 'normal' | 'login-wall' | 'captcha' | 'dom' | 'flaky' | 'redirect-away';

export interface FixtureSites {
  origins: Record<FixtureSite, string>;
  /** CRAWLER_SITE_ORIGINS for a worker crawling these fixtures. */
  env: string;
  setMode(site: FixtureSite | '*', mode: FixtureMode): void;
  rotateClasses(): string;
  requests: Record<FixtureSite, Array<{ method: string; path: string; search: string; cookie: string; userAgent: string; at: number }>>;
  close(): Promise<void>;
}

/** The fixture sites of tools/fixture-sites (plain ESM, shared with the demo and the benchmark). */
export async function startFixtureSites(options: { perPage?: number; totalPages?: number; latencyMs?: number } = {}): Promise<FixtureSites> {
  const modulePath = path.resolve(__dirname, '../../../tools/fixture-sites/fixture-sites.mjs');
  const fixtures = (await import(modulePath)) as { startFixtureSites(options: object): Promise<FixtureSites> };
  return fixtures.startFixtureSites(options);
}
