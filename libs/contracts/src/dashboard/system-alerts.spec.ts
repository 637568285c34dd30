import { failingSites } from './system-alerts';

describe(failingSites.name, () => {
  it('names a site that read fewer than half its pages in the hour, with at least four pages tried', () => {
    expect(
      failingSites([
        { site: 'zhipin', read: 1, failed: 5 },
        { site: 'liepin', read: 2, failed: 2 },
        { site: 'lagou', read: 0, failed: 3 },
        { site: 'job51', read: 0, failed: 0 },
      ]),
    ).toEqual([{ kind: 'crawl_site_failing', site: 'zhipin', readShare: 1 / 6, pages: 6 }]);
  });
});
