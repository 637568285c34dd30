import type { CrawlerConfigKey, CrawlFailureReason, CrawlSite, SearchUrlQuery } from '@aipm/contracts';

/** A job as an extractor reads it from a page or a data endpoint, before normalisation. */
export interface ExtractedJob {
  title: unknown;
  company: unknown;
  location?: unknown;
  salary?: unknown;
  description?: unknown;
  requirements?: unknown;
  skillTags?: unknown[];
  /** Absolute or page-relative link to the posting. */
  url: string;
  /** The posted/refreshed time as the site shows it. */
  postedText?: unknown;
  /** The source item, stored as rawData. */
  raw: Record<string, unknown>;
}

/** What a data endpoint or embedded state said when it is not a job list. */
export type DataVerdict = { jobs: ExtractedJob[]; hasMore?: boolean } | { failure: CrawlFailureReason; message: string } | null;

/**
 * keyword, city (docs/product/crawler.md#cities) and 1-based page: the search URL itself is built from the contracts'
 * template.
 */
export type SearchQuery = SearchUrlQuery;

/**
 * One recruitment site. URLs are built on the real origin; the crawler swaps in an overridden origin
 * (CRAWLER_SITE_ORIGINS) when loading them. Extraction is JSON first: the data endpoint the page calls,
 * then state embedded in the HTML; DOM extraction through learned selectors is the crawler's fallback.
 */
export interface SiteAdapter {
  readonly site: Exclude<CrawlSite, 'other'>;
  /** The site's main origin, e.g. https://www.zhipin.com. */
  readonly origin: string;
  /** Registrable domains the crawler may navigate on this site (subdomains included). */
  readonly domains: readonly string[];
  readonly cookieKey: CrawlerConfigKey;
  /** Path of the search page, the urlPattern of this site's learned selectors. */
  readonly searchPath: string;
  /** City name (docs/product/crawler.md#cities) → the site's own code. */
  readonly cityCodes: Readonly<Record<string, string>>;

  searchUrl(query: SearchQuery): URL;
  /** The same search on another page (1-based). */
  withPage(searchUrl: URL, page: number): URL;
  /** Is this response the data endpoint the search page calls for its job list? */
  isDataEndpoint(url: URL): boolean;
  /** The data endpoint for a search page, for crawls without JavaScript rendering. */
  dataRequest(searchUrl: URL): { url: URL; method: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } | null;
  /** Reads a data endpoint's JSON; null when the body is not this endpoint's shape. */
  extractFromData(body: unknown): DataVerdict;
  /** Reads state embedded in the search page's HTML (__INITIAL_STATE__, __NEXT_DATA__); null when absent. */
  extractEmbedded(html: string): DataVerdict;
  /** The stable address of a posting: the real origin, no tracking parameters, no fragment. */
  canonicalUrl(url: URL): string;
}

/** Of the data bodies a page received: a failure in any wins over an empty list; otherwise the first list. */
export function firstDataVerdict(verdicts: DataVerdict[]): DataVerdict {
  const known = verdicts.filter((verdict) => verdict !== null);
  return known.find((verdict) => 'failure' in verdict) ?? known.find((verdict) => 'jobs' in verdict && verdict.jobs.length > 0) ?? known[0] ?? null;
}

/** Reads `<script>` state assigned as `window.NAME = {...}` or `NAME={...}`, or a JSON script by id. */
export function readScriptJson(html: string, name: string): unknown {
  const byId = new RegExp(`<script[^>]*id=["']${name}["'][^>]*>([\\s\\S]*?)</script>`, 'i').exec(html);
  const assigned = new RegExp(`(?:window\\.)?${name}\\s*=\\s*(\\{[\\s\\S]*?\\})\\s*;?\\s*</script>`, 'i').exec(html);
  const text = byId?.[1] ?? assigned?.[1];
  if (!text) return undefined;
  try {
    return JSON.parse(text.trim().replace(/;$/, ''));
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function pathOf(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Drops query and fragment, forces https and the real origin, trims a trailing slash. */
export function stripUrl(url: URL, origin?: string): string {
  const base = origin ? new URL(origin) : url;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return `https://${base.host.toLowerCase()}${path}`;
}
