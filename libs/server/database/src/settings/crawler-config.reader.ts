import { CRAWLER_CONFIG_KEYS, parseCrawlerConfig, type CrawlerConfig } from '@aipm/contracts';
import { In, type Repository } from 'typeorm';
import type { AdminConfig } from './admin-config.entity';

/**
 * The crawler settings as stored in admin_config, with the defaults of docs/product/crawler.md#crawler-settings
 * for keys that have no row. The one reader of them: the API shows and saves against what it returns, and every
 * crawl and crawler test in the worker starts from it, so the two can never read the same rows differently.
 */
export async function readCrawlerConfig(settings: Repository<AdminConfig>): Promise<CrawlerConfig> {
  return parseCrawlerConfig(await settings.findBy({ key: In([...CRAWLER_CONFIG_KEYS]) }));
}
