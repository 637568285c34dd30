import { CrawlerConfigKey, serializeCrawlerConfigValue, type CrawlerConfig } from '@aipm/contracts';
import { type SaveCrawlerConfigDto } from '@aipm/contracts/dto';
import { AdminConfig, readCrawlerConfig } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';

const COOKIE_KEYS = [
  CrawlerConfigKey.ZhaopinCookie,
  CrawlerConfigKey.BossCookie,
  CrawlerConfigKey.Job51Cookie,
  CrawlerConfigKey.LiepinCookie,
  CrawlerConfigKey.LagouCookie,
] as const;
type CookieKey = (typeof COOKIE_KEYS)[number];

/** A cookie as the admin sees it: its first and last four characters, never the whole session. */
function maskCookie(value: string): string {
  if (value === '') return '';
  if (value.length <= 12) return '********';
  return `${value.slice(0, 4)}********${value.slice(-4)}`;
}

@Injectable()
export class CrawlerConfigService {
  constructor(
    @InjectRepository(AdminConfig) private readonly settings: Repository<AdminConfig>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The settings the worker reads too (the shared reader), cookies masked. */
  async readMasked(): Promise<CrawlerConfig> {
    return masked(await readCrawlerConfig(this.settings));
  }

  /**
   * Saves the keys sent. A cookie sent back exactly as GET masked it is left alone, so a form that saves
   * every field does not overwrite the real cookie with its mask.
   */
  async save(dto: SaveCrawlerConfigDto): Promise<CrawlerConfig> {
    const current = await readCrawlerConfig(this.settings);
    const changes = Object.entries(dto).filter(([key, value]) => {
      if (value === undefined) return false;
      if ((COOKIE_KEYS as readonly string[]).includes(key)) {
        const stored = current[key as CookieKey];
        return value !== stored && !(stored !== '' && value === maskCookie(stored));
      }
      return true;
    }) as Array<[keyof CrawlerConfig, string | number | boolean]>;
    await this.dataSource.transaction(async (manager) => {
      for (const [key, value] of changes) {
        await manager.query(
          `INSERT INTO admin_config (key, value) VALUES ($1, $2)
           ON CONFLICT ON CONSTRAINT "UQ_admin_config_key" DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()`,
          [key, serializeCrawlerConfigValue(value)],
        );
      }
    });
    return this.readMasked();
  }
}

function masked(config: CrawlerConfig): CrawlerConfig {
  const copy = { ...config };
  for (const key of COOKIE_KEYS) copy[key] = maskCookie(config[key]);
  return copy;
}
