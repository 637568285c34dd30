import { CRAWL_SITES, type CrawlSite, loadedUrl, type SiteOrigins } from '@aipm/contracts';
import { job51Adapter } from './job51/job51.adapter';
import { lagouAdapter } from './lagou/lagou.adapter';
import { liepinAdapter } from './liepin/liepin.adapter';
import type { SiteAdapter } from './site-adapter';
import { zhaopinAdapter } from './zhaopin/zhaopin.adapter';
import { zhipinAdapter } from './zhipin/zhipin.adapter';

export const SITE_ADAPTERS: readonly SiteAdapter[] = [zhaopinAdapter, zhipinAdapter, job51Adapter, liepinAdapter, lagouAdapter];

export type CrawlableSite = SiteAdapter['site'];

/**
 * The five adapters plus the origin overrides of CRAWLER_SITE_ORIGINS (tests and demos): a URL on an
 * overridden origin belongs to that site, and a real-site URL is loaded from the override instead.
 */
export class SiteRegistry {
  private readonly overrides: ReadonlyMap<CrawlableSite, string>;

  constructor(overrides: Partial<Record<CrawlableSite, string>> = {}) {
    this.overrides = new Map(Object.entries(overrides).map(([site, origin]) => [site as CrawlableSite, new URL(origin as string).origin]));
  }

  /** Parses CRAWLER_SITE_ORIGINS; throws on unknown sites or non-http origins. */
  static fromEnv(json: string | undefined): SiteRegistry {
    if (!json) return new SiteRegistry();
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('CRAWLER_SITE_ORIGINS must be a JSON object');
    const overrides: Partial<Record<CrawlableSite, string>> = {};
    for (const [site, origin] of Object.entries(parsed)) {
      if (!SITE_ADAPTERS.some((adapter) => adapter.site === site)) throw new Error(`CRAWLER_SITE_ORIGINS: unknown site "${site}" (one of ${CRAWL_SITES.filter((s) => s !== 'other').join(', ')})`);
      if (typeof origin !== 'string' || !/^https?:\/\/[^/]+/.test(origin)) throw new Error(`CRAWLER_SITE_ORIGINS: "${site}" needs an http(s) origin`);
      overrides[site as CrawlableSite] = origin;
    }
    return new SiteRegistry(overrides);
  }

  adapter(site: CrawlSite | string): SiteAdapter {
    const adapter = SITE_ADAPTERS.find((candidate) => candidate.site === site);
    if (!adapter) throw new Error(`no adapter for site "${site}"`);
    return adapter;
  }

  /** The site a URL belongs to: an overridden origin, or a host on one of the site's domains. */
  siteOf(url: URL): SiteAdapter | undefined {
    for (const [site, origin] of this.overrides) if (url.origin === origin) return this.adapter(site);
    const host = url.hostname.toLowerCase();
    return SITE_ADAPTERS.find((adapter) => adapter.domains.some((domain) => host === domain || host.endsWith(`.${domain}`)));
  }

  overriddenOrigin(site: CrawlableSite): string | undefined {
    return this.overrides.get(site);
  }

  /** The rerouted sites and their origins, as the heartbeat tells the API (the task form's preview shows them). */
  siteOrigins(): SiteOrigins {
    return Object.fromEntries(this.overrides);
  }

  /** Origins named in configuration: allowed for navigation even though they are loopback or private. */
  configuredOrigins(): ReadonlySet<string> {
    return new Set(this.overrides.values());
  }

  /** Where to actually load a URL built for the real site. */
  toLoadUrl(adapter: SiteAdapter, url: URL): URL {
    if (!this.overrides.has(adapter.site)) return url;
    return new URL(loadedUrl(url.toString(), adapter.site, this.siteOrigins()));
  }

  /** The canonical address of a posting found on a (possibly overridden) page: always the real site. */
  canonical(adapter: SiteAdapter, url: URL): string {
    const origin = this.overrides.get(adapter.site);
    if (origin && url.origin === origin) return adapter.canonicalUrl(new URL(url.pathname + url.search, adapter.origin));
    return adapter.canonicalUrl(url);
  }
}
