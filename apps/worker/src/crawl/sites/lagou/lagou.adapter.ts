import { stripUrl, type SearchQuery, type SiteAdapter } from '../site-adapter';
import { extractLagouNextData, extractLagouPositionAjax } from './lagou.extract';

/** 拉勾 takes the city by name. */
const CITY_CODES = Object.fromEntries(['长沙', '北京', '上海', '广州', '深圳', '杭州', '成都', '武汉', '西安', '南京'].map((city) => [city, city]));

export const lagouAdapter: SiteAdapter = {
  site: 'lagou',
  origin: 'https://www.lagou.com',
  domains: ['lagou.com'],
  cookieKey: 'lagou_cookie',
  searchPath: '/wn/jobs',
  cityCodes: CITY_CODES,
  searchUrl({ keyword, city, page }: SearchQuery) {
    const url = new URL('/wn/jobs', this.origin);
    url.searchParams.set('kd', keyword);
    url.searchParams.set('city', CITY_CODES[city] ?? city);
    url.searchParams.set('pn', String(page));
    return url;
  },
  withPage(searchUrl, page) {
    const url = new URL(searchUrl);
    url.searchParams.set('pn', String(page));
    return url;
  },
  isDataEndpoint: (url) => url.pathname === '/jobs/v2/positionAjax.json',
  dataRequest: () => null,
  extractFromData: extractLagouPositionAjax,
  extractEmbedded: extractLagouNextData,
  canonicalUrl(url) {
    return stripUrl(url, this.origin);
  },
};
