import { cityCode, stripUrl, type SearchQuery, type SiteAdapter } from '../site-adapter';
import { extractZhaopinInitialState, extractZhaopinPositions } from './zhaopin.extract';

/** 智联招聘 jl codes. */
const CITY_CODES = {
  长沙: '749',
  北京: '530',
  上海: '538',
  广州: '763',
  深圳: '765',
  杭州: '653',
  成都: '801',
  武汉: '736',
  西安: '854',
  南京: '635',
};

export const zhaopinAdapter: SiteAdapter = {
  site: 'zhaopin',
  origin: 'https://sou.zhaopin.com',
  domains: ['zhaopin.com'],
  cookieKey: 'zhaopin_cookie',
  searchPath: '/',
  cityCodes: CITY_CODES,
  searchUrl({ keyword, city, page }: SearchQuery) {
    const url = new URL('/', this.origin);
    url.searchParams.set('jl', cityCode(this, city));
    url.searchParams.set('kw', keyword);
    url.searchParams.set('p', String(page));
    return url;
  },
  withPage(searchUrl, page) {
    const url = new URL(searchUrl);
    url.searchParams.set('p', String(page));
    return url;
  },
  isDataEndpoint: (url) => url.pathname === '/c/i/sou',
  // The page embeds its results, so a plain fetch of the page is enough.
  dataRequest: () => null,
  extractFromData: extractZhaopinPositions,
  extractEmbedded: extractZhaopinInitialState,
  // Postings live on www.zhaopin.com/jobdetail/…; keep the link's host when it is the site's.
  canonicalUrl(url) {
    return stripUrl(url, url.hostname.endsWith('zhaopin.com') ? undefined : 'https://www.zhaopin.com');
  },
};
