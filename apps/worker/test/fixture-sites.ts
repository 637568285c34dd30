import path from 'node:path';

export type FixtureSite = 'zhaopin' | 'zhipin' | 'job51' | 'liepin' | 'lagou';
export type FixtureMode = 'normal' | 'login-wall' | 'captcha' | 'dom' | 'flaky' | 'redirect-away' | 'refusing' | 'signed-in-only';

export interface FixtureSites {
  origins: Record<FixtureSite, string>;
  /** The stand-ins of the sites' other hosts (猎聘's account gate `wow.liepin.com`), by the real host. */
  hostOrigins: Record<'wow.liepin.com', string>;
  /** CRAWLER_SITE_ORIGINS for a worker crawling these fixtures: the sites' origins and their other hosts'. */
  env: string;
  /** `refuseEvery`: in the refusing mode, every how many search pages the site refuses one (10 by default). */
  setMode(site: FixtureSite | '*', mode: FixtureMode, options?: { refuseEvery?: number }): void;
  rotateClasses(): string;
  /** `token`: the x-fixture-token a signed-in page's script sent from the site's Web Storage. */
  requests: Record<FixtureSite, Array<{ method: string; path: string; search: string; cookie: string; token: string; userAgent: string; at: number }>>;
  /** What the other hosts' stand-ins were asked. */
  gateRequests: Record<'wow.liepin.com', Array<{ method: string; path: string; search: string; cookie: string; at: number }>>;
  /** When each site refused a page in the refusing mode. */
  refusals: Record<FixtureSite, number[]>;
  close(): Promise<void>;
}

/** The fixture sites of tools/fixture-sites (plain ESM, shared with the demo and the benchmark). */
export async function startFixtureSites(options: { perPage?: number; totalPages?: number; latencyMs?: number; refuseEvery?: number } = {}): Promise<FixtureSites> {
  const modulePath = path.resolve(__dirname, '../../../tools/fixture-sites/fixture-sites.mjs');
  const fixtures = (await import(modulePath)) as { startFixtureSites(options: object): Promise<FixtureSites> };
  return fixtures.startFixtureSites(options);
}
