import { parseSiteSettings, SITE_SETTINGS_FIELDS, SITE_SETTINGS_KEYS, type SiteSettings } from '@aipm/contracts';
import { type SaveSiteSettingsDto } from '@aipm/contracts/dto';
import { AdminConfig } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type Repository } from 'typeorm';
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
    @InjectRepository(AdminConfig) private readonly rows: Repository<AdminConfig>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: SiteSettingsChanges,
  ) {}

  async read(): Promise<StoredSiteSettings> {
    const rows = await this.rows.findBy({ key: In(STORAGE_KEYS) });
    const latest = rows.reduce<Date | null>((last, row) => (last === null || row.updatedAt > last ? row.updatedAt : last), null);
    return { settings: parseSiteSettings(rows), updatedAt: latest?.toISOString() ?? null };
  }

  /** Every field in one transaction (the page never shows half a change), then the change is announced. */
  async save(dto: SaveSiteSettingsDto): Promise<StoredSiteSettings> {
    if (dto.feeMax < dto.feeMin) throw InvalidInputError.forField('feeMax', 'FEE_RANGE_INVERTED');
    await this.dataSource.transaction(async (manager) => {
      for (const field of SITE_SETTINGS_FIELDS) {
        await manager.query(
          `INSERT INTO admin_config (key, value) VALUES ($1, $2)
           ON CONFLICT ON CONSTRAINT "UQ_admin_config_key" DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()`,
          [SITE_SETTINGS_KEYS[field], String(dto[field])],
        );
      }
    });
    const saved = await this.read();
    await this.changes.changed(saved.settings, saved.updatedAt ?? new Date().toISOString());
    return saved;
  }
}
