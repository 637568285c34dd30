import 'reflect-metadata';
import { loadedUrl, taskSearchUrls } from '@aipm/contracts';
import { SiteRegistry } from './site-registry';

describe(SiteRegistry.name, () => {
  it('maps real-site URLs to overridden origins and found links back to the real site', () => {
    const registry = SiteRegistry.fromEnv('{"zhipin":"http://127.0.0.1:4010/"}');
    const zhipin = registry.adapter('zhipin');
    const search = zhipin.searchUrl({ keyword: 'AI产品经理', city: '长沙', page: 1 });
    const load = registry.toLoadUrl(zhipin, search);
    expect(load.origin).toBe('http://127.0.0.1:4010');
    expect(load.search).toBe(search.search);
    expect(registry.siteOf(load)?.site).toBe('zhipin');
    expect(registry.canonical(zhipin, new URL('http://127.0.0.1:4010/job_detail/abc.html?lid=1#x'))).toBe('https://www.zhipin.com/job_detail/abc.html');
    expect(registry.configuredOrigins()).toEqual(new Set(['http://127.0.0.1:4010']));
    // Sites without an override keep their real origin.
    const lagou = registry.adapter('lagou');
    expect(registry.toLoadUrl(lagou, lagou.searchUrl({ keyword: 'x', city: '长沙', page: 1 })).origin).toBe('https://www.lagou.com');
  });

  it('tells the heartbeat its rerouted sites, and loads exactly what the task form previews from them', () => {
    const registry = SiteRegistry.fromEnv('{"job51":"http://127.0.0.1:4012/","zhipin":"http://127.0.0.1:4010"}');
    expect(registry.siteOrigins()).toEqual({ job51: 'http://127.0.0.1:4012', zhipin: 'http://127.0.0.1:4010' });
    expect(SiteRegistry.fromEnv(undefined).siteOrigins()).toEqual({});
    // The admin's preview (loadedUrl over the form's search URLs) is the address this worker loads for each of them.
    for (const { site, url } of taskSearchUrls({ keywords: ['AI产品经理'], sites: ['job51', 'zhipin', 'zhaopin'], cities: ['长沙'] })) {
      expect(loadedUrl(url, site, registry.siteOrigins())).toBe(registry.toLoadUrl(registry.adapter(site), new URL(url)).toString());
    }
  });

  it('stands in for another host of a site: its URLs belong to the site and read as the real host’s', () => {
    const registry = SiteRegistry.fromEnv('{"liepin":"http://127.0.0.1:4013","wow.liepin.com":"http://127.0.0.1:4015/"}');
    const gate = new URL('http://127.0.0.1:4015/t1009508/3b8e9c1a.html?from=search');
    expect(registry.siteOf(gate)?.site).toBe('liepin');
    expect(registry.realAddress(gate).toString()).toBe('https://wow.liepin.com/t1009508/3b8e9c1a.html?from=search');
    // The site's own stand-in reads as the site's own host; an address of no stand-in is its own.
    expect(registry.realAddress(new URL('http://127.0.0.1:4013/zhaopin/?key=AI')).toString()).toBe('https://www.liepin.com/zhaopin/?key=AI');
    expect(registry.realAddress(new URL('https://www.lagou.com/wn/jobs')).toString()).toBe('https://www.lagou.com/wn/jobs');
    expect(registry.configuredOrigins()).toEqual(new Set(['http://127.0.0.1:4013', 'http://127.0.0.1:4015']));
    // The heartbeat (and so the task form's preview) names only rerouted sites.
    expect(registry.siteOrigins()).toEqual({ liepin: 'http://127.0.0.1:4013' });
  });

  it('recognises each site by its domains, subdomains included', () => {
    const registry = new SiteRegistry();
    expect(registry.siteOf(new URL('https://api-c.liepin.com/api/x'))?.site).toBe('liepin');
    expect(registry.siteOf(new URL('https://jobs.51job.com/changsha/1.html'))?.site).toBe('job51');
    expect(registry.siteOf(new URL('https://notzhipin.com/'))).toBeUndefined();
  });

  it.each([
    ['{"monster":"http://127.0.0.1:1"}', /unknown site "monster"/],
    ['{"wow.example.com":"http://127.0.0.1:1"}', /"wow.example.com" is neither a site nor a host of one/],
    ['{"wow.liepin.com":"file:///tmp"}', /needs an http\(s\) origin/],
    ['{"zhipin":"ftp://127.0.0.1"}', /needs an http\(s\) origin/],
    ['["zhipin"]', /JSON object/],
  ])('rejects the override %s', (json, message) => {
    expect(() => SiteRegistry.fromEnv(json)).toThrow(message);
  });
});
