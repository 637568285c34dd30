import { type HeroFigures, SITE_SETTINGS_DEFAULTS, type SiteSettings } from '@aipm/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { publicSiteConfig, readSiteConfig } from '../config/site-config.server';

import { forgetSiteSettings, onSiteSettingsChanged, readSiteSettings, SITE_SETTINGS_TTL_MS } from './site-settings.server';

/** A stand-in for the API's public read, answering what the test sets, counting the calls. */
function settingsApi() {
  const state = { data: SITE_SETTINGS_DEFAULTS as SiteSettings, heroFigures: {} as HeroFigures, updatedAt: null as string | null, status: 200, calls: 0 };
  const server: Server = createServer((request, response) => {
    state.calls += 1;
    if (request.url !== '/api/site-settings') return void response.writeHead(404).end();
    response.writeHead(state.status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ success: true, data: state.data, updatedAt: state.updatedAt, heroFigures: state.heroFigures }));
  });
  return {
    state,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(readSiteSettings.name, () => {
  const api = settingsApi();
  let context: { apiUrl: string; requestId: string };

  beforeAll(async () => {
    context = { apiUrl: await api.start(), requestId: 'test' };
  });
  afterAll(() => api.close());
  beforeEach(() => {
    forgetSiteSettings();
    api.state.calls = 0;
    api.state.status = 200;
    api.state.data = SITE_SETTINGS_DEFAULTS;
    api.state.heroFigures = {};
    api.state.updatedAt = null;
  });

  it('asks the API once per few seconds, and sees a change at the first load after that', async () => {
    const changes: Array<string | null> = [];
    const unsubscribe = onSiteSettingsChanged((_settings, updatedAt) => changes.push(updatedAt));
    try {
      expect(await readSiteSettings(context, 1_000)).toEqual({ ...SITE_SETTINGS_DEFAULTS, heroFigures: {} });
      api.state.data = { ...SITE_SETTINGS_DEFAULTS, cohortMonth: '2026-03' };
      api.state.updatedAt = '2026-11-24T08:30:00.000Z';
      // Still fresh: no call, the old settings.
      expect((await readSiteSettings(context, 1_000 + SITE_SETTINGS_TTL_MS - 1)).cohortMonth).toBe('2025-09');
      expect(api.state.calls).toBe(1);
      expect(changes).toEqual([]);

      expect((await readSiteSettings(context, 1_000 + SITE_SETTINGS_TTL_MS)).cohortMonth).toBe('2026-03');
      expect(api.state.calls).toBe(2);
      // The "settings changed" point fired once, with the new version.
      expect(changes).toEqual(['2026-11-24T08:30:00.000Z']);

      await readSiteSettings(context, 1_000 + 2 * SITE_SETTINGS_TTL_MS);
      expect(changes).toHaveLength(1);
    } finally {
      unsubscribe();
    }
  });

  it('sees a change of what the settings say under the same time: the next cohort follows the cohorts', async () => {
    const changes: string[] = [];
    const unsubscribe = onSiteSettingsChanged((settings) => changes.push(`${settings.cohortMonth} ${settings.cohortPart}`));
    try {
      api.state.updatedAt = '2026-11-24T08:30:00.000Z';
      await readSiteSettings(context, 1_000);
      api.state.data = { ...SITE_SETTINGS_DEFAULTS, cohortMonth: '2027-03', cohortPart: 'mid' };
      expect((await readSiteSettings(context, 1_000 + SITE_SETTINGS_TTL_MS)).cohortMonth).toBe('2027-03');
      expect(changes).toEqual(['2027-03 mid']);
    } finally {
      unsubscribe();
    }
  });

  it('sees the measured hero figures change under the same settings: the report moved', async () => {
    const changes: HeroFigures[] = [];
    const unsubscribe = onSiteSettingsChanged((settings) => changes.push(settings.heroFigures));
    try {
      api.state.updatedAt = '2026-11-24T08:30:00.000Z';
      api.state.heroFigures = { students: { count: 11, asOf: '2026-11-29' } };
      expect((await readSiteSettings(context, 1_000)).heroFigures).toEqual({ students: { count: 11, asOf: '2026-11-29' } });
      api.state.heroFigures = { students: { count: 12, asOf: '2026-11-29' } };
      await readSiteSettings(context, 1_000 + SITE_SETTINGS_TTL_MS);
      expect(changes).toEqual([{ students: { count: 12, asOf: '2026-11-29' } }]);
    } finally {
      unsubscribe();
    }
  });

  it('shares one call between concurrent loads', async () => {
    await Promise.all([readSiteSettings(context, 5), readSiteSettings(context, 5), readSiteSettings(context, 5)]);
    expect(api.state.calls).toBe(1);
  });

  it('keeps the last known settings, or the defaults, when the API fails', async () => {
    api.state.status = 503;
    expect(await readSiteSettings(context, 10)).toEqual({ ...SITE_SETTINGS_DEFAULTS, heroFigures: {} });
    api.state.status = 200;
    api.state.data = { ...SITE_SETTINGS_DEFAULTS, wechatId: 'aipm-sales' };
    expect((await readSiteSettings(context, 20)).wechatId).toBe('aipm-sales');
    api.state.status = 503;
    expect((await readSiteSettings(context, 20 + SITE_SETTINGS_TTL_MS)).wechatId).toBe('aipm-sales');
  });
});

describe(publicSiteConfig.name, () => {
  const settings: SiteSettings = { ...SITE_SETTINGS_DEFAULTS, cohortMonth: '2026-03', cohortPart: 'early', feeMin: 21800, feeMax: 31800 };

  it('hands the page its settings ready to show, in its language, with the current year in China', () => {
    const newYearInBeijing = new Date('2030-12-31T16:30:00.000Z');
    expect(publicSiteConfig(readSiteConfig({} as NodeJS.ProcessEnv), settings, 'zh', newYearInBeijing)).toMatchObject({
      cohort: '2026 年 3 月上旬',
      feeMin: '21,800',
      feeMax: '31,800',
      address: SITE_SETTINGS_DEFAULTS.address,
      officeHours: SITE_SETTINGS_DEFAULTS.officeHours,
      salesPhone: SITE_SETTINGS_DEFAULTS.salesPhone,
      salesTel: 'tel:073188886666',
      wechatId: SITE_SETTINGS_DEFAULTS.wechatId,
      year: 2031,
    });
    expect(publicSiteConfig(readSiteConfig({} as NodeJS.ProcessEnv), settings, 'en', newYearInBeijing)).toMatchObject({
      cohort: 'early March 2026',
      address: SITE_SETTINGS_DEFAULTS.addressEn,
      officeHours: SITE_SETTINGS_DEFAULTS.officeHoursEn,
    });
  });

  it('names no past start: a month already gone (no next cohort planned) reads as the placeholder', () => {
    const config = readSiteConfig({} as NodeJS.ProcessEnv);
    // 1 Mar 2026 00:30 in Beijing: March is the current month, February is past.
    const firstOfMarch = new Date('2026-02-28T16:30:00.000Z');
    expect(publicSiteConfig(config, settings, 'zh', firstOfMarch, '近期').cohort).toBe('2026 年 3 月上旬');
    expect(publicSiteConfig(config, { ...settings, cohortMonth: '2026-02', cohortPart: 'late' }, 'zh', firstOfMarch, '近期').cohort).toBe('近期');
    expect(publicSiteConfig(config, SITE_SETTINGS_DEFAULTS, 'en', firstOfMarch, 'the coming months').cohort).toBe('the coming months');
  });
});
