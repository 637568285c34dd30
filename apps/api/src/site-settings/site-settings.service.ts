import { parseSiteSettings, SITE_SETTINGS_FIELDS, SITE_SETTINGS_KEYS, type SiteSettings } from '@aipm/contracts';
import { type SaveSiteSettingsDto } from '@aipm/contracts/dto';
import { Injectable } from '@nestjs/common';
import { AdminConfigRepository } from '../common/admin-config/admin-config.repository';
import { InvalidInputError } from '../common/errors/api.error';
import { SiteSettingsChanges } from './site-settings-changes';

export interface StoredSiteSettings {
  settings: SiteSettings;
  /** When a setting last changed; null while every field has its default. */
  updatedAt: string | null;
}

const STORAGE_KEYS = SITE_SETTINGS_FIELDS.map((field) => SITE_SETTINGS_KEYS[field]);

/** Site settings in admin_config (one row per field, the crawler settings' pattern); ADR 025. */
@Injectable()
export class SiteSettingsService {
  constructor(
    private readonly config: AdminConfigRepository,
    private readonly changes: SiteSettingsChanges,
  ) {}

  async read(): Promise<StoredSiteSettings> {
    const rows = await this.config.rowsOf(STORAGE_KEYS);
    const latest = rows.reduce<Date | null>((last, row) => (last === null || row.updatedAt > last ? row.updatedAt : last), null);
    return { settings: parseSiteSettings(rows), updatedAt: latest?.toISOString() ?? null };
  }

  /** Every field in one transaction (the page never shows half a change), then the change is announced. */
  async save(dto: SaveSiteSettingsDto): Promise<StoredSiteSettings> {
    if (dto.feeMax < dto.feeMin) throw InvalidInputError.forField('feeMax', 'FEE_RANGE_INVERTED');
    await this.config.save(SITE_SETTINGS_FIELDS.map((field) => [SITE_SETTINGS_KEYS[field], String(dto[field])] as const));
    const saved = await this.read();
    await this.changes.changed(saved.settings, saved.updatedAt ?? new Date().toISOString());
    return saved;
  }
}
