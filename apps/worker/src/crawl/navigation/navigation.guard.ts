import { type HostResolver, isPrivateAddress, privateHostReason, systemResolver } from '@aipm/config';
import { isIP } from 'node:net';
import type { SiteRegistry } from '../sites/site-registry';

export type NavigationVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Decides which URLs the crawler may load: the five sites' domains over http(s), plus the origins named
 * in CRAWLER_SITE_ORIGINS. Anything resolving to a private, loopback or link-local address is refused
 * unless its origin was configured, so a crafted target URL or redirect cannot reach internal services.
 * The address rule is shared with the API, which refuses such target URLs when a task is saved (@aipm/config).
 */
export class NavigationGuard {
  constructor(
    private readonly registry: SiteRegistry,
    private readonly resolve: HostResolver = systemResolver,
  ) {}

  /** Synchronous part: scheme, configured origin, site domain, literal addresses. */
  checkSync(url: URL): NavigationVerdict | 'resolve' {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { allowed: false, reason: `scheme ${url.protocol} refused` };
    if (this.registry.configuredOrigins().has(url.origin)) return { allowed: true };
    if (!this.registry.siteOf(url)) return { allowed: false, reason: `${url.hostname} is not one of the crawled sites` };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return isPrivateAddress(host) ? { allowed: false, reason: `${host} is a private or loopback address` } : { allowed: true };
    return 'resolve';
  }

  async check(url: URL): Promise<NavigationVerdict> {
    const verdict = this.checkSync(url);
    if (verdict !== 'resolve') return verdict;
    const reason = await privateHostReason(url, this.resolve);
    return reason ? { allowed: false, reason } : { allowed: true };
  }
}
