import type { CrawlerConfig } from '@aipm/contracts';
import { AdminConfig, readCrawlerConfig } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In } from 'typeorm';

/** One stored setting: a key of admin_config, its value as text, and when it last changed. */
export interface SettingRow {
  key: string;
  value: string;
  updatedAt: Date;
}

/**
 * The key/value settings of `admin_config` (ADR 025, ADR 044): one row per field, rows optional (a key without
 * one has its default). The site settings and the crawler settings are both kept here; what each may hold, and
 * its defaults, are their services' and @aipm/contracts' rules.
 */
@Injectable()
export class AdminConfigRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get rows() {
    return this.dataSource.getRepository(AdminConfig);
  }

  /** The stored rows of these keys (a key never saved has none). */
  rowsOf(keys: readonly string[]): Promise<SettingRow[]> {
    return this.rows.findBy({ key: In([...keys]) });
  }

  /** The crawler settings through the reader the worker uses too, so both read the same rows alike. */
  crawlerConfig(): Promise<CrawlerConfig> {
    return readCrawlerConfig(this.rows);
  }

  /** Writes every value in one transaction (a reader never sees half a change); a changed row gets a new `updatedAt`. */
  async save(values: ReadonlyArray<readonly [key: string, value: string]>): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const [key, value] of values) {
        await manager.query(
          `INSERT INTO admin_config (key, value) VALUES ($1, $2)
           ON CONFLICT ON CONSTRAINT "UQ_admin_config_key" DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()`,
          [key, value],
        );
      }
    });
  }
}
