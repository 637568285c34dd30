import { CRAWLER_CONFIG_KEYS, type CrawlerConfig, parseCrawlerConfig } from '@aipm/contracts';
import { AdminConfig } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';

/** The crawler settings of admin_config, read at the start of every crawl job (the admin may change them). */
@Injectable()
export class CrawlerConfigService {
  constructor(@InjectRepository(AdminConfig) private readonly rows: Repository<AdminConfig>) {}

  async read(): Promise<CrawlerConfig> {
    const stored = await this.rows.find({ where: { key: In([...CRAWLER_CONFIG_KEYS]) } });
    return parseCrawlerConfig(stored);
  }
}
