import { CrawlerConfigKey, serializeCrawlerConfigValue, type CrawlerConfig } from '@aipm/contracts';
import { type SaveCrawlerConfigDto } from '@aipm/contracts/dto';
import { Injectable } from '@nestjs/common';
import { AdminConfigRepository } from '../common/admin-config/admin-config.repository';

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
  constructor(private readonly config: AdminConfigRepository) {}

  /** The settings the worker reads too (the shared reader), cookies masked. */
  async readMasked(): Promise<CrawlerConfig> {
    return masked(await this.config.crawlerConfig());
  }

  /**
   * Saves the keys sent. A cookie sent back exactly as GET masked it is left alone, so a form that saves
   * every field does not overwrite the real cookie with its mask.
   */
  async save(dto: SaveCrawlerConfigDto): Promise<CrawlerConfig> {
    const current = await this.config.crawlerConfig();
    const changes = Object.entries(dto).filter(([key, value]) => {
      if (value === undefined) return false;
      if ((COOKIE_KEYS as readonly string[]).includes(key)) {
        const stored = current[key as CookieKey];
        return value !== stored && !(stored !== '' && value === maskCookie(stored));
      }
      return true;
    }) as Array<[keyof CrawlerConfig, string | number | boolean]>;
    await this.config.save(changes.map(([key, value]) => [key, serializeCrawlerConfigValue(value)] as const));
    return this.readMasked();
  }
}

function masked(config: CrawlerConfig): CrawlerConfig {
  const copy = { ...config };
  for (const key of COOKIE_KEYS) copy[key] = maskCookie(config[key]);
  return copy;
}
