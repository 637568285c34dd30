import { CRAWL_SITES, type CrawlSite, loadedUrl, type SiteOrigins } from '@aipm/contracts';
import { job51Adapter } from './job51/job51.adapter';
import { lagouAdapter } from './lagou/lagou.adapter';
import { liepinAdapter } from './liepin/liepin.adapter';
import type { SiteAdapter } from './site-adapter';
import { zhaopinAdapter } from './zhaopin/zhaopin.adapter';
import { zhipinAdapter } from './zhipin/zhipin.adapter';

export const SITE_ADAPTERS: readonly SiteAdapter[] = [zhaopinAdapter, zhipinAdapter, job51Adapter, liepinAdapter, lagouAdapter];

export type CrawlableSite = SiteAdapter['site'];

const siteNames = () => CRAWL_SITES.filter((site) => site !== 'other').join(', ');

/**
 * The five adapters plus the origin overrides of CRAWLER_SITE_ORIGINS (tests and demos): a URL on an
 * overridden origin belongs to that site, and a real-site URL is loaded from the override instead. Besides a
 * site's own origin (keyed by the site), a host of the site can have a stand-in of its own (keyed by the host,
 * e.g. `wow.liepin.com`, where 猎聘 sends signed-out visitors): the imitation then has the other host the real
 * site sends its visitors to, and what the crawler reads there is judged as the real host's address.
 */
export class SiteRegistry {
  private readonly overrides: ReadonlyMap<CrawlableSite, string>;
  /** A stand-in origin → the real host it answers for, with its site. */
  private readonly standIns: ReadonlyMap<string, { host: string; site: CrawlableSite }>;

  constructor(overrides: Partial<Record<CrawlableSite, string>> = {}, hostOverrides: Readonly<Record<string, string>> = {}) {
    this.overrides = new Map(Object.entries(overrides).map(([site, origin]) => [site as CrawlableSite, new URL(origin as string).origin]));
    const standIns = new Map<string, { host: string; site: CrawlableSite }>();
    for (const [site, origin] of this.overrides) standIns.set(origin, { host: new URL(this.adapter(site).origin).host, site });
    for (const [host, origin] of Object.entries(hostOverrides)) {
      const site = this.siteOfHost(host);
      if (!site) throw new Error(`CRAWLER_SITE_ORIGINS: "${host}" is neither a site nor a host of one (${siteNames()})`);
      standIns.set(new URL(origin).origin, { host: host.toLowerCase(), site: site.site });
    }
    this.standIns = standIns;
  }

  /** Parses CRAWLER_SITE_ORIGINS; throws on unknown sites or hosts and on non-http origins. */
  static fromEnv(json: string | undefined): SiteRegistry {
    if (!json) return new SiteRegistry();
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('CRAWLER_SITE_ORIGINS must be a JSON object');
    const overrides: Partial<Record<CrawlableSite, string>> = {};
    const hostOverrides: Record<string, string> = {};
    for (const [key, origin] of Object.entries(parsed)) {
      const isSite = SITE_ADAPTERS.some((adapter) => adapter.site === key);
      if (!isSite && !key.includes('.')) throw new Error(`CRAWLER_SITE_ORIGINS: unknown site "${key}" (one of ${siteNames()})`);
      if (typeof origin !== 'string' || !/^https?:\/\/[^/]+/.test(origin)) throw new Error(`CRAWLER_SITE_ORIGINS: "${key}" needs an http(s) origin`);
      if (isSite) overrides[key as CrawlableSite] = origin;
      else hostOverrides[key] = origin;
    }
    return new SiteRegistry(overrides, hostOverrides);
  }

  adapter(site: CrawlSite | string): SiteAdapter {
    const adapter = SITE_ADAPTERS.find((candidate) => candidate.site === site);
    if (!adapter) throw new Error(`no adapter for site "${site}"`);
    return adapter;
  }

  /** The site a URL belongs to: an overridden origin (a site's or one of its hosts'), or a host on one of the site's domains. */
  siteOf(url: URL): SiteAdapter | undefined {
    const standIn = this.standIns.get(url.origin);
    if (standIn) return this.adapter(standIn.site);
    return this.siteOfHost(url.hostname);
  }

  /**
   * The real site's address a loaded URL stands for: on a stand-in origin, the same path on the host it answers
   * for; any other URL is its own. A refusal is judged on this address (sites/block.detector.ts), as it would be
   * on the real site.
   */
  realAddress(url: URL): URL {
    const standIn = this.standIns.get(url.origin);
    return standIn ? new URL(`${url.pathname}${url.search}${url.hash}`, `https://${standIn.host}`) : url;
  }

  overriddenOrigin(site: CrawlableSite): string | undefined {
    return this.overrides.get(site);
  }

  /** The rerouted sites and their origins, as the heartbeat tells the API (the task form's preview shows them). */
  siteOrigins(): SiteOrigins {
    return Object.fromEntries(this.overrides);
  }

  /** Origins named in configuration (the sites' and their hosts'): allowed for navigation even though they are loopback or private. */
  configuredOrigins(): ReadonlySet<string> {
    return new Set(this.standIns.keys());
  }

  private siteOfHost(hostname: string): SiteAdapter | undefined {
    const host = hostname.toLowerCase();
    return SITE_ADAPTERS.find((adapter) => adapter.domains.some((domain) => host === domain || host.endsWith(`.${domain}`)));
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
