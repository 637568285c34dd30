import type { SiteSessionStatus } from '@aipm/contracts';
import { CrawlerSiteSession, createDataSourceOptions, SiteSessionSeal } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

const KEY = 'api-site-sessions-key-0123456789abcdef-0';
const contents = { cookies: [{ name: 'wt2', value: 'signed-in', domain: '.zhipin.com', path: '/' }], origins: [] };

/** The sites' signed-in sessions on 爬虫配置 (ADR 070): their state and history, never their contents. */
describe('crawler site sessions API', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    dataSource = await new DataSource(createDataSourceOptions(database.url)).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(11), CRAWLER_SESSION_KEY: KEY }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('lists the five sites: stored with its age and outcomes, missing, and one sealed with another key as unreadable', async () => {
    const sessions = dataSource.getRepository(CrawlerSiteSession);
    const capturedAt = new Date('2026-11-27T08:00:00.000Z');
    await sessions.save({ site: 'zhipin', sealed: new SiteSessionSeal(KEY).seal('zhipin', contents), capturedAt, lastSuccessAt: new Date('2026-11-28T08:00:00.000Z'), lastRefusalAt: new Date('2026-11-28T09:00:00.000Z'), lastRefusal: 'captcha: 您的访问行为异常' });
    await sessions.save({ site: 'liepin', sealed: new SiteSessionSeal('another-key-another-key-another-key-1').seal('liepin', contents), capturedAt, lastSuccessAt: capturedAt });

    const response = await admin.get('/api/admin/crawler/site-sessions').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const bySite = Object.fromEntries((response.body.data as SiteSessionStatus[]).map((entry) => [entry.site, entry]));
    expect(Object.keys(bySite).sort()).toEqual(['job51', 'lagou', 'liepin', 'zhaopin', 'zhipin']);
    expect(bySite.zhipin).toEqual({ site: 'zhipin', state: 'stored', capturedAt: capturedAt.toISOString(), lastSuccessAt: '2026-11-28T08:00:00.000Z', lastRefusalAt: '2026-11-28T09:00:00.000Z', lastRefusal: 'captcha: 您的访问行为异常' });
    expect(bySite.liepin).toEqual({ site: 'liepin', state: 'unreadable', capturedAt: null, lastSuccessAt: null, lastRefusalAt: null, lastRefusal: null });
    expect(bySite.lagou).toMatchObject({ state: 'missing', capturedAt: null });
    expect(JSON.stringify(response.body)).not.toContain('signed-in');
  });

  it('is for the administrator only', async () => {
    expect((await request(app.getHttpServer()).get('/api/admin/crawler/site-sessions').expect(401)).body).toEqual(apiError('UNAUTHORIZED'));
    expect((await request(app.getHttpServer()).delete('/api/admin/crawler/site-sessions/zhipin').expect(401)).body).toEqual(apiError('UNAUTHORIZED'));
  });

  it('deletes a site’s session: answered and audited by site, then listed as missing', async () => {
    const sessions = dataSource.getRepository(CrawlerSiteSession);
    const capturedAt = new Date('2026-11-26T08:00:00.000Z');
    await sessions.save({ site: 'job51', sealed: new SiteSessionSeal(KEY).seal('job51', contents), capturedAt });

    const response = await admin.delete('/api/admin/crawler/site-sessions/job51').expect(200);
    expect(response.body).toEqual({ success: true, data: { site: 'job51', capturedAt: capturedAt.toISOString() } });
    expect(await sessions.findOneBy({ site: 'job51' })).toBeNull();
    const listed = (await admin.get('/api/admin/crawler/site-sessions').expect(200)).body.data as SiteSessionStatus[];
    expect(listed.find((entry) => entry.site === 'job51')).toEqual({ site: 'job51', state: 'missing', capturedAt: null, lastSuccessAt: null, lastRefusalAt: null, lastRefusal: null });

    const [entry] = await dataSource.query(`SELECT action, entity, details FROM audit_log WHERE action = 'settings.crawler.session.delete'`);
    expect(entry).toMatchObject({ action: 'settings.crawler.session.delete', entity: 'crawler_settings', details: { site: 'job51', capturedAt: capturedAt.toISOString() } });
    expect(JSON.stringify(entry)).not.toContain('signed-in');
  });

  it('deletes an unreadable session too (one sealed with another key)', async () => {
    await admin.delete('/api/admin/crawler/site-sessions/liepin').expect(200);
    expect(await dataSource.getRepository(CrawlerSiteSession).findOneBy({ site: 'liepin' })).toBeNull();
  });

  it('answers 404 for a site without a session and 400 for an unknown site, changing nothing', async () => {
    expect((await admin.delete('/api/admin/crawler/site-sessions/lagou').expect(404)).body).toEqual(apiError('SITE_SESSION_NOT_FOUND'));
    expect((await admin.delete('/api/admin/crawler/site-sessions/other').expect(400)).body).toEqual(apiError('INVALID_SESSION_SITE'));
    expect(await dataSource.getRepository(CrawlerSiteSession).findOneBy({ site: 'zhipin' })).not.toBeNull();
  });
});
