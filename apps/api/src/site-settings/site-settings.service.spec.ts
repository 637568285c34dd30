import { SITE_SETTINGS_DEFAULTS, SITE_SETTINGS_KEYS, type SiteSettings } from '@aipm/contracts';
import type { SaveSiteSettingsDto } from '@aipm/contracts/dto';
import type { AdminConfigRepository, SettingRow } from '../common/admin-config/admin-config.repository';
import { InvalidInputError } from '../common/errors/api.error';
import { SiteSettingsChanges } from './site-settings-changes';
import { SiteSettingsService } from './site-settings.service';

/** admin_config in memory: a saved key gets the save's time, as the upsert's `updatedAt = now()`. */
class InMemoryAdminConfig implements Pick<AdminConfigRepository, 'rowsOf' | 'save'> {
  readonly rows = new Map<string, SettingRow>();
  now = new Date('2026-11-24T02:00:00Z');
  saves = 0;

  async rowsOf(keys: readonly string[]) {
    return [...this.rows.values()].filter((row) => keys.includes(row.key));
  }

  async save(values: ReadonlyArray<readonly [string, string]>) {
    this.saves++;
    for (const [key, value] of values) this.rows.set(key, { key, value, updatedAt: this.now });
  }
}

describe(SiteSettingsService.name, () => {
  let config: InMemoryAdminConfig;
  let changes: SiteSettingsChanges;
  let service: SiteSettingsService;
  const dto = (fields: Partial<SiteSettings>): SaveSiteSettingsDto => ({ ...SITE_SETTINGS_DEFAULTS, ...fields }) as SaveSiteSettingsDto;

  beforeEach(() => {
    config = new InMemoryAdminConfig();
    changes = new SiteSettingsChanges();
    service = new SiteSettingsService(config as unknown as AdminConfigRepository, changes);
  });

  it('reads the defaults, with no change time, before anything is saved', async () => {
    expect(await service.read()).toEqual({ settings: SITE_SETTINGS_DEFAULTS, updatedAt: null });
  });

  it('reads the stored fields over the defaults, changed when the latest of them changed', async () => {
    config.rows.set(SITE_SETTINGS_KEYS.feeMin, { key: SITE_SETTINGS_KEYS.feeMin, value: '15000', updatedAt: new Date('2026-11-01T00:00:00Z') });
    config.rows.set(SITE_SETTINGS_KEYS.wechatId, { key: SITE_SETTINGS_KEYS.wechatId, value: 'new-id', updatedAt: new Date('2026-11-20T00:00:00Z') });
    config.rows.set('request_delay', { key: 'request_delay', value: '5000', updatedAt: new Date('2026-11-27T00:00:00Z') });
    expect(await service.read()).toEqual({ settings: { ...SITE_SETTINGS_DEFAULTS, feeMin: 15000, wechatId: 'new-id' }, updatedAt: '2026-11-20T00:00:00.000Z' });
  });

  it('saves every field at once and announces the saved settings with their time', async () => {
    const announced: Array<[SiteSettings, string]> = [];
    changes.subscribe((settings, updatedAt) => void announced.push([settings, updatedAt]));
    const saved = await service.save(dto({ feeMin: 20000, feeMax: 30000 }));
    expect(config.saves).toBe(1);
    expect(config.rows.get(SITE_SETTINGS_KEYS.feeMax)!.value).toBe('30000');
    expect(saved).toEqual({ settings: { ...SITE_SETTINGS_DEFAULTS, feeMin: 20000, feeMax: 30000 }, updatedAt: '2026-11-24T02:00:00.000Z' });
    expect(announced).toEqual([[saved.settings, saved.updatedAt]]);
  });

  it('refuses a fee range whose top is below its bottom, saving and announcing nothing', async () => {
    const announced: SiteSettings[] = [];
    changes.subscribe((settings) => void announced.push(settings));
    await expect(service.save(dto({ feeMin: 30000, feeMax: 20000 }))).rejects.toEqual(InvalidInputError.forField('feeMax', 'FEE_RANGE_INVERTED'));
    expect(config.saves).toBe(0);
    expect(announced).toEqual([]);
  });
});
