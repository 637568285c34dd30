import { readFileSync } from 'node:fs';
import path from 'node:path';
import { discoverJobCardSelectors } from '../dom/job-card.selectors';
import type { LoadedPage } from '../page.loader';
import { job51Adapter } from '../sites/job51/job51.adapter';
import { lagouAdapter } from '../sites/lagou/lagou.adapter';
import { liepinAdapter } from '../sites/liepin/liepin.adapter';
import type { SiteAdapter } from '../sites/site-adapter';
import { zhaopinAdapter } from '../sites/zhaopin/zhaopin.adapter';
import { zhipinAdapter } from '../sites/zhipin/zhipin.adapter';
import { readPage, type StoredJobCardSelectors } from './page.reader';

const crawlDir = path.join(__dirname, '..');
const siteFixture = (site: string, name: string) => readFileSync(path.join(crawlDir, 'sites', site, 'fixtures', name), 'utf8');
const siteJson = (site: string, name: string): unknown => JSON.parse(siteFixture(site, name));
const domFixture = (name: string) => readFileSync(path.join(crawlDir, 'dom', 'fixtures', name), 'utf8');

/** Selectors learned on one class generation of a card list; the other generation renames every class. */
const learnedOnA = discoverJobCardSelectors(domFixture('renamed-classes-a.html'))!;

/** A search page as the loader hands it over; a page without its own HTML is an empty shell. */
const loaded = (adapter: SiteAdapter, fields: { html?: string; dataBodies?: unknown[]; url?: string } = {}): LoadedPage => ({
  url: new URL(fields.url ?? adapter.searchUrl({ keyword: 'AI产品经理', city: '长沙', page: 1 }).toString()),
  status: 200,
  html: fields.html ?? '<html><head><title>职位搜索</title></head><body><div id="app"></div></body></html>',
  dataBodies: fields.dataBodies ?? [],
  screenshot: async () => null,
});

/** A selector store that records whether the reader asked it. */
const storeOf = (...stored: StoredJobCardSelectors[]) => {
  const store = { asked: 0, read: async () => (store.asked++, stored) };
  return store;
};

describe(readPage.name, () => {
  describe('data endpoint JSON', () => {
    it('reads the job list and its hasMore, without asking for selectors', async () => {
      const store = storeOf();
      const reading = await readPage(zhipinAdapter, loaded(zhipinAdapter, { dataBodies: [siteJson('zhipin', 'joblist.json')], html: domFixture('renamed-classes-a.html') }), store.read);
      expect(reading).toMatchObject({ source: 'json', hasMore: true, lesson: { tried: [], discovered: null } });
      expect('jobs' in reading && reading.jobs.map((job) => job.title)).toHaveLength(5);
      expect(store.asked).toBe(0);
    });

    it.each([
      ['zhipin', 'joblist-code-37.json', 'captcha', zhipinAdapter],
      ['zhipin', 'joblist-login.json', 'login_wall', zhipinAdapter],
      ['job51', 'search-pc-login.json', 'login_wall', job51Adapter],
      ['liepin', 'pc-search-job-login.json', 'login_wall', liepinAdapter],
      ['lagou', 'position-ajax-blocked.json', 'blocked', lagouAdapter],
    ] as const)('reports %s %s as %s, even when the page shows job cards', async (site, name, failure, adapter) => {
      const store = storeOf();
      const reading = await readPage(adapter, loaded(adapter, { dataBodies: [siteJson(site, name)], html: domFixture('renamed-classes-a.html') }), store.read);
      expect(reading).toMatchObject({ failure, source: 'json', message: expect.stringContaining(site === 'job51' ? '51job' : site) });
      expect(store.asked).toBe(0);
    });

    it('lets a failure in any body win over a list in another', async () => {
      const bodies = [siteJson('zhipin', 'joblist.json'), siteJson('zhipin', 'joblist-login.json')];
      expect(await readPage(zhipinAdapter, loaded(zhipinAdapter, { dataBodies: bodies }), storeOf().read)).toMatchObject({ failure: 'login_wall', source: 'json' });
    });

    it('counts a well-formed empty list as data, not as a page without jobs', async () => {
      const empty = { code: 0, message: 'Success', zpData: { jobList: [], hasMore: false } };
      const reading = await readPage(zhipinAdapter, loaded(zhipinAdapter, { dataBodies: [empty], html: '<html><body><p>请先登录</p></body></html>' }), storeOf().read);
      expect(reading).toMatchObject({ jobs: [], source: 'json', hasMore: false });
    });

    it('passes over bodies of another shape', async () => {
      const reading = await readPage(job51Adapter, loaded(job51Adapter, { dataBodies: [{ unrelated: true }, siteJson('job51', 'search-pc.json')] }), storeOf().read);
      expect(reading).toMatchObject({ source: 'json' });
      expect('jobs' in reading && reading.jobs.length).toBeGreaterThan(0);
    });
  });

  describe('embedded state', () => {
    it.each([
      ['zhaopin', zhaopinAdapter],
      ['lagou', lagouAdapter],
    ] as const)('reads %s state embedded in the HTML when no data body came', async (site, adapter) => {
      const store = storeOf();
      const reading = await readPage(adapter, loaded(adapter, { html: siteFixture(site, 'search.html') }), store.read);
      expect(reading).toMatchObject({ source: 'embedded', lesson: { tried: [], discovered: null } });
      expect('jobs' in reading && reading.jobs).toHaveLength(5);
      expect(store.asked).toBe(0);
    });
  });

  describe('DOM job cards', () => {
    it('discovers the cards when nothing is stored, and hands the new selectors back', async () => {
      const store = storeOf();
      const reading = await readPage(zhipinAdapter, loaded(zhipinAdapter, { html: domFixture('renamed-classes-a.html') }), store.read);
      expect(reading).toMatchObject({ source: 'dom', hasMore: undefined, lesson: { tried: [], discovered: learnedOnA } });
      expect('jobs' in reading && reading.jobs.map((job) => job.title)).toEqual(expect.arrayContaining(['AI产品经理', '大模型产品经理']));
      expect(store.asked).toBe(1);
    });

    it('reads with stored selectors that still fit, learning nothing new', async () => {
      const reading = await readPage(zhipinAdapter, loaded(zhipinAdapter, { html: domFixture('renamed-classes-a.html') }), storeOf({ id: 'kept', selectors: learnedOnA }).read);
      expect(reading).toMatchObject({ source: 'dom', lesson: { tried: [{ id: 'kept', success: true }], discovered: null } });
      expect('jobs' in reading && reading.jobs).toHaveLength(5);
    });

    it('stops at the first stored set that reads the page', async () => {
      const stored = [
        { id: 'unreadable', selectors: null },
        { id: 'kept', selectors: learnedOnA },
        { id: 'never-tried', selectors: learnedOnA },
      ];
      const reading = await readPage(zhipinAdapter, loaded(zhipinAdapter, { html: domFixture('renamed-classes-a.html') }), storeOf(...stored).read);
      expect(reading.lesson.tried).toEqual([
        { id: 'unreadable', success: false },
        { id: 'kept', success: true },
      ]);
    });

    it('counts stale stored selectors as failed and rediscovers the renamed cards', async () => {
      const reading = await readPage(zhipinAdapter, loaded(zhipinAdapter, { html: domFixture('renamed-classes-b.html') }), storeOf({ id: 'stale', selectors: learnedOnA }).read);
      expect(reading).toMatchObject({ source: 'dom', lesson: { tried: [{ id: 'stale', success: false }] } });
      expect(reading.lesson.discovered?.card).not.toBe(learnedOnA.card);
      expect(reading.lesson.discovered?.fingerprint).toBe(learnedOnA.fingerprint);
      expect('jobs' in reading && reading.jobs).toHaveLength(5);
    });
  });

  describe('a page without jobs', () => {
    it.each([
      ['a captcha page', 'https://www.zhipin.com/web/geek/job?query=AI', '<html><body><a href="/login">登录</a><p>请完成验证后继续访问</p></body></html>', 'captcha'],
      ['a block page', 'https://www.zhipin.com/web/geek/job?query=AI', '<html><body><p>您的访问行为异常，访问过于频繁</p></body></html>', 'blocked'],
      ['a login redirect', 'https://www.zhipin.com/web/user/?ka=header-login', '<html><body><h1>BOSS直聘</h1></body></html>', 'login_wall'],
    ])('recognises %s, keeping the failed selectors in the lesson', async (_case, url, html, failure) => {
      const reading = await readPage(zhipinAdapter, loaded(zhipinAdapter, { url, html }), storeOf({ id: 'stale', selectors: learnedOnA }).read);
      expect(reading).toEqual({
        failure,
        source: null,
        // The site's own words or address follow, so the operator reads why without opening the snapshot.
        message: expect.stringMatching(new RegExp(`^${failure.replace('_', ' ')} at ${url.replace(/[?.]/g, '\\$&')}: .{4,}`)),
        lesson: { tried: [{ id: 'stale', success: false }], discovered: null },
      });
    });

    it('answers no_data for a page it cannot explain', async () => {
      const page = loaded(zhipinAdapter, { html: '<html><body><header><a href="/login">登录</a></header><ul><li>没有找到相关职位</li></ul></body></html>' });
      expect(await readPage(zhipinAdapter, page, storeOf().read)).toEqual({
        failure: 'no_data',
        source: null,
        message: `no job data, no recognisable job list at ${page.url}`,
        lesson: { tried: [], discovered: null },
      });
    });
  });
});
