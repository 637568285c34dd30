import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { SiteRegistry } from '../sites/site-registry';

export type NavigationVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Decides which URLs the crawler may load: the five sites' domains over http(s), plus the origins named
 * in CRAWLER_SITE_ORIGINS. Anything resolving to a private, loopback or link-local address is refused
 * unless its origin was configured, so a crafted target URL or redirect cannot reach internal services.
 */
export class NavigationGuard {
  constructor(
    private readonly registry: SiteRegistry,
    private readonly resolve: (host: string) => Promise<string[]> = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address),
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
    let addresses: string[];
    try {
      addresses = await this.resolve(url.hostname);
    } catch {
      // Unresolvable: the load itself fails as a network error; nothing private can be reached.
      return { allowed: true };
    }
    const internal = addresses.find(isPrivateAddress);
    return internal ? { allowed: false, reason: `${url.hostname} resolves to the private address ${internal}` } : { allowed: true };
  }
}

export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
  }
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:')) return isPrivateAddress(lower.slice(7));
  return lower === '::' || lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
}
