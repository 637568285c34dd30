import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Resolves a host name to every address it has (the system resolver by default; tests pass their own). */
export type HostResolver = (host: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address);

/**
 * Loopback, private (RFC 1918, unique-local), carrier-grade NAT, link-local (cloud metadata at
 * 169.254.169.254), unspecified and multicast/reserved addresses: what a URL from an administrator's form
 * or a crawled page must never make a server of ours call (SSRF).
 */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
  }
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:')) return isPrivateAddress(lower.slice(7));
  return lower === '::' || lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
}

/**
 * Why `url`'s host is internal (a literal private address, or a name resolving to one), or null. A name that
 * does not resolve (or not within `timeoutMs`) is null: a load of it fails as a network error and reaches
 * nothing internal, and the crawler checks every navigation again when it loads.
 */
export async function privateHostReason(url: URL, resolve: HostResolver = systemResolver, timeoutMs = 2_000): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? `${host} is a private or loopback address` : null;
  let addresses: string[];
  try {
    addresses = await withTimeout(resolve(host), timeoutMs);
  } catch {
    return null;
  }
  const internal = addresses.find(isPrivateAddress);
  return internal ? `${host} resolves to the private address ${internal}` : null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
