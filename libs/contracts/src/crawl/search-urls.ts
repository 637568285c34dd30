import type { CrawlSite } from '../enums/crawl.enums';
import { CRAWL_CITIES, type CrawlCity } from './crawl-cities';

/** The five recruitment sites of the admin catalogue (docs/product/crawler.md#job-sites), each with a search page. */
export const SEARCH_SITES = ['zhaopin', 'job51', 'zhipin', 'lagou', 'liepin'] as const satisfies readonly Exclude<CrawlSite, 'other'>[];
export type SearchSite = (typeof SEARCH_SITES)[number];

/** Where a query parameter's value comes from: the search's keyword, city or page, or a fixed value. */
type ParamSource = 'keyword' | 'city' | 'page' | { fixed: string };

/**
 * A site's search URL. The worker loads these pages and the admin previews them, from this one
 * definition. Parameters are listed in the order the site's own search form writes them.
 */
export interface SearchUrlTemplate {
  origin: string;
  path: string;
  query: ReadonlyArray<readonly [name: string, source: ParamSource]>;
  /** The number the site gives its first page (猎聘 counts from 0). */
  firstPage: 0 | 1;
  /** City name (docs/product/crawler.md#cities) → the site's code. */
  cityCodes: Readonly<Record<CrawlCity, string>>;
}

export const SEARCH_URL_TEMPLATES: Readonly<Record<SearchSite, SearchUrlTemplate>> = {
  zhaopin: {
    origin: 'https://sou.zhaopin.com',
    path: '/',
    query: [
      ['jl', 'city'],
      ['kw', 'keyword'],
      ['p', 'page'],
    ],
    firstPage: 1,
    // 智联招聘 jl codes.
    cityCodes: { 长沙: '749', 北京: '530', 上海: '538', 广州: '763', 深圳: '765', 杭州: '653', 成都: '801', 武汉: '736', 西安: '854', 南京: '635' },
  },
  zhipin: {
    origin: 'https://www.zhipin.com',
    path: '/web/geek/job',
    query: [
      ['query', 'keyword'],
      ['city', 'city'],
      ['page', 'page'],
    ],
    firstPage: 1,
    // BOSS直聘 city codes.
    cityCodes: {
      长沙: '101250100',
      北京: '101010100',
      上海: '101020100',
      广州: '101280100',
      深圳: '101280600',
      杭州: '101210100',
      成都: '101270100',
      武汉: '101200100',
      西安: '101110100',
      南京: '101190100',
    },
  },
  job51: {
    origin: 'https://we.51job.com',
    path: '/pc/search',
    query: [
      ['keyword', 'keyword'],
      ['jobArea', 'city'],
      ['searchType', { fixed: '2' }],
      ['pageNum', 'page'],
    ],
    firstPage: 1,
    // 前程无忧 jobArea codes.
    cityCodes: { 长沙: '190200', 北京: '010000', 上海: '020000', 广州: '030200', 深圳: '040000', 杭州: '080200', 成都: '090200', 武汉: '180200', 西安: '200200', 南京: '070200' },
  },
  liepin: {
    origin: 'https://www.liepin.com',
    path: '/zhaopin/',
    query: [
      ['key', 'keyword'],
      ['dq', 'city'],
      ['currentPage', 'page'],
    ],
    firstPage: 0,
    // 猎聘 dq codes.
    cityCodes: { 长沙: '180020', 北京: '010', 上海: '020', 广州: '050020', 深圳: '050090', 杭州: '070020', 成都: '280020', 武汉: '170020', 西安: '270020', 南京: '060020' },
  },
  lagou: {
    origin: 'https://www.lagou.com',
    path: '/wn/jobs',
    query: [
      ['kd', 'keyword'],
      ['city', 'city'],
      ['pn', 'page'],
    ],
    firstPage: 1,
    // 拉勾 takes the city by name. (Written out: a computed table would stay in every bundle that imports the contracts.)
    cityCodes: { 长沙: '长沙', 北京: '北京', 上海: '上海', 广州: '广州', 深圳: '深圳', 杭州: '杭州', 成都: '成都', 武汉: '武汉', 西安: '西安', 南京: '南京' },
  },
};

/**
 * Registrable domains of each site (subdomains included): the crawler navigates only on these, and a
 * posting's canonical address tells its site by them.
 */
export const SEARCH_SITE_DOMAINS: Readonly<Record<SearchSite, readonly string[]>> = {
  zhaopin: ['zhaopin.com'],
  job51: ['51job.com'],
  zhipin: ['zhipin.com'],
  lagou: ['lagou.com'],
  liepin: ['liepin.com'],
};

/** The site an http(s) address is on, by its host; null for any other host (a job added by hand) or no URL. */
export function siteOfUrl(address: string): SearchSite | null {
  let host: string;
  try {
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  return SEARCH_SITES.find((site) => SEARCH_SITE_DOMAINS[site].some((domain) => host === domain || host.endsWith(`.${domain}`))) ?? null;
}

export interface SearchUrlQuery {
  keyword: string;
  city: string;
  /** 1-based, whatever the site counts from. */
  page: number;
}

export function isSearchSite(value: unknown): value is SearchSite {
  return (SEARCH_SITES as readonly unknown[]).includes(value);
}

/** The site's code for a city of docs/product/crawler.md#cities; throws for any other city. */
export function searchCityCode(site: SearchSite, city: string): string {
  const code = (SEARCH_URL_TEMPLATES[site].cityCodes as Record<string, string>)[city];
  if (!code) throw new Error(`${site}: no code for city "${city}" (known: ${CRAWL_CITIES.join(', ')})`);
  return code;
}

function pageValue(template: SearchUrlTemplate, page: number): string {
  return String(page - 1 + template.firstPage);
}

/** The search page of one keyword in one city on one site, on the site's real origin (keyword URL-encoded). */
export function buildSearchUrl(site: SearchSite, { keyword, city, page }: SearchUrlQuery): string {
  const template = SEARCH_URL_TEMPLATES[site];
  const url = new URL(template.path, template.origin);
  for (const [name, source] of template.query) {
    const value = source === 'keyword' ? keyword : source === 'city' ? searchCityCode(site, city) : source === 'page' ? pageValue(template, page) : source.fixed;
    url.searchParams.set(name, value);
  }
  return url.toString();
}

/** The same search on another page (1-based); keeps the URL's origin, so it works on overridden origins. */
export function withSearchPage(site: SearchSite, searchUrl: string | URL, page: number): string {
  const template = SEARCH_URL_TEMPLATES[site];
  const pageParam = template.query.find(([, source]) => source === 'page')?.[0];
  const url = new URL(searchUrl);
  if (pageParam) url.searchParams.set(pageParam, pageValue(template, page));
  return url.toString();
}

export interface TaskSearchInput {
  keywords: readonly string[];
  sites: readonly string[];
  cities: readonly string[];
}

export interface TaskSearchUrl {
  site: SearchSite;
  city: CrawlCity;
  keyword: string;
  url: string;
}

/** Trimmed, without empties or repeats, in the order given. */
function distinct(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
}

/**
 * The first search pages a task loads: every keyword on every site in every city (site, then city, then
 * keyword). Keywords are trimmed, empty or repeated ones dropped; sites without a search page ("other")
 * and cities outside docs/product/crawler.md#cities are left out, so the count is what the worker will really load.
 */
export function taskSearchUrls({ keywords, sites, cities }: TaskSearchInput): TaskSearchUrl[] {
  const searchSites = distinct(sites).filter(isSearchSite);
  const knownCities = distinct(cities).filter((city): city is CrawlCity => (CRAWL_CITIES as readonly string[]).includes(city));
  const words = distinct(keywords);
  const urls: TaskSearchUrl[] = [];
  for (const site of searchSites) {
    for (const city of knownCities) {
      for (const keyword of words) urls.push({ site, city, keyword, url: buildSearchUrl(site, { keyword, city, page: 1 }) });
    }
  }
  return urls;
}

/**
 * The address a worker really loads for a real-site `url` of `site`: the same path, query and fragment on the site's
 * rerouted origin (CRAWLER_SITE_ORIGINS, tests and demos), else `url` itself. The worker and the task form's preview
 * both use it, so the preview shows what the crawl will load.
 */
export function loadedUrl(url: string, site: string, siteOrigins: Partial<Record<string, string>> | undefined): string {
  const origin = siteOrigins?.[site];
  if (!origin) return url;
  const real = new URL(url);
  return new URL(real.pathname + real.search + real.hash, origin).toString();
}
